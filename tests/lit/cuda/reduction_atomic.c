// RUN: %cdvmh %s -o %t.c --cuda-out %t.cu
// RUN: FileCheck %s --input-file %t.cu
// RUN: grep -v "^// " %t.c | FileCheck %s --check-prefix=HOST
// Reductions whose blocks combine their results atomically: max and min of
// 4- and 8-byte integers and floating values, sum, and, or, xor of
// integers, an array reduction. No partial results: the _red kernels only
// set the results to the identities before the loop's kernel, and the
// launcher says so (flag 2, DVMH_CUDA_ATOMIC_REDS: the grid may cover
// many more iterations, one per thread, than with partial results). Products, floating sums, 1-byte values
// and maxloc keep the two levels.
#pragma dvm array distribute[block]
int A[100];
void f(void)
{
    int i, imax = 0, isum = 0;
    unsigned ux = 0;
    long lmin = 0;
    unsigned long long ullor = 0;
    float fmn = 0;
    double dmx[3] = {0, 0, 0};
#pragma dvm region
    {
#pragma dvm parallel([i] on A[i]) reduction(max(imax), sum(isum), xor(ux), min(lmin), \
    or(ullor), min(fmn), max(dmx))
        for (i = 0; i < 100; i++) {
            imax = A[i] > imax ? A[i] : imax;
            isum += A[i];
            ux ^= (unsigned)A[i];
            lmin = A[i] < lmin ? A[i] : lmin;
            ullor |= (unsigned long long)A[i];
            fmn = A[i] < fmn ? A[i] : fmn;
            dmx[i % 3] = A[i] > dmx[i % 3] ? A[i] : dmx[i % 3];
        }
    }
}
// CHECK: dvmh_block_reduce_atomic<DVMH_RED_MAX, int, 1>(&imax, dvmh_part0);
// CHECK-NEXT: dvmh_block_reduce_atomic<DVMH_RED_SUM, int, 1>(&isum, dvmh_part1);
// CHECK-NEXT: dvmh_block_reduce_atomic<DVMH_RED_XOR, unsigned int, 1>(&ux, dvmh_part2);
// CHECK-NEXT: dvmh_block_reduce_atomic<DVMH_RED_MIN, long, 1>(&lmin, dvmh_part3);
// CHECK-NEXT: dvmh_block_reduce_atomic<DVMH_RED_OR, unsigned long long, 1>(&ullor, dvmh_part4);
// CHECK-NEXT: dvmh_block_reduce_atomic<DVMH_RED_MIN, float, 1>(&fmn, dvmh_part5);
// CHECK-NEXT: dvmh_block_reduce_atomic<DVMH_RED_MAX, double, 3>(dmx, dvmh_part6);
// CHECK: _kernel2(
// CHECK: _red0(const dvmh_vals<int, 1> dvmh_init, int *dvmh_res)
// CHECK: _red6(const dvmh_vals<double, 3> dvmh_init, double *dvmh_res)
// CHECK-NEXT: {
// CHECK-NEXT: for (int dvmh_k = threadIdx.x; dvmh_k < 3; dvmh_k += blockDim.x)
// CHECK-NEXT: dvmh_res[dvmh_k] = dvmh_init.dvmh_v[dvmh_k];
// CHECK-NOT: dvmh_grid_reduce<
// HOST: const size_t dvmh_red_bytes = 0 + sizeof(imax) + sizeof(isum)
// HOST: dvmh_blocks = dvmh_cuda_config(dvmh_P, &dvmh_cuda_module_{{.*}}, dvmh_kernel, 2, dvmh_count,
// HOST: char *dvmh_part0 = dvmh_cuda_alloc(dvmh_P, sizeof(imax));
// HOST: char *dvmh_part6 = dvmh_cuda_alloc(dvmh_P, sizeof(dmx));
// HOST-NOT: dvmh_first
// HOST: void *dvmh_init_args[] = {&dmx, &dvmh_res6};
// HOST-NEXT: _red6", dvmh_one, dvmh_one,
// HOST: dvmh_cuda_launch(dvmh_P, {{.*}}, dvmh_kernel, dvmh_grid, dvmh_block,
// HOST-NEXT: dvmh_shared, dvmh_args);
// HOST-NEXT: dvmh_cuda_red_result(dvmh_P, 0,
// HOST: dvmh_cuda_red_result(dvmh_P, 6, dvmh_res6, sizeof(dmx), dvmh_resloc6, 0);
// HOST: dvmh_cuda_free(dvmh_P, dvmh_part6);

void g(void)
{
    int i;
    double s = 0;
    int prod = 1;
    char cmax = 0;
#pragma dvm region
    {
#pragma dvm parallel([i] on A[i]) reduction(sum(s), product(prod), max(cmax))
        for (i = 0; i < 100; i++) {
            s += A[i];
            prod *= A[i];
            cmax = (char)A[i] > cmax ? (char)A[i] : cmax;
        }
    }
}
// CHECK: dvmh_block_reduce<DVMH_RED_SUM, double, 1, char, 0>(&s,
// CHECK-NEXT: dvmh_block_reduce<DVMH_RED_PRODUCT, int, 1, char, 0>(&prod,
// CHECK-NEXT: dvmh_block_reduce<DVMH_RED_MAX, char, 1, char, 0>(&cmax,
// CHECK: _kernel2(
// CHECK: _red2(
// HOST: const size_t dvmh_red_bytes = 0 + sizeof(s) + sizeof(prod) + sizeof(cmax);
