/* SOR benchmark in C-DVMH: a loop nest with regular dependencies (across),
 * run as a pipeline between processes; run.sh compares 2 processes with 1. */
#include <math.h>
#include <stdio.h>
#include "bench_time.h"

#ifndef N
#define N 3000
#endif
#ifndef ITMAX
#define ITMAX 10
#endif

#pragma dvm array distribute[block][block]
double A[N][N];

int main(void)
{
    int it, i, j;
    double eps = 0, w = 1.5, s, sum = 0, t0, t1;
#pragma dvm parallel([i][j] on A[i][j])
    for (i = 0; i < N; i++)
        for (j = 0; j < N; j++)
            A[i][j] = (i == j || i == 0 || j == 0 || i == N - 1 || j == N - 1) ? 1.0 + i * 0.5 : 0.0;
    t0 = bench_seconds();
    for (it = 1; it <= ITMAX; it++) {
        eps = 0;
#pragma dvm parallel([i][j] on A[i][j]) across(A[1:1][1:1]) reduction(max(eps)) private(s)
        for (i = 1; i < N - 1; i++)
            for (j = 1; j < N - 1; j++) {
                s = w / 4 * (A[i - 1][j] + A[i + 1][j] + A[i][j - 1] + A[i][j + 1]) + (1 - w) * A[i][j];
                eps = fmax(fabs(s - A[i][j]), eps);
                A[i][j] = s;
            }
    }
    t1 = bench_seconds();
#pragma dvm parallel([i][j] on A[i][j]) reduction(sum(sum))
    for (i = 0; i < N; i++)
        for (j = 0; j < N; j++)
            sum += A[i][j];
    printf("sor N=%d it=%d eps=%.6e checksum=%.6e time=%.4f\n", N, ITMAX, eps, sum, t1 - t0);
    return 0;
}
