/* PolyBench heat-3d in C-DVMH: two 3-D arrays distributed on all three
 * dimensions, a 7-point stencil each way per time step (B from A, A from
 * B), the arrays passed to the kernel as inherited parameters. */
#include <stdio.h>

#define N 20
#define TSTEPS 10
// TOLERANCE: 1e-9

#pragma dvm array distribute[block][block][block]
double A[N][N][N];
#pragma dvm array align([i][j][k] with A[i][j][k])
double B[N][N][N];

#pragma dvm inherit(A, B)
static void kernel_heat_3d(int tsteps, int n, double A[N][N][N], double B[N][N][N])
{
    int t, i, j, k;
    for (t = 1; t <= tsteps; t++) {
#pragma dvm region
        {
#pragma dvm parallel([i][j][k] on B[i][j][k]) shadow_renew(A)
            for (i = 1; i < n - 1; i++)
                for (j = 1; j < n - 1; j++)
                    for (k = 1; k < n - 1; k++)
                        B[i][j][k] = 0.125 * (A[i + 1][j][k] - 2.0 * A[i][j][k] + A[i - 1][j][k])
                                   + 0.125 * (A[i][j + 1][k] - 2.0 * A[i][j][k] + A[i][j - 1][k])
                                   + 0.125 * (A[i][j][k + 1] - 2.0 * A[i][j][k] + A[i][j][k - 1])
                                   + A[i][j][k];
#pragma dvm parallel([i][j][k] on A[i][j][k]) shadow_renew(B)
            for (i = 1; i < n - 1; i++)
                for (j = 1; j < n - 1; j++)
                    for (k = 1; k < n - 1; k++)
                        A[i][j][k] = 0.125 * (B[i + 1][j][k] - 2.0 * B[i][j][k] + B[i - 1][j][k])
                                   + 0.125 * (B[i][j + 1][k] - 2.0 * B[i][j][k] + B[i][j - 1][k])
                                   + 0.125 * (B[i][j][k + 1] - 2.0 * B[i][j][k] + B[i][j][k - 1])
                                   + B[i][j][k];
        }
    }
}

int main(void)
{
    int i, j, k;
    double s = 0;
#pragma dvm region out(A, B)
    {
#pragma dvm parallel([i][j][k] on A[i][j][k])
        for (i = 0; i < N; i++)
            for (j = 0; j < N; j++)
                for (k = 0; k < N; k++)
                    A[i][j][k] = B[i][j][k] = (double)(i + j + (N - k)) * 10 / N;
    }
    kernel_heat_3d(TSTEPS, N, A, B);
#pragma dvm region
    {
#pragma dvm parallel([i][j][k] on A[i][j][k]) reduction(sum(s))
        for (i = 0; i < N; i++)
            for (j = 0; j < N; j++)
                for (k = 0; k < N; k++)
                    s += A[i][j][k] * ((i + j * 2 + k * 3) % 7);
    }
#pragma dvm get_actual(s)
    printf("checksum %.6e\n", s);
    return 0;
}
