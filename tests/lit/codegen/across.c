// RUN: %cdvmh %s -o - | grep -v "^// " | FileCheck %s
// across: the dependent dimension is not work-shared; widths reach the runtime.
// The threads share dimension 1 in blocks (no '#pragma omp for': its set-up
// per row of dimension 0). Where each j touches elements of its own of every
// array the loop writes, the threads never wait for each other; otherwise
// they meet after each row unless the team is one.
#pragma dvm array distribute[block][block]
double A[8][8];
#pragma dvm array align([i][j] with A[i][j])
double B[8][8];
double g(double (*a)[8], int j);
void f(void)
{
    int i, j;
// CHECK: static void dvmh_loop_across_{{[0-9]+}}_nest
// CHECK-NOT: dvmh_nt
// CHECK: for (int i = dvmh_lo0; i <= dvmh_hi0; i++)
// CHECK-NEXT: for (int j = dvmh_lo1; j <= dvmh_hi1; j++)
// CHECK-NEXT: DVMH_NO_UNROLL
// CHECK-NEXT: for (int k = dvmh_lo2; k <= dvmh_hi2; k++)
// CHECK-NOT: omp
// CHECK: A[i][j] = (A[i - 1][j] + A[i + 1][j]) / 2 + B[i][j + 1];
// CHECK-NEXT: }
// CHECK: static void dvmh_loop_across_[[L:[0-9]+]]_team(dvmh_piece *dvmh_P, const int dvmh_t, const int dvmh_n)
// CHECK-NEXT: {
// CHECK-NEXT: dvmh_idx dvmh_tlo, dvmh_thi;
// CHECK-NEXT: while (dvmh_thread_next(dvmh_P, 1, dvmh_t, dvmh_n, &dvmh_tlo, &dvmh_thi))
// CHECK-NEXT: dvmh_loop_across_[[L]]_nest(dvmh_P->lo[0], dvmh_P->hi[0], dvmh_P->step[0], dvmh_tlo, dvmh_thi, dvmh_P->step[1], dvmh_P->lo[2],
// CHECK: static void dvmh_loop_across_[[L]](dvmh_piece *dvmh_P)
// CHECK-NEXT: {
// CHECK-NEXT: dvmh_team_run(dvmh_P, dvmh_loop_across_[[L]]_team);
// (B is only read: its neighbour along j does not matter; a third
// dimension keeps the nest's j loop an outer one)
#pragma dvm parallel([i][j][k] on A[i][j]) across(A[1:1][0:0]) stage(4)
    for (i = 1; i < 7; i++)
        for (j = 1; j < 7; j++)
            for (int k = 0; k < 1; k++)
                A[i][j] = (A[i - 1][j] + A[i + 1][j]) / 2 + B[i][j + 1];

// The written array is read at j + 1, another thread's element: barrier.
// CHECK: static void dvmh_loop_across_{{[0-9]+}}_nest
// CHECK: const int dvmh_nt,
// CHECK: for (int i = dvmh_lo0; i <= dvmh_hi0; i++)
// CHECK-NEXT: {
// CHECK-NEXT: DVMH_NO_UNROLL
// CHECK-NEXT: for (int j = dvmh_lo1; j <= dvmh_hi1; j++)
// CHECK: A[i][j] = (A[i - 1][j + 1] + A[i + 1][j]) / 2;
// CHECK-NEXT: if (dvmh_nt > 1) {
// CHECK-NEXT: #pragma omp barrier
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK: dvmh_thread_block(dvmh_P, 1, dvmh_t, dvmh_n, &dvmh_tlo, &dvmh_thi);
// CHECK-NEXT: dvmh_loop_across_{{[0-9]+}}_nest(dvmh_P->lo[0], dvmh_P->hi[0], dvmh_P->step[0], dvmh_tlo, dvmh_thi, dvmh_P->step[1], dvmh_n,
#pragma dvm parallel([i][j] on A[i][j]) across(A[1:1][0:0])
    for (i = 1; i < 7; i++)
        for (j = 1; j < 7; j++)
            A[i][j] = (A[i - 1][j + 1] + A[i + 1][j]) / 2;

// B is written at [i][j] and [j][i]: no dimension is j in every reference.
// CHECK: static void dvmh_loop_across_{{[0-9]+}}_nest
// CHECK: const int dvmh_nt,
// CHECK: #pragma omp barrier
#pragma dvm parallel([i][j] on A[i][j]) across(A[1:1][0:0])
    for (i = 1; i < 7; i++)
        for (j = 1; j < 7; j++) {
            A[i][j] = A[i - 1][j] + B[j][i];
            B[i][j] = A[i][j];
        }

// A written array passed whole to a function: the walk cannot tell.
// CHECK: static void dvmh_loop_across_{{[0-9]+}}_nest
// CHECK: const int dvmh_nt,
// CHECK: #pragma omp barrier
#pragma dvm parallel([i][j] on A[i][j]) across(A[1:1][0:0])
    for (i = 1; i < 7; i++)
        for (j = 1; j < 7; j++)
            A[i][j] = A[i - 1][j] + g(A, j);
// (the handlers stand before the function, the calls in it)
// CHECK: dvmh_loop_across(dvmh_L, 0, (dvmh_idx[]){(1), (0)}, (dvmh_idx[]){(1), (0)}, 0);
// CHECK: dvmh_loop_stage(dvmh_L, 4);
}
