/* A student's SOR with the sequential (lexicographic) order kept by across:
 * the array and the sweep in a function with the array as an inherited
 * parameter, the convergence measure a sum of squares, a while loop on the
 * tolerance, and the iteration count as the result. */
#include <math.h>
#include <stdio.h>

#define N 40
// TOLERANCE: 1e-8

#pragma dvm array distribute[block][block]
double U[N][N];

#pragma dvm inherit(U)
static double sweep(double U[N][N], double omega)
{
    int i, j;
    double res = 0, unew;
#pragma dvm region
    {
#pragma dvm parallel([i][j] on U[i][j]) across(U[1:1][1:1]), private(unew), reduction(sum(res))
        for (i = 1; i < N - 1; i++)
            for (j = 1; j < N - 1; j++) {
                unew = (1 - omega) * U[i][j] + omega * 0.25 * (U[i - 1][j] + U[i + 1][j] + U[i][j - 1] + U[i][j + 1] + 0.01);
                res += (unew - U[i][j]) * (unew - U[i][j]);
                U[i][j] = unew;
            }
    }
#pragma dvm get_actual(res)
    return sqrt(res);
}

int main(void)
{
    int i, j, iters = 0;
    double r = 1.0, s = 0;
#pragma dvm region out(U)
    {
#pragma dvm parallel([i][j] on U[i][j])
        for (i = 0; i < N; i++)
            for (j = 0; j < N; j++)
                U[i][j] = (i == 0) ? 1.0 : ((j == N - 1) ? 0.5 : 0.0);
    }
    while (r > 1e-4 && iters < 24) {
        r = sweep(U, 1.6);
        iters++;
        if (iters % 6 == 0)
            printf("iter %3d residual %.6e\n", iters, r);
    }
#pragma dvm region
    {
#pragma dvm parallel([i][j] on U[i][j]) reduction(sum(s))
        for (i = 0; i < N; i++)
            for (j = 0; j < N; j++)
                s += U[i][j] * (1 + (i * j) % 3);
    }
#pragma dvm get_actual(s)
    printf("%d iterations, final residual %.6e, checksum %.6e\n", iters, r, s);
    return iters;
}
