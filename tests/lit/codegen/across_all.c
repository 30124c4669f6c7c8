// RUN: %cdvmh %s -o - | grep -v "^// " | FileCheck %s
// RUN: %cdvmh --remarks %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// Every dimension dependent: the threads pipeline the nest, each a block of
// dimension 2 (j), rows of dimension 1 (i) in order, waiting for the
// neighbouring blocks (dvmh_pipe_*).
#pragma dvm array distribute[block][block]
double A[8][8];
void f(void)
{
    int i, j;
// CHECK: long dvmh_row = 0;
// CHECK-NEXT: for (int i = dvmh_lo0; i <= dvmh_hi0; i++)
// CHECK-NEXT: {
// CHECK-NEXT: dvmh_pipe_wait(dvmh_PP, dvmh_me, dvmh_row);
// CHECK-NEXT: DVMH_NO_UNROLL
// CHECK-NEXT: for (int j = dvmh_lo1; j <= dvmh_hi1; j++)
// CHECK: A[i][j] = (A[i - 1][j]
// CHECK-NEXT: dvmh_pipe_done(dvmh_PP, dvmh_me, ++dvmh_row);
// CHECK-NEXT: }
// CHECK: static void dvmh_loop_across_all_[[L:[0-9]+]]_team(dvmh_piece *dvmh_P, const int dvmh_t, const int dvmh_n)
// CHECK: dvmh_pipe_block(dvmh_P, dvmh_t, &dvmh_blo, &dvmh_bhi);
// CHECK-NEXT: _nest(dvmh_P->lo[0], dvmh_P->hi[0], dvmh_P->step[0], dvmh_blo, dvmh_bhi, dvmh_P->step[1], dvmh_P, dvmh_t,
// CHECK: static void dvmh_loop_across_all_[[L]](dvmh_piece *dvmh_P)
// CHECK-NEXT: {
// CHECK-NEXT: dvmh_pipe_run(dvmh_P, dvmh_loop_across_all_[[L]]_team);
// CHECK: dvmh_loop_across(dvmh_L, 0, (dvmh_idx[]){(1), (1)}, (dvmh_idx[]){(1), (1)}, 0);
// REMARK: across_all.c:[[@LINE+2]]:{{[0-9]+}}: remark: parallel loop: host handler 'dvmh_loop_across_all_[[@LINE+2]]' generated; threads pipelined along dimension 2 (every dimension carries a dependency)
#pragma dvm parallel([i][j] on A[i][j]) across(A[1:1][1:1])
    for (i = 1; i < 7; i++)
        for (j = 1; j < 7; j++)
            A[i][j] = (A[i - 1][j] + A[i][j - 1] + A[i + 1][j] + A[i][j + 1]) / 4;
}
