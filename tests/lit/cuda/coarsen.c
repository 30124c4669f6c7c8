// RUN: %cdvmh %s -o %t.c --cuda-out %t.cu
// RUN: FileCheck %s --input-file %t.cu
// RUN: grep -v "^// " %t.c | FileCheck %s --check-prefix=HOST
// Loops of three dimensions or more without reductions or a wavefront get
// a fourth instance, _kernel4 (dvmh_ONE 15: bit 3 makes each thread run 4
// consecutive iterations along z, unrolled); the launcher takes it where
// the grid covers the loop and dvmh_cuda_coarsen agrees. Not for a loop
// with a reduction, nor for one of two dimensions.
#pragma dvm array distribute[block][block][block]
double A[40][40][40];
#pragma dvm array align([i][j][k] with A[i][j][k])
double B[40][40][40];
#pragma dvm array distribute[block][block]
double C[40][40];
void f(void)
{
    int i, j, k;
    double s = 0;
#pragma dvm region
    {
#pragma dvm parallel([i][j][k] on B[i][j][k]) shadow_renew(A)
        for (i = 1; i < 39; i++)
            for (j = 1; j < 39; j++)
                for (k = 1; k < 39; k++)
                    B[i][j][k] = A[i - 1][j][k] + A[i + 1][j][k];
#pragma dvm parallel([i][j][k] on A[i][j][k]) reduction(sum(s))
        for (i = 0; i < 40; i++)
            for (j = 0; j < 40; j++)
                for (k = 0; k < 40; k++)
                    s += A[i][j][k];
#pragma dvm parallel([i][j] on C[i][j])
        for (i = 0; i < 40; i++)
            for (j = 0; j < 40; j++)
                C[i][j] = i + j;
    }
}
// CHECK: void dvmh_loop_coarsen_[[L1:[0-9]+]]_body(
// CHECK: #pragma unroll
// CHECK-NEXT: for (int dvmh_u = 0; dvmh_u < ((dvmh_ONE & 8) ? 4 : 1); dvmh_u++)
// CHECK-NEXT: for (dvmh_I dvmh_z = (dvmh_ONE & 8) ? (blockIdx.z * (dvmh_I)blockDim.z + threadIdx.z) * 4 + dvmh_u
// CHECK: extern "C" __global__ void dvmh_loop_coarsen_[[L1]]_kernel4(
// CHECK: dvmh_loop_coarsen_[[L1]]_body<15, int>(
// CHECK: void dvmh_loop_coarsen_[[L2:[0-9]+]]_body(
// CHECK-NOT: dvmh_u
// CHECK: _kernel2(
// CHECK-NOT: _kernel4
// CHECK: void dvmh_loop_coarsen_[[L3:[0-9]+]]_body(
// CHECK-NOT: dvmh_u
// CHECK-NOT: _kernel4
// HOST: dvmh_kernel = "dvmh_loop_coarsen_[[L1:[0-9]+]]_kernel1";
// HOST-NEXT: if (dvmh_covered == 7 && dvmh_cuda_coarsen(dvmh_P, dvmh_count, dvmh_block, dvmh_grid))
// HOST-NEXT: dvmh_kernel = "dvmh_loop_coarsen_[[L1]]_kernel4";
// HOST: dvmh_kernel = "dvmh_loop_coarsen_[[L2:[0-9]+]]_kernel1";
// HOST-NEXT: else if ((dvmh_covered & 3) == 3)
// HOST: dvmh_kernel = "dvmh_loop_coarsen_[[L3:[0-9]+]]_kernel1";
// HOST-NOT: _kernel4
