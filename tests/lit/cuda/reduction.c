// RUN: %cdvmh %s -o %t.c --cuda-out %t.cu
// RUN: FileCheck %s --input-file %t.cu
// RUN: grep -v "^// " %t.c | FileCheck %s --check-prefix=HOST
// Reductions: each thread's copy starts at the identity the runtime gives,
// blocks combine in shared memory, one more kernel combines the blocks
// (a floating sum, maxloc), or each block combines its result atomically
// (a floating max), the launcher reports the piece's result.
double a[100];
void f(void)
{
    int i, loc[1];
    double s = 0, m = -1, mx = -1;
#pragma dvm parallel([i]) reduction(sum(s), max(m), maxloc(mx, loc, 1))
    for (i = 0; i < 100; i++) {
        s += a[i];
        if (a[i] > m) m = a[i];
        if (a[i] > mx) { mx = a[i]; loc[0] = i; }
    }
}
// CHECK: const dvmh_vals<double, 1> dvmh_init0, double *const dvmh_part0, char *const dvmh_partloc0,
// CHECK-NEXT: const dvmh_vals<double, 1> dvmh_init1, double *const dvmh_part1, char *const dvmh_partloc1,
// CHECK-NEXT: const dvmh_vals<double, 1> dvmh_init2, double *const dvmh_part2,
// CHECK-NEXT: const dvmh_vals<int, 1> dvmh_initloc2, int *const dvmh_partloc2)
// CHECK: double s;
// CHECK-NEXT: memcpy(&s, &dvmh_init0, sizeof(s));
// CHECK: int loc[1];
// CHECK-NEXT: memcpy(&loc, &dvmh_initloc2, sizeof(loc));
// CHECK: dvmh_block_reduce<DVMH_RED_SUM, double, 1, char, 0>(&s, (const char *)0, dvmh_part0, dvmh_partloc0);
// CHECK-NEXT: dvmh_block_reduce_atomic<DVMH_RED_MAX, double, 1>(&m, dvmh_part1);
// CHECK-NEXT: dvmh_block_reduce<DVMH_RED_MAXLOC, double, 1, int, 1>(&mx, loc, dvmh_part2, dvmh_partloc2);
// reductions: a third instance, striding along z only (grids cut along z)
// CHECK: extern "C" __global__ void dvmh_loop_reduction_{{[0-9]+}}_kernel2(
// CHECK: _body<3, int>(
// CHECK: extern "C" __global__ void dvmh_loop_reduction_{{[0-9]+}}_red0(
// the atomic one's kernel sets its result to the identity
// CHECK: extern "C" __global__ void dvmh_loop_reduction_{{[0-9]+}}_red1(const dvmh_vals<double, 1> dvmh_init, double *dvmh_res)
// CHECK: extern "C" __global__ void dvmh_loop_reduction_{{[0-9]+}}_red2(const dvmh_vals<double, 1> dvmh_init, double *dvmh_part,
// CHECK-NEXT: int *dvmh_partloc, unsigned dvmh_nparts, int dvmh_first, double *dvmh_res, int *dvmh_resloc)
// CHECK: dvmh_grid_reduce<DVMH_RED_MAXLOC, double, 1, int, 1>
// HOST: dvmh_red_init(dvmh_P, 2, &mx, &loc);
// HOST: const size_t dvmh_red_bytes = 0 + sizeof(s) + sizeof(m) + sizeof(mx) + sizeof(loc);
// a floating sum and maxloc keep partial results: no flag 2
// HOST: dvmh_blocks = dvmh_cuda_config(dvmh_P, {{.*}}, dvmh_kernel, 0, dvmh_count, dvmh_red_bytes,
// HOST: else if ((dvmh_covered & 3) == 3)
// HOST-NEXT: dvmh_kernel = "dvmh_loop_reduction_{{[0-9]+}}_kernel2";
// the atomic result alone, set to the identity before the loop's kernel
// HOST: char *dvmh_part1 = dvmh_cuda_alloc(dvmh_P, sizeof(m));
// HOST-NEXT: char *dvmh_res1 = dvmh_part1;
// HOST: void *dvmh_init_args[] = {&m, &dvmh_res1};
// HOST-NEXT: _red1", dvmh_one, dvmh_one,
// HOST: dvmh_cuda_launch(dvmh_P, {{.*}}, dvmh_kernel, dvmh_grid, dvmh_block,
// HOST: _red0", dvmh_one, dvmh_red_block,
// HOST-NOT: _red1"
// HOST: _red2", dvmh_one, dvmh_red_block,
// the results come back without waiting: the runtime counts them once it
// waits for the GPU; with no iterations, the identities
// HOST: dvmh_cuda_red_result(dvmh_P, 0, dvmh_res0, sizeof(s), dvmh_resloc0, 0);
// HOST: dvmh_cuda_red_result(dvmh_P, 2, dvmh_res2, sizeof(mx), dvmh_resloc2, sizeof(loc));
// HOST-NEXT: } else {
// HOST-NEXT: dvmh_red_put(dvmh_P, 0, 0, &s, NULL);
// HOST: dvmh_red_put(dvmh_P, 2, 0, &mx, &loc);
