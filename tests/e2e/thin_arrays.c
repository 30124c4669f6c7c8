/* Arrays thinner than the process grid: a 3-row array with an across loop
 * (the pipeline passes through processes that own no interior row), and a
 * 5-element vector with width-2 shadow edges, wider than some processes'
 * blocks on 3 and 4 processes. */
// TOLERANCE: 1e-10
#include <stdio.h>
#define N 3
#define M 40
#pragma dvm array distribute[block][block]
double A[N][M];
#pragma dvm array distribute[block], shadow[2]
double V[5];
int main(void)
{
    int i, j;
    double s = 0, t = 0;
#pragma dvm parallel([i][j] on A[i][j])
    for (i = 0; i < N; i++)
        for (j = 0; j < M; j++)
            A[i][j] = i + j * 0.5;
#pragma dvm parallel([i][j] on A[i][j]) across(A[1:1][1:1])
    for (i = 1; i < N - 1; i++)
        for (j = 1; j < M - 1; j++)
            A[i][j] = (A[i - 1][j] + A[i + 1][j] + A[i][j - 1] + A[i][j + 1]) / 4.5;
#pragma dvm parallel([i] on V[i])
    for (i = 0; i < 5; i++)
        V[i] = i * i;
#pragma dvm parallel([i] on V[i]) shadow_renew(V) reduction(sum(t))
    for (i = 2; i < 3; i++)
        t += V[i - 2] + V[i + 2] * 3;
#pragma dvm parallel([i][j] on A[i][j]) reduction(sum(s))
    for (i = 0; i < N; i++)
        for (j = 0; j < M; j++)
            s += A[i][j] * (i + j + 1);
    printf("checksum %.10e shadow sum %.1f\n", s, t);
    return 0;
}
