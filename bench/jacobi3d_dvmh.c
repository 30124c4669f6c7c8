/* Jacobi-3D benchmark in C-DVMH (the kernel of jacobi3d_omp.c and
 * jacobi3d_cuda.cu). */
#include <math.h>
#include <stdio.h>
#include "bench_time.h"

#ifndef L
#define L 256
#endif
#ifndef ITMAX
#define ITMAX 20
#endif
#ifndef REAL
#define REAL double             /* -DREAL=float for the single-precision run */
#endif
typedef REAL real;

#pragma dvm array distribute[block][block][block]
real A[L][L][L];
#pragma dvm array align([i][j][k] with A[i][j][k])
real B[L][L][L];

int main(void)
{
    int it, i, j, k;
    real eps = 0;
    double sum = 0, t0, t1;
#pragma dvm region out(A, B)
    {
#pragma dvm parallel([i][j][k] on A[i][j][k])
        for (i = 0; i < L; i++)
            for (j = 0; j < L; j++)
                for (k = 0; k < L; k++) {
                    A[i][j][k] = 0;
                    B[i][j][k] = (i == 0 || j == 0 || k == 0 || i == L - 1 || j == L - 1 || k == L - 1)
                                     ? 0 : 4. + i + j + k;
                }
    }
    t0 = bench_seconds();
    for (it = 1; it <= ITMAX; it++) {
        eps = 0;
#pragma dvm region
        {
#pragma dvm parallel([i][j][k] on A[i][j][k]) reduction(max(eps))
            for (i = 1; i < L - 1; i++)
                for (j = 1; j < L - 1; j++)
                    for (k = 1; k < L - 1; k++) {
                        eps = fmax(fabs(B[i][j][k] - A[i][j][k]), eps);
                        A[i][j][k] = B[i][j][k];
                    }
#pragma dvm parallel([i][j][k] on B[i][j][k]) shadow_renew(A)
            for (i = 1; i < L - 1; i++)
                for (j = 1; j < L - 1; j++)
                    for (k = 1; k < L - 1; k++)
                        B[i][j][k] = (A[i - 1][j][k] + A[i][j - 1][k] + A[i][j][k - 1] +
                                      A[i][j][k + 1] + A[i][j + 1][k] + A[i + 1][j][k]) / 6.;
        }
    }
#pragma dvm get_actual(eps)
    t1 = bench_seconds();
#pragma dvm parallel([i][j][k] on B[i][j][k]) reduction(sum(sum))
    for (i = 0; i < L; i++)
        for (j = 0; j < L; j++)
            for (k = 0; k < L; k++)
                sum += B[i][j][k];
    printf("jacobi3d L=%d it=%d eps=%.6e checksum=%.6e time=%.4f\n", L, ITMAX, (double)eps, sum, t1 - t0);
    return 0;
}
