/* ADI benchmark in C-DVMH: three sweeps per iteration, each a parallel
 * loop with across along one dimension of a 3-D array (the DVM system's
 * ADI kernel), the last with a max reduction. Prints the time of the
 * iterations and a checksum. */
#include <math.h>
#include <stdio.h>
#include "bench_time.h"

#ifndef N
#define N 128
#endif
#ifndef ITMAX
#define ITMAX 10
#endif

#pragma dvm array distribute[block][block][block]
double a[N][N][N];

int main(void)
{
    int it, i, j, k;
    double eps = 0, s = 0, t0, t1;
#pragma dvm region out(a)
    {
#pragma dvm parallel([i][j][k] on a[i][j][k])
        for (i = 0; i < N; i++)
            for (j = 0; j < N; j++)
                for (k = 0; k < N; k++)
                    a[i][j][k] = (i == 0 || j == 0 || k == 0 || i == N - 1 || j == N - 1 ||
                                  k == N - 1) ? 10.0 * (i + j + k) / (N - 1) : 0;
    }
    t0 = bench_seconds();
    for (it = 1; it <= ITMAX; it++) {
        eps = 0;
#pragma dvm actual(eps)
#pragma dvm region
        {
#pragma dvm parallel([i][j][k] on a[i][j][k]) across(a[1:1][0:0][0:0])
            for (i = 1; i < N - 1; i++)
                for (j = 1; j < N - 1; j++)
                    for (k = 1; k < N - 1; k++)
                        a[i][j][k] = (a[i - 1][j][k] + a[i + 1][j][k]) / 2;
#pragma dvm parallel([i][j][k] on a[i][j][k]) across(a[0:0][1:1][0:0])
            for (i = 1; i < N - 1; i++)
                for (j = 1; j < N - 1; j++)
                    for (k = 1; k < N - 1; k++)
                        a[i][j][k] = (a[i][j - 1][k] + a[i][j + 1][k]) / 2;
#pragma dvm parallel([i][j][k] on a[i][j][k]) across(a[0:0][0:0][1:1]), reduction(max(eps))
            for (i = 1; i < N - 1; i++)
                for (j = 1; j < N - 1; j++)
                    for (k = 1; k < N - 1; k++) {
                        double t = (a[i][j][k - 1] + a[i][j][k + 1]) / 2;
                        eps = fmax(eps, fabs(a[i][j][k] - t));
                        a[i][j][k] = t;
                    }
        }
#pragma dvm get_actual(eps)
    }
    t1 = bench_seconds();
#pragma dvm region
    {
#pragma dvm parallel([i][j][k] on a[i][j][k]) reduction(sum(s))
        for (i = 0; i < N; i++)
            for (j = 0; j < N; j++)
                for (k = 0; k < N; k++)
                    s += a[i][j][k];
    }
#pragma dvm get_actual(s)
    printf("adi N=%d it=%d eps=%.6e checksum=%.6e time=%.4f\n", N, ITMAX, eps, s, t1 - t0);
    return 0;
}
