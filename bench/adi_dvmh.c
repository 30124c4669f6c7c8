/* ADI benchmark in C-DVMH: the DVM system's 3-D ADI example (three sweeps
 * per iteration, each an across loop on one dimension, the last with a max
 * reduction). Prints the time of the iterations and a checksum. */
#include <math.h>
#include <stdio.h>
#include "bench_time.h"

#ifndef L
#define L 128
#endif
#ifndef ITMAX
#define ITMAX 10
#endif
#define Max(a, b) ((a) > (b) ? (a) : (b))

#pragma dvm array distribute[block][block][block]
double a[L][L][L];

int main(void)
{
    int it, i, j, k;
    double eps = 0, sum = 0, t0, t1;
#pragma dvm region out(a)
    {
#pragma dvm parallel([i][j][k] on a[i][j][k])
        for (i = 0; i < L; i++)
            for (j = 0; j < L; j++)
                for (k = 0; k < L; k++)
                    if (k == 0 || k == L - 1 || j == 0 || j == L - 1 || i == 0 || i == L - 1)
                        a[i][j][k] = 10.0 * i / (L - 1) + 10.0 * j / (L - 1) + 10.0 * k / (L - 1);
                    else
                        a[i][j][k] = 0;
    }
    t0 = bench_seconds();
    for (it = 1; it <= ITMAX; it++) {
        eps = 0;
#pragma dvm actual(eps)
#pragma dvm region
        {
#pragma dvm parallel([i][j][k] on a[i][j][k]) across(a[1:1][0:0][0:0])
            for (i = 1; i < L - 1; i++)
                for (j = 1; j < L - 1; j++)
                    for (k = 1; k < L - 1; k++)
                        a[i][j][k] = (a[i - 1][j][k] + a[i + 1][j][k]) / 2;
#pragma dvm parallel([i][j][k] on a[i][j][k]) across(a[0:0][1:1][0:0])
            for (i = 1; i < L - 1; i++)
                for (j = 1; j < L - 1; j++)
                    for (k = 1; k < L - 1; k++)
                        a[i][j][k] = (a[i][j - 1][k] + a[i][j + 1][k]) / 2;
#pragma dvm parallel([i][j][k] on a[i][j][k]) across(a[0:0][0:0][1:1]), reduction(max(eps))
            for (i = 1; i < L - 1; i++)
                for (j = 1; j < L - 1; j++)
                    for (k = 1; k < L - 1; k++) {
                        double tmp1 = (a[i][j][k - 1] + a[i][j][k + 1]) / 2;
                        double tmp2 = fabs(a[i][j][k] - tmp1);
                        eps = Max(eps, tmp2);
                        a[i][j][k] = tmp1;
                    }
        }
#pragma dvm get_actual(eps)
    }
    t1 = bench_seconds();
#pragma dvm parallel([i][j][k] on a[i][j][k]) reduction(sum(sum))
    for (i = 0; i < L; i++)
        for (j = 0; j < L; j++)
            for (k = 0; k < L; k++)
                sum += a[i][j][k] * ((i + 2 * j + 3 * k) % 5);
    printf("adi L=%d it=%d eps=%.6e checksum=%.6e time=%.4f\n", L, ITMAX, eps, sum, t1 - t0);
    return 0;
}
