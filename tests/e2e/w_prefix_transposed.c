/* A 1-D recurrence (a running sum) with across over processes, and a 2-D
 * sweep whose loop order is transposed against the array (the outer loop
 * variable indexes the array's second dimension) with the dependence along
 * the first, as users write column sweeps. */
#include <stdio.h>

#define N 90
#define M 24
// TOLERANCE: 1e-10

#pragma dvm array distribute[block]
double P[N];
#pragma dvm array distribute[block][block]
double G[N][M];

int main(void)
{
    int i, j;
    double s = 0, t = 0;
#pragma dvm region out(P, G)
    {
#pragma dvm parallel([i] on P[i])
        for (i = 0; i < N; i++)
            P[i] = (i % 7) * 0.5;
#pragma dvm parallel([i][j] on G[i][j])
        for (i = 0; i < N; i++)
            for (j = 0; j < M; j++)
                G[i][j] = (i * 3 + j) % 5 + 1;
    }
#pragma dvm region
    {
#pragma dvm parallel([i] on P[i]) across(P[1:0])
        for (i = 1; i < N; i++)
            P[i] = P[i - 1] * 0.9 + P[i];
#pragma dvm parallel([j][i] on G[i][j]) across(G[1:0][0:0])
        for (j = 0; j < M; j++)
            for (i = 1; i < N; i++)
                G[i][j] = 0.5 * (G[i][j] + G[i - 1][j]) + j;
    }
#pragma dvm region
    {
#pragma dvm parallel([i] on P[i]) reduction(sum(s))
        for (i = 0; i < N; i++)
            s += P[i] * (i + 1);
#pragma dvm parallel([i][j] on G[i][j]) reduction(sum(t))
        for (i = 0; i < N; i++)
            for (j = 0; j < M; j++)
                t += G[i][j] * ((i + j) % 4);
    }
#pragma dvm get_actual(s, t)
    printf("P checksum %.10f, G checksum %.10f\n", s, t);
#pragma dvm get_actual(P)
    printf("P[N-1] %.10f\n", P[N - 1]);
    return 0;
}
