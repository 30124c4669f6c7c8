// RUN: %cdvmh %s -o - | grep -v "^// " | FileCheck %s
// across: the dependent dimension is not work-shared; widths reach the runtime.
#pragma dvm array distribute[block][block]
double A[8][8];
void f(void)
{
    int i, j;
// CHECK: static void dvmh_loop_across_{{[0-9]+}}_nest
// CHECK: for (int i = dvmh_lo0; i <= dvmh_hi0; i++)
// CHECK-NEXT: #pragma omp for schedule(static){{$}}
// CHECK-NEXT: for (int j = dvmh_lo1; j <= dvmh_hi1; j++)
// CHECK: static void dvmh_loop_across_[[L:[0-9]+]]_team(dvmh_piece *dvmh_P, const int dvmh_t, const int dvmh_n)
// CHECK-NEXT: {
// CHECK-NEXT: (void)dvmh_n;
// CHECK: static void dvmh_loop_across_[[L]](dvmh_piece *dvmh_P)
// CHECK-NEXT: {
// CHECK-NEXT: dvmh_team_run(dvmh_P, dvmh_loop_across_[[L]]_team);
// CHECK: dvmh_loop_across(dvmh_L, 0, (dvmh_idx[]){(1), (0)}, (dvmh_idx[]){(1), (0)}, 0);
// CHECK: dvmh_loop_stage(dvmh_L, 4);
#pragma dvm parallel([i][j] on A[i][j]) across(A[1:1][0:0]) stage(4)
    for (i = 1; i < 7; i++)
        for (j = 1; j < 7; j++)
            A[i][j] = (A[i - 1][j] + A[i + 1][j]) / 2;
}
