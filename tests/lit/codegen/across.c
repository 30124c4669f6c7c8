// RUN: %cdvmh %s -o - | grep -v "^// " | FileCheck %s
// across: the dependent dimension is not work-shared; widths reach the runtime.
// The threads share dimension 1 in blocks (no '#pragma omp for': its set-up
// per row of dimension 0) and meet after each row unless the team is one.
#pragma dvm array distribute[block][block]
double A[8][8];
void f(void)
{
    int i, j;
// CHECK: static void dvmh_loop_across_{{[0-9]+}}_nest
// CHECK: const int dvmh_nt,
// CHECK: for (int i = dvmh_lo0; i <= dvmh_hi0; i++)
// CHECK-NEXT: {
// CHECK-NEXT: DVMH_NO_UNROLL
// CHECK-NEXT: for (int j = dvmh_lo1; j <= dvmh_hi1; j++)
// CHECK-NOT: omp for
// CHECK: A[i][j] = (A[i - 1][j] + A[i + 1][j]) / 2;
// CHECK-NEXT: if (dvmh_nt > 1) {
// CHECK-NEXT: #pragma omp barrier
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK: static void dvmh_loop_across_[[L:[0-9]+]]_team(dvmh_piece *dvmh_P, const int dvmh_t, const int dvmh_n)
// CHECK-NEXT: {
// CHECK-NEXT: dvmh_idx dvmh_tlo, dvmh_thi;
// CHECK-NEXT: dvmh_thread_block(dvmh_P, 1, dvmh_t, dvmh_n, &dvmh_tlo, &dvmh_thi);
// CHECK-NEXT: dvmh_loop_across_[[L]]_nest(dvmh_P->lo[0], dvmh_P->hi[0], dvmh_P->step[0], dvmh_tlo, dvmh_thi, dvmh_P->step[1], dvmh_n,
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
