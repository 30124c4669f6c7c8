// RUN: %cdvmh %s -o - | grep -v "^// " | FileCheck %s
// Diagonal references against the loop order (A[i-1][j+1], A[i+1][j-1]) mark
// the across array skewed; references along the dimensions (B) do not.
#pragma dvm array distribute[block][block]
double A[8][8];
#pragma dvm array align([i][j] with A[i][j])
double B[8][8];
void f(void)
{
    int i, j;
// CHECK: dvmh_loop_across(dvmh_L, 0, (dvmh_idx[]){(1), (1)}, (dvmh_idx[]){(1), (1)}, 0);
// CHECK-NEXT: dvmh_loop_across_skewed(dvmh_L, 0);
#pragma dvm parallel([i][j] on A[i][j]) across(A[1:1][1:1])
    for (i = 1; i < 7; i++)
        for (j = 1; j < 7; j++)
            A[i][j] = (A[i - 1][j + 1] + A[i][j - 1] + A[i + 1][j - 1]) / 3;
// CHECK: dvmh_loop_across(dvmh_L, 0, (dvmh_idx[]){(1), (1)}, (dvmh_idx[]){(1), (1)}, 0);
// CHECK-NOT: dvmh_loop_across_skewed(dvmh_L
// CHECK: dvmh_loop_run
#pragma dvm parallel([i][j] on B[i][j]) across(B[1:1][1:1])
    for (i = 1; i < 7; i++)
        for (j = 1; j < 7; j++)
            B[i][j] = (B[i - 1][j - 1] + B[i - 1][j] + B[i][j - 1] + B[i + 1][j + 1]) / 4;
}
// A subscript that is not 'loop variable + constant' may reach anywhere.
void g(int k)
{
    int i, j;
// CHECK: dvmh_loop_across(dvmh_L, 0, (dvmh_idx[]){(1), (1)}, (dvmh_idx[]){(0), (0)}, 0);
// CHECK-NEXT: dvmh_loop_across_skewed(dvmh_L, 0);
#pragma dvm parallel([i][j] on A[i][j]) across(A[1:0][1:0])
    for (i = 1; i < 7; i++)
        for (j = 1; j < 7; j++)
            A[i][j] = A[i - 1][j] + A[i][j - 1] + A[k][j];
}
// The offsets count in the loop's direction: with j downwards B[i-1][j-1]
// is a diagonal against the order, and with both loops downwards
// B[i+1][j+1] is not.
void h(void)
{
    int i, j;
// CHECK: dvmh_loop_across(dvmh_L, 0, (dvmh_idx[]){(1), (1)}, (dvmh_idx[]){(1), (1)}, 0);
// CHECK-NEXT: dvmh_loop_across_skewed(dvmh_L, 0);
#pragma dvm parallel([i][j] on B[i][j]) across(B[1:1][1:1])
    for (i = 1; i < 7; i++)
        for (j = 6; j >= 1; j--)
            B[i][j] = (B[i - 1][j - 1] + B[i + 1][j + 1]) / 2;
// CHECK: dvmh_loop_across(dvmh_L, 0, (dvmh_idx[]){(1), (1)}, (dvmh_idx[]){(1), (1)}, 0);
// CHECK-NOT: dvmh_loop_across_skewed(dvmh_L
// CHECK: dvmh_loop_run
#pragma dvm parallel([i][j] on B[i][j]) across(B[1:1][1:1])
    for (i = 6; i >= 1; i--)
        for (j = 6; j >= 1; j--)
            B[i][j] = (B[i + 1][j + 1] + B[i - 1][j - 1]) / 2;
}
