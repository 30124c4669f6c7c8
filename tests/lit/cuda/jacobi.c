// RUN: %cdvmh %s -o %t.c --cuda-out %t.cu
// RUN: FileCheck %s --input-file %t.cu
// RUN: grep -v "^// " %t.c | FileCheck %s --check-prefix=HOST
// A Jacobi sweep: a 2-D kernel over the piece (j on x, i on y), restrict
// pointers with hoisted strides, the launcher registered next to the host
// handler.
#define N 16
#pragma dvm array distribute[block][block], shadow[1:1][1:1]
double A[N][N];
#pragma dvm array align([i][j] with A[i][j])
double B[N][N];
void sweep(void)
{
    int i, j;
#pragma dvm parallel([i][j] on A[i][j]) shadow_renew(B)
    for (i = 1; i < N - 1; i++)
        for (j = 1; j < N - 1; j++)
            A[i][j] = (B[i - 1][j] + B[i + 1][j] + B[i][j - 1] + B[i][j + 1]) / 4;
}
// CHECK: #define N 16
// The body is a template: with the grid's stride, or one iteration per
// thread; no kernel2 (striding along z only) without reductions.
// CHECK: #pragma push_macro("typename")
// CHECK-NEXT: #undef typename
// CHECK-NEXT: template <int dvmh_ONE, typename dvmh_I>
// CHECK-NEXT: #pragma pop_macro("typename")
// CHECK-NEXT: __device__ __forceinline__ void dvmh_loop_jacobi_[[K:[0-9]+]]_body(const dvmh_idx dvmh_lo0, const dvmh_idx dvmh_hi0, const dvmh_idx dvmh_st0, const dvmh_idx dvmh_n0,
// CHECK: double *const __restrict__ A,
// CHECK: const double *const __restrict__ B)
// CHECK: const dvmh_I dvmh_s0_0 = (dvmh_I)dvmh_e0_1;
// CHECK: const dvmh_I dvmh_s1_0 = (dvmh_I)dvmh_e1_1;
// CHECK: const dvmh_I dvmh_c0 = (dvmh_I)dvmh_n0;
// CHECK-NEXT: const dvmh_I dvmh_c1 = (dvmh_I)dvmh_n1;
// CHECK-NEXT: const dvmh_I dvmh_nx = dvmh_c1;
// CHECK-NEXT: const dvmh_I dvmh_ny = dvmh_c0;
// CHECK: dvmh_x = (dvmh_ONE & 1) ? dvmh_nx : dvmh_x + (dvmh_I)gridDim.x * blockDim.x) {
// CHECK: const dvmh_I dvmh_i1 = dvmh_x;
// CHECK-NEXT: const dvmh_I dvmh_i0 = dvmh_y;
// The loop variables' 64-bit copies (dvmh_vK) index the arrays: the
// neighbours' addresses then differ by constants and strides, with no
// sign extension of each int subscript
// CHECK: const dvmh_I dvmh_v0 = (dvmh_I)dvmh_lo0 + dvmh_i0 * (dvmh_I)dvmh_st0;
// CHECK-NEXT: const int i = (int)dvmh_v0;
// CHECK-NEXT: const dvmh_I dvmh_v1 = (dvmh_I)dvmh_lo1 + dvmh_i1 * (dvmh_I)dvmh_st1;
// CHECK-NEXT: const int j = (int)dvmh_v1;
// CHECK-NEXT: #line 18 "{{.*}}jacobi.c"
// CHECK-NEXT: A[dvmh_v0 * dvmh_s0_0 + dvmh_v1] = (B[(dvmh_v0 - 1) * dvmh_s1_0 + dvmh_v1] + B[(dvmh_v0 + 1) * dvmh_s1_0 + dvmh_v1] + B[dvmh_v0 * dvmh_s1_0 + (dvmh_v1 - 1)] + B[dvmh_v0 * dvmh_s1_0 + (dvmh_v1 + 1)]) / 4;
// CHECK: extern "C" __global__ void dvmh_loop_jacobi_[[K]]_kernel(const dvmh_idx dvmh_lo0, const dvmh_idx dvmh_hi0, const dvmh_idx dvmh_st0, const dvmh_idx dvmh_n0,
// CHECK: dvmh_loop_jacobi_[[K]]_body<0, dvmh_idx>(dvmh_lo0, dvmh_hi0, dvmh_st0, dvmh_n0, dvmh_lo1, dvmh_hi1, dvmh_st1, dvmh_n1, dvmh_e0_1, A, dvmh_e1_1, B);
// CHECK: extern "C" __global__ void dvmh_loop_jacobi_[[K]]_kernel1(const dvmh_idx dvmh_lo0,
// CHECK: dvmh_loop_jacobi_[[K]]_body<7, int>(dvmh_lo0, dvmh_hi0, dvmh_st0, dvmh_n0, dvmh_lo1, dvmh_hi1, dvmh_st1, dvmh_n1, dvmh_e0_1, A, dvmh_e1_1, B);
// CHECK-NOT: _kernel2
// HOST: #include <dvmh.h>
// HOST-NEXT: #ifdef DVMH_CUDA_HANDLERS
// HOST: static dvmh_cuda_module dvmh_cuda_module_jacobi;
// HOST: __attribute__((optnone, noinline))
// HOST-NEXT: static void dvmh_loop_jacobi_[[L:[0-9]+]]_cuda(dvmh_piece *dvmh_P)
// HOST: unsigned dvmh_block[3] = {0, 0, 0};
// HOST: dvmh_idx dvmh_count[3] = {dvmh_n[1], dvmh_n[0], 1};
// HOST: const size_t dvmh_red_bytes = 0;
// HOST: const char *dvmh_kernel = "dvmh_loop_jacobi_[[L]]_kernel";
// HOST: dvmh_blocks = dvmh_cuda_config(dvmh_P, &dvmh_cuda_module_jacobi, dvmh_kernel, 0, dvmh_count, dvmh_red_bytes,
// HOST-NEXT: dvmh_block, dvmh_grid);
// the instances that cover the grid compute in int, where every offset fits
// HOST-NEXT: const int dvmh_covered = !dvmh_cuda_narrow(dvmh_P) ? 0 : dvmh_cuda_covered(dvmh_count, dvmh_block, dvmh_grid);
// HOST-NEXT: if (dvmh_covered == 7)
// HOST-NEXT: dvmh_kernel = "dvmh_loop_jacobi_[[L]]_kernel1";
// no reductions: no kernel2
// HOST-NOT: _kernel2
// HOST: dvmh_cuda_launch(dvmh_P, &dvmh_cuda_module_jacobi, dvmh_kernel, dvmh_grid, dvmh_block,
// HOST: dvmh_loop_handler(dvmh_L, DVMH_DEV_HOST, dvmh_loop_jacobi_[[L]]);
// HOST-NEXT: #ifdef DVMH_CUDA_HANDLERS
// HOST-NEXT: if (dvmh_cuda_linkable(&dvmh_cuda_module_jacobi))
// HOST-NEXT: dvmh_loop_handler(dvmh_L, DVMH_DEV_CUDA, dvmh_loop_jacobi_[[L]]_cuda);
// HOST-NEXT: #endif
