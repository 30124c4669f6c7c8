// RUN: %cdvmh %s -o %t.c --cuda-out %t.cu
// RUN: FileCheck %s --input-file %t.cu
// RUN: grep -v "^// " %t.c | FileCheck %s --check-prefix=HOST
// An across loop becomes a wavefront: step t runs the points with
// w0*i' + j' == t, where w0 exceeds every dependence distance along j, so
// each point runs after everything it reads.
#pragma dvm array distribute[block][block]
double A[8][8];
void f(void)
{
    int i, j;
#pragma dvm parallel([i][j] on A[i][j]) across(A[1:1][1:1])
    for (i = 1; i < 7; i++)
        for (j = 1; j < 7; j++)
            A[i][j] = (A[i - 1][j] + A[i + 1][j] + A[i][j - 1] + A[i][j + 1]) / 4;
}
// only the points of step t's hyperplane get threads along i: dvmh_cnt of
// them from dvmh_from
// CHECK: const dvmh_idx dvmh_t, const dvmh_idx dvmh_w0, const dvmh_idx dvmh_from, const dvmh_idx dvmh_cnt)
// CHECK: const dvmh_I dvmh_c0 = (dvmh_I)dvmh_cnt;
// CHECK-NEXT: const dvmh_I dvmh_nx = dvmh_c0;
// CHECK: const dvmh_I dvmh_i0 = dvmh_x + dvmh_from;
// CHECK: const dvmh_idx dvmh_i1 = dvmh_t - dvmh_w0 * dvmh_i0;
// CHECK-NEXT: if (dvmh_i1 < 0 || dvmh_i1 >= dvmh_n1)
// CHECK-NEXT: continue;
// HOST: const dvmh_idx dvmh_w1 = 1;
// HOST: const dvmh_idx dvmh_w0 = 1 + dvmh_w1 * (dvmh_max((1), (1)));
// HOST-NEXT: dvmh_last += dvmh_w0 * (dvmh_n[0] - 1);
// HOST-NEXT: const dvmh_idx dvmh_rest = dvmh_last - dvmh_w0 * (dvmh_n[0] - 1);
// a wavefront: smaller blocks
// HOST: dvmh_cuda_config(dvmh_P, &dvmh_cuda_module_across, dvmh_kernel, 1, dvmh_count,
// a wavefront: every instance in 64 bits
// HOST: const int dvmh_covered = dvmh_cuda_covered(dvmh_count, dvmh_block, dvmh_grid);
// every step up to the last hyperplane, each with the grid of its points
// HOST: for (dvmh_t = 0; dvmh_t <= dvmh_last; dvmh_t++) {
// HOST-NEXT: dvmh_from = dvmh_t <= dvmh_rest ? 0 : (dvmh_t - dvmh_rest + dvmh_w0 - 1) / dvmh_w0;
// HOST-NEXT: dvmh_cnt = dvmh_t / dvmh_w0 < dvmh_n[0] - 1 ? dvmh_t / dvmh_w0 : dvmh_n[0] - 1;
// HOST-NEXT: dvmh_cnt -= dvmh_from - 1;
// HOST: const dvmh_idx dvmh_tcount[3] = {dvmh_cnt, 1, 1};
// HOST: dvmh_cuda_step_grid(dvmh_tcount, dvmh_block, dvmh_grid, dvmh_tgrid);
// HOST: dvmh_cuda_launch(dvmh_P, &dvmh_cuda_module_across, dvmh_kernel, dvmh_tgrid, dvmh_block,
// across(B) without widths: B's shadow widths, which the runtime gives the
// launcher (data 0 along its dimension 1)
#pragma dvm array distribute[block][block], shadow[1:1][2:0]
double B[8][8];
void g(void)
{
    int i, j;
#pragma dvm parallel([i][j] on B[i][j]) across(B)
    for (i = 1; i < 7; i++)
        for (j = 2; j < 7; j++)
            B[i][j] = (B[i - 1][j] + B[i + 1][j] + B[i][j - 2] + B[i - 1][j - 1]) / 4;
}
// CHECK: void dvmh_loop_across_{{[0-9]+}}_body(
// HOST: static void dvmh_loop_across_{{[0-9]+}}_cuda(dvmh_piece *dvmh_P)
// HOST: const dvmh_idx dvmh_w1 = 1;
// HOST: const dvmh_idx dvmh_w0 = 1 + dvmh_w1 * (dvmh_loop_across_width(dvmh_P, 0, 1));
