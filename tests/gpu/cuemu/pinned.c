/* Transfers of a large distributed array between the host and an emulated
 * GPU: its host memory (a mapped block of 16.5 MiB with the shadow edges)
 * is page-locked on its first transfer, and the emulator runs copies from
 * and to page-locked memory only when something waits for them, as a GPU
 * may. Host writes between the regions, both directions every iteration;
 * every checksum against plain C's. */
#include <stdio.h>

#define N 128
#pragma dvm array distribute[block][block][]
double A[N][N][N];
#pragma dvm array align([i][j][k] with A[i][j][k])
double B[N][N][N];

#pragma dvm inherit(X)
static double weighted(double X[N][N][N])
{
    double s = 0;
    int i, j, k;
#pragma dvm parallel([i][j][k] on X[i][j][k]) reduction(sum(s))
    for (i = 0; i < N; i++)
        for (j = 0; j < N; j++)
            for (k = 0; k < N; k++)
                s += X[i][j][k] * ((i * 7 + j * 3 + k) % 11 + 1);
    return s;
}

int main(void)
{
    int i, j, k, it;
#pragma dvm region out(A)
    {
#pragma dvm parallel([i][j][k] on A[i][j][k])
        for (i = 0; i < N; i++)
            for (j = 0; j < N; j++)
                for (k = 0; k < N; k++)
                    A[i][j][k] = (i * N + j) % 7 + k;
    }
    for (it = 0; it < 3; it++) {
        /* to the host, written there, back to the device */
#pragma dvm get_actual(A)
        for (j = 0; j < N; j++)
            for (k = 0; k < N; k++)
                A[it + 1][j][k] = -j - k - it;
#pragma dvm actual(A)
#pragma dvm region in(A) out(B)
        {
#pragma dvm parallel([i][j][k] on B[i][j][k])
            for (i = 0; i < N; i++)
                for (j = 0; j < N; j++)
                    for (k = 0; k < N; k++)
                        B[i][j][k] = 2 * A[i][j][k] + it;
        }
        /* the host's copy of A is still current: written at once */
        for (j = 0; j < N; j++)
            for (k = 0; k < N; k++)
                A[it + 2][j][k] = 1000 + j;
#pragma dvm actual(A)
#pragma dvm get_actual(B)
        printf("it %d: A %.1f B %.1f\n", it, weighted(A), weighted(B));
    }
    return 0;
}
