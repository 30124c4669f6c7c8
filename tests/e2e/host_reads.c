/* Host code reading elements other processes own, without remote_access:
 * every process runs it, so each value comes from its owner. Owner-computes
 * assignments in between (only the owner runs one: a non-local element it
 * reads needs remote_access, as in DVM), and a sequential loop over a whole
 * array. */
#include <stdio.h>

#define N 23

#pragma dvm array distribute[block][block]
int A[N][N];
#pragma dvm array distribute[block]
double v[N];

int main(void)
{
    int i, j;
    long s = 0;
#pragma dvm parallel([i][j] on A[i][j])
    for (i = 0; i < N; i++)
        for (j = 0; j < N; j++)
            A[i][j] = i * 100 + j;
#pragma dvm parallel([i] on v[i])
    for (i = 0; i < N; i++)
        v[i] = i * 0.5;
    printf("corners %d %d %d %d\n", A[0][0], A[0][N - 1], A[N - 1][0], A[N - 1][N - 1]);
    A[N / 2][N / 3] = -7;
#pragma dvm remote_access(v[0])
    {
        v[N - 1] = v[0] + 100;
    }
    for (i = 0; i < N; i++)
        s += A[i][(i * 7) % N];
    printf("diag-ish sum %ld, A[%d][%d]=%d, v[last]=%.1f\n", s, N / 2, N / 3, A[N / 2][N / 3], v[N - 1]);
    if (A[3][4] == 304 && v[2] > 0.9)
        puts("conditions agree");
    return A[1][1] % 50;
}
