/* An across loop divided between 2 processes, each with an emulated GPU
 * alone (DVMH_CPU_PERF=0): the pipeline's stages run on the GPUs, and
 * only the edges move between each GPU's copy and its host's (the flow
 * edge a process sends, the one it receives, the old values of the other
 * side), not the arrays (the pipeline ran on the host copies before: the
 * local part, 16384 bytes, went to the host, the sweeps ran on the CPU,
 * and the last loop took it back). The test counts those bytes exactly
 * (meson.build) and checks the output against plain C's. */
#include <stdio.h>

#define N 64
#define ITMAX 4

#pragma dvm array distribute[block][block]
double A[N][N];

int main(void)
{
    int i, j, it;
    double s = 0;
#pragma dvm region out(A)
    {
#pragma dvm parallel([i][j] on A[i][j])
        for (i = 0; i < N; i++)
            for (j = 0; j < N; j++)
                A[i][j] = (i == 0 || j == 0 || i == N - 1 || j == N - 1) ? 1.0 + i + j : 0.0;
    }
    for (it = 0; it < ITMAX; it++) {
#pragma dvm region
        {
#pragma dvm parallel([i][j] on A[i][j]) across(A[1:1][1:1])
            for (i = 1; i < N - 1; i++)
                for (j = 1; j < N - 1; j++)
                    A[i][j] = (A[i - 1][j] + A[i + 1][j] + A[i][j - 1] + A[i][j + 1]) / 4;
        }
    }
#pragma dvm region
    {
#pragma dvm parallel([i][j] on A[i][j]) reduction(sum(s))
        for (i = 0; i < N; i++)
            for (j = 0; j < N; j++)
                s += A[i][j] * (i + 1);
    }
#pragma dvm get_actual(s)
    printf("s=%.6f\n", s);
    return 0;
}
