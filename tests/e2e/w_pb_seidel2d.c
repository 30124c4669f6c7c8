/* PolyBench seidel-2d in C-DVMH: the in-place 9-point Gauss-Seidel sweep
 * (it reads already updated neighbours north-west, north and north-east)
 * as a parallel loop with across(A[1:1][1:1]); a region per time step, the
 * region the body of the time loop without braces. */
#include <stdio.h>

#define N 40
#define TSTEPS 8
// TOLERANCE: 1e-9

#pragma dvm array distribute[block][block]
double A[N][N];

int main(void)
{
    int t, i, j;
    double s = 0;
#pragma dvm region out(A)
    {
#pragma dvm parallel([i][j] on A[i][j])
        for (i = 0; i < N; i++)
            for (j = 0; j < N; j++)
                A[i][j] = ((double)i * (j + 2) + 2) / N;
    }
    for (t = 0; t <= TSTEPS - 1; t++)
#pragma dvm region inout(A)
    {
#pragma dvm parallel([i][j] on A[i][j]) across(A[1:1][1:1])
            for (i = 1; i <= N - 2; i++)
                for (j = 1; j <= N - 2; j++)
                    A[i][j] = (A[i - 1][j - 1] + A[i - 1][j] + A[i - 1][j + 1]
                               + A[i][j - 1] + A[i][j] + A[i][j + 1]
                               + A[i + 1][j - 1] + A[i + 1][j] + A[i + 1][j + 1]) / 9.0;
    }
#pragma dvm region
    {
#pragma dvm parallel([i][j] on A[i][j]) reduction(sum(s))
        for (i = 0; i < N; i++)
            for (j = 0; j < N; j++)
                s += A[i][j] * ((i + 2 * j) % 17);
    }
#pragma dvm get_actual(s)
    printf("checksum %.6e\n", s);
    return 0;
}
