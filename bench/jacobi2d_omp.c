/* Jacobi-2D benchmark written by hand with OpenMP: the same kernel, sizes
 * and output as jacobi2d_dvmh.c. */
#include <math.h>
#include <stdio.h>
#include "bench_time.h"

#ifndef L
#define L 4000
#endif
#ifndef ITMAX
#define ITMAX 30
#endif

static double A[L][L], B[L][L];

int main(void)
{
    int it, i, j;
    double eps = 0, sum = 0, t0, t1;
#pragma omp parallel for private(j)
    for (i = 0; i < L; i++)
        for (j = 0; j < L; j++) {
            A[i][j] = 0;
            B[i][j] = (i == 0 || j == 0 || i == L - 1 || j == L - 1) ? 0 : 1. + i + j;
        }
    t0 = bench_seconds();
    for (it = 1; it <= ITMAX; it++) {
        eps = 0;
#pragma omp parallel for private(j) reduction(max : eps)
        for (i = 1; i < L - 1; i++)
            for (j = 1; j < L - 1; j++) {
                eps = fmax(fabs(B[i][j] - A[i][j]), eps);
                A[i][j] = B[i][j];
            }
#pragma omp parallel for private(j)
        for (i = 1; i < L - 1; i++)
            for (j = 1; j < L - 1; j++)
                B[i][j] = (A[i - 1][j] + A[i][j - 1] + A[i][j + 1] + A[i + 1][j]) / 4.;
    }
    t1 = bench_seconds();
#pragma omp parallel for private(j) reduction(+ : sum)
    for (i = 0; i < L; i++)
        for (j = 0; j < L; j++)
            sum += B[i][j];
    printf("jacobi2d L=%d it=%d eps=%.6e checksum=%.6e time=%.4f\n", L, ITMAX, eps, sum, t1 - t0);
    return 0;
}
