/* Jacobi-3D benchmark written by hand with OpenMP: the same kernel, sizes
 * and output as jacobi3d_dvmh.c. */
#include <math.h>
#include <stdio.h>
#include "bench_time.h"

#ifndef L
#define L 256
#endif
#ifndef ITMAX
#define ITMAX 20
#endif

static double A[L][L][L], B[L][L][L];

int main(void)
{
    int it, i, j, k;
    double eps = 0, sum = 0, t0, t1;
#pragma omp parallel for private(j, k)
    for (i = 0; i < L; i++)
        for (j = 0; j < L; j++)
            for (k = 0; k < L; k++) {
                A[i][j][k] = 0;
                B[i][j][k] = (i == 0 || j == 0 || k == 0 || i == L - 1 || j == L - 1 || k == L - 1)
                                 ? 0 : 4. + i + j + k;
            }
    t0 = bench_seconds();
    for (it = 1; it <= ITMAX; it++) {
        eps = 0;
#pragma omp parallel for private(j, k) reduction(max : eps)
        for (i = 1; i < L - 1; i++)
            for (j = 1; j < L - 1; j++)
                for (k = 1; k < L - 1; k++) {
                    eps = fmax(fabs(B[i][j][k] - A[i][j][k]), eps);
                    A[i][j][k] = B[i][j][k];
                }
#pragma omp parallel for private(j, k)
        for (i = 1; i < L - 1; i++)
            for (j = 1; j < L - 1; j++)
                for (k = 1; k < L - 1; k++)
                    B[i][j][k] = (A[i - 1][j][k] + A[i][j - 1][k] + A[i][j][k - 1] +
                                  A[i][j][k + 1] + A[i][j + 1][k] + A[i + 1][j][k]) / 6.;
    }
    t1 = bench_seconds();
#pragma omp parallel for private(j, k) reduction(+ : sum)
    for (i = 0; i < L; i++)
        for (j = 0; j < L; j++)
            for (k = 0; k < L; k++)
                sum += B[i][j][k];
    printf("jacobi3d L=%d it=%d eps=%.6e checksum=%.6e time=%.4f\n", L, ITMAX, eps, sum, t1 - t0);
    return 0;
}
