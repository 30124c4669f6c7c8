/* A 'local' array of a region (values needed neither at entry nor at exit)
 * computed by one loop and read through its shadow edges by a later loop of
 * the same region after shadow_renew: the edges must hold the neighbours'
 * new values, in 1D and with corner elements in 2D. */
#include <stdio.h>

#define N 17
#define M 9

#pragma dvm array distribute[block]
long B[N];
#pragma dvm array align([i] with B[i])
long A[N];
#pragma dvm array distribute[block][block], shadow[1:1][1:1]
long P[N][M];
#pragma dvm array align([i][j] with P[i][j])
long Q[N][M];

int main(void)
{
    int i, j;
    long s = 0, t = 0;
#pragma dvm region local(A), out(B)
    {
#pragma dvm parallel([i] on A[i])
        for (i = 0; i < N; i++)
            A[i] = 10 + i * i;
#pragma dvm parallel([i] on B[i]) shadow_renew(A)
        for (i = 0; i < N; i++)
            B[i] = (i > 0 ? A[i - 1] : 0) + 2 * (i < N - 1 ? A[i + 1] : 0);
    }
#pragma dvm region local(P) out(Q)
    {
#pragma dvm parallel([i][j] on P[i][j])
        for (i = 0; i < N; i++)
            for (j = 0; j < M; j++)
                P[i][j] = i * 5 + j * j;
#pragma dvm parallel([i][j] on Q[i][j]) shadow_renew(P(corner))
        for (i = 1; i < N - 1; i++)
            for (j = 1; j < M - 1; j++)
                Q[i][j] = P[i - 1][j - 1] + 3 * P[i + 1][j + 1] - P[i - 1][j + 1];
    }
#pragma dvm actual(s, t)
#pragma dvm region
    {
#pragma dvm parallel([i] on B[i]) reduction(sum(s))
        for (i = 0; i < N; i++)
            s += B[i] * (i + 1);
#pragma dvm parallel([i][j] on Q[i][j]) reduction(sum(t))
        for (i = 1; i < N - 1; i++)
            for (j = 1; j < M - 1; j++)
                t += Q[i][j] * (i + 2 * j);
    }
#pragma dvm get_actual(s, t)
    printf("s=%ld t=%ld\n", s, t);
    return 0;
}
