/* Reversed ties: tie(A[-i]) says that the array dimension runs against
 * loop variable i, with an offset the directive does not give (SAPFOR
 * writes it for A[N - i] and for descending loops). Ordinary arrays
 * written through N - 1 - i, a descending loop with a forward across
 * dependence, and a 2D array reversed in one dimension only. */
#include <stdio.h>

#define N 30
#define M 7
// TOLERANCE: 1e-9

double A[N];
double C[N];
long P[N][M];

int main(void)
{
    int i, j;
    double s = 0;
    long t = 0;
    for (i = 0; i < N; i++)
        C[i] = i * 0.5;
#pragma dvm actual(C)
#pragma dvm region inout(A, C, P)
    {
#pragma dvm parallel([i]) tie(A[-i])
        for (i = 1; i <= N; i++)
            A[N - i] = i * 1.5;
#pragma dvm parallel([i]) tie(C[-i]) across(C[0:1])
        for (i = N - 2; i >= 0; i--)
            C[i] = C[i + 1] + A[i];
#pragma dvm parallel([i][j]) tie(P[-i][j])
        for (i = 0; i < N; i++)
            for (j = 0; j < M; j++)
                P[N - 1 - i][j] = i * 10 + j;
    }
#pragma dvm get_actual(A, C, P)
    for (i = 0; i < N; i++) {
        s += A[i] * (i % 7 + 1) + C[i] * (i % 5 + 2);
        for (j = 0; j < M; j++)
            t += P[i][j] * (i + 3 * j + 1);
    }
    printf("s=%.2f t=%ld\n", s, t);
    return 0;
}
