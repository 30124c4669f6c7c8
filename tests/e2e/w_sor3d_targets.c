/* A 3-D SOR in DVM style: a 'parallel(3)' loop (no mapping) filling
 * ordinary data, a [block][block][] distribution, across on all three
 * dimensions, regions with targets(HOST) and targets(CUDA), a private
 * work array in a loop, a min and a minloc reduction, and intervals
 * around the phases. */
#include <stdio.h>
#include <math.h>

#define NX 18
#define NY 14
#define NZ 11

#pragma dvm array distribute[block][block][], shadow[1:1][1:1][1:1]
double A[NX][NY][NZ];
double F[NX][NY][NZ];

int main(void)
{
    int i, j, k, it;
    double omega = 1.25, lo = 1e30, mn = 1e30;
    int where = -1;
#pragma dvm interval 1
    {
#pragma dvm region targets(HOST) out(A, F)
        {
#pragma dvm parallel(3)
            for (i = 0; i < NX; i++)
                for (j = 0; j < NY; j++)
                    for (k = 0; k < NZ; k++) {
                        double w[3];
                        w[0] = i * 0.1;
                        w[1] = j * 0.2;
                        w[2] = k * 0.3;
                        F[i][j][k] = sin(w[0]) + cos(w[1]) * w[2];
                    }
#pragma dvm parallel([i][j][k] on A[i][j][k])
            for (i = 0; i < NX; i++)
                for (j = 0; j < NY; j++)
                    for (k = 0; k < NZ; k++)
                        A[i][j][k] = (i == 0 || j == 0 || k == 0) ? 1.0 : 0.0;
        }
    }
#pragma dvm interval 2
    {
        for (it = 0; it < 3; it++) {
#pragma dvm region targets(CUDA)
            {
#pragma dvm parallel([i][j][k] on A[i][j][k]) across(A[1:1][1:1][1:1])
                for (i = 1; i < NX - 1; i++)
                    for (j = 1; j < NY - 1; j++)
                        for (k = 1; k < NZ - 1; k++) {
                            double s = A[i - 1][j][k] + A[i + 1][j][k] + A[i][j - 1][k] +
                                       A[i][j + 1][k] + A[i][j][k - 1] + A[i][j][k + 1];
                            A[i][j][k] = (1 - omega) * A[i][j][k] + omega * (s - F[i][j][k]) / 6;
                        }
            }
        }
    }
#pragma dvm region
    {
#pragma dvm parallel([i][j][k] on A[i][j][k]) reduction(min(lo), minloc(mn, where))
        for (i = 0; i < NX; i++)
            for (j = 0; j < NY; j++)
                for (k = 0; k < NZ; k++) {
                    lo = fmin(lo, A[i][j][k] + F[i][j][k]);
                    if (A[i][j][k] < mn) {
                        mn = A[i][j][k];
                        where = (i * NY + j) * NZ + k;
                    }
                }
    }
#pragma dvm get_actual(lo, mn, where, A)
    printf("lo %.10f min %.10f at %d A[5][6][7] %.10f\n", lo, mn, where, A[5][6][7]);
    return 0;
}
