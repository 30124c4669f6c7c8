// RUN: %cdvmh %s -o %t.c --cuda-out %t.cu
// RUN: FileCheck %s --input-file %t.cu
// RUN: grep -v "^// " %t.c | FileCheck %s --check-prefix=HOST
// Subscripts made of the loop's signed variables, unsuffixed integer
// literals and + - * are computed in dvmh_I (64 bits in the grid-stride
// instance, int in those that cover the grid) from the variables' copies
// dvmh_vK; any other subscript is converted as written: a variable that is
// not the loop's, a suffixed literal (unsigned arithmetic wraps), an
// unsigned loop variable, a macro, a division or a remainder. Loop
// variables wider than int keep every instance in 64 bits.
#define N 16
#define SHIFT(x) ((x) + 1)
#pragma dvm array distribute[block][block]
double A[N][N];
#pragma dvm array align([i][j] with A[i][j])
double B[N][N];
void signed_vars(int n)
{
    int i, j;
#pragma dvm region
    {
#pragma dvm parallel([i][j] on A[i][j])
        for (i = 1; i < N - 1; i++)
            for (j = 1; j < N / 2; j++)
                A[i][j] = B[2 * j - 1][(i)] + B[n - i][j] + B[i + 1u][j] + B[SHIFT(i)][j] +
                          B[i / 2][j % 3];
    }
}
// CHECK-LABEL: void dvmh_loop_wide_subscripts_{{[0-9]+}}_body(
// CHECK: const dvmh_I dvmh_v0 = (dvmh_I)dvmh_lo0 + dvmh_i0 * (dvmh_I)dvmh_st0;
// CHECK: A[dvmh_v0 * dvmh_s0_0 + dvmh_v1] = B[((2 * dvmh_v1) - 1) * dvmh_s1_0 + dvmh_v0] + B[(dvmh_I)(n - i) * dvmh_s1_0 + dvmh_v1] + B[(dvmh_I)(i + 1u) * dvmh_s1_0 + dvmh_v1] + B[(dvmh_I)(SHIFT(i)) * dvmh_s1_0 + dvmh_v1] +
// CHECK-NEXT: B[(dvmh_I)(i / 2) * dvmh_s1_0 + (dvmh_I)(j % 3)];
void unsigned_vars(void)
{
    unsigned i, j;
#pragma dvm region
    {
#pragma dvm parallel([i][j] on A[i][j])
        for (i = 1; i < N - 1; i++)
            for (j = 1; j < N - 1; j++)
                A[i][j] = B[i - 1][j + 1];
    }
}
// CHECK-LABEL: void dvmh_loop_wide_subscripts_{{[0-9]+}}_body(
// CHECK-NOT: dvmh_v0
// CHECK: const unsigned int i = (unsigned int)(dvmh_lo0 + dvmh_i0 * dvmh_st0);
// CHECK: A[(dvmh_I)(i) * dvmh_s0_0 + (dvmh_I)(j)] = B[(dvmh_I)(i - 1) * dvmh_s1_0 + (dvmh_I)(j + 1)];
void long_vars(void)
{
    long i;
    int j;
#pragma dvm region
    {
#pragma dvm parallel([i][j] on A[i][j])
        for (i = 1; i < N - 1; i++)
            for (j = 1; j < N - 1; j++)
                A[i][j] = B[i - 1][j + 1];
    }
}
// CHECK-LABEL: void dvmh_loop_wide_subscripts_{{[0-9]+}}_body(
// CHECK: const dvmh_I dvmh_v0 = (dvmh_I)dvmh_lo0 + dvmh_i0 * (dvmh_I)dvmh_st0;
// CHECK: A[dvmh_v0 * dvmh_s0_0 + dvmh_v1] = B[(dvmh_v0 - 1) * dvmh_s1_0 + (dvmh_v1 + 1)];
// CHECK: _body<0, dvmh_idx>(
// CHECK: _body<7, dvmh_idx>(
// HOST-LABEL: dvmh_loop_wide_subscripts_{{[0-9]+}}_cuda(dvmh_piece *dvmh_P)
// HOST: const int dvmh_covered = !dvmh_cuda_narrow(dvmh_P) ? 0 : dvmh_cuda_covered(
// HOST-LABEL: dvmh_loop_wide_subscripts_{{[0-9]+}}_cuda(dvmh_piece *dvmh_P)
// HOST: const int dvmh_covered = !dvmh_cuda_narrow(dvmh_P) ? 0 : dvmh_cuda_covered(
// HOST-LABEL: dvmh_loop_wide_subscripts_{{[0-9]+}}_cuda(dvmh_piece *dvmh_P)
// HOST: const int dvmh_covered = dvmh_cuda_covered(
