// RUN: %cdvmh %s -o - | grep -v "^// " | FileCheck %s
// across on ordinary data: the runtime keeps no widths for it, so the
// rewriter gives them per loop dimension (dvmh_loop_across_dims), through
// 'tie' or the references, with whether the references reach diagonally
// against the loop order; the host's threads then pipeline the loop.
double A[8][8], B[8][8], E[8][8];
int map(int);
void f(void)
{
    int i, j;
// CHECK: dvmh_loop_across(dvmh_L, 0, (dvmh_idx[]){(1), (1)}, (dvmh_idx[]){(1), (1)}, 0);
// CHECK-NEXT: dvmh_loop_across_dims(dvmh_L, 0, (dvmh_idx[]){dvmh_max((1), (1)), dvmh_max((1), (1))}, 1);
#pragma dvm parallel([i][j]) tie(A[i][j]) across(A[1:1][1:1])
    for (i = 1; i < 7; i++)
        for (j = 1; j < 7; j++)
            A[i][j] = A[i - 1][j + 1] + A[i][j - 1];
// tie with the dimensions swapped: B's first dimension goes with j
// CHECK: dvmh_loop_across(dvmh_L, 0, (dvmh_idx[]){(2), (0)}, (dvmh_idx[]){(0), (1)}, 0);
// CHECK-NEXT: dvmh_loop_across_dims(dvmh_L, 0, (dvmh_idx[]){dvmh_max((0), (1)), dvmh_max((2), (0))}, 0);
#pragma dvm parallel([i][j]) tie(B[j][i]) across(B[2:0][0:1])
    for (i = 1; i < 7; i++)
        for (j = 2; j < 8; j++)
            B[j][i] = B[j - 2][i] + B[j][i + 1];
// a reversed tie (DVM's '-i', as SAPFOR writes it for descending loops)
// CHECK: dvmh_loop_across(dvmh_L, 0, (dvmh_idx[]){(1), (0)}, (dvmh_idx[]){(0), (1)}, 0);
// CHECK-NEXT: dvmh_loop_across_dims(dvmh_L, 0, (dvmh_idx[]){dvmh_max((1), (0)), dvmh_max((0), (1))}, 0);
#pragma dvm parallel([i][j]) tie(A[-i][j]) across(A[1:0][0:1])
    for (i = 6; i >= 1; i--)
        for (j = 1; j < 7; j++)
            A[i][j] = A[i - 1][j] + A[i][j + 1];
// the references give the mapping
// CHECK: dvmh_loop_across(dvmh_L, 0, (dvmh_idx[]){(1), (1)}, (dvmh_idx[]){(1), (1)}, 0);
// CHECK-NEXT: dvmh_loop_across_dims(dvmh_L, 0, (dvmh_idx[]){dvmh_max((1), (1)), dvmh_max((1), (1))}, 0);
#pragma dvm parallel([i][j]) across(E[1:1][1:1])
    for (i = 1; i < 7; i++)
        for (j = 1; j < 7; j++)
            E[i][j] = E[i - 1][j] + E[i][j + 1];
// no mapping (a subscript that is not 'variable + constant'): no widths,
// the runtime runs the loop on one thread
// CHECK: dvmh_loop_across(dvmh_L, 0, (dvmh_idx[]){(1), (1)}, (dvmh_idx[]){(1), (1)}, 0);
// CHECK-NOT: dvmh_loop_across_dims
// CHECK: dvmh_loop_run(dvmh_L);
#pragma dvm parallel([i][j]) across(E[1:1][1:1])
    for (i = 1; i < 7; i++)
        for (j = 1; j < 7; j++)
            E[i][j] = E[i - 1][j] + E[map(i)][j];
}
