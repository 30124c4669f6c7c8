/* Reversed ties: tie(A[-i]) says that the array dimension runs against
 * loop variable i, with an offset the directive does not give (SAPFOR
 * writes it for A[N - i] and for descending loops). Ordinary arrays
 * written through N - 1 - i, a descending loop with a forward across
 * dependence, a 2D array reversed in one dimension only, and a descending
 * loop reading the row before it diagonally (A[i+1][j+1], SAPFOR's
 * dvmh_sm tests): cut between devices along j and run piece after piece,
 * it read the next piece's row before it was computed. */
#include <stdio.h>

#define N 30
#define M 7
// TOLERANCE: 1e-9

double A[N];
double C[N];
long P[N][M];
long D[N][M];

int main(void)
{
    int i, j;
    double s = 0;
    long t = 0;
    for (i = 0; i < N; i++) {
        C[i] = i * 0.5;
        for (j = 0; j < M; j++)
            D[i][j] = (i * 7 + j * 3) % 11;
    }
#pragma dvm actual(C, D)
#pragma dvm region inout(A, C, P, D)
    {
#pragma dvm parallel([i][j]) tie(D[-i][j]) across(D[0:1][0:0])
        for (i = N - 2; i >= 0; i--)
            for (j = 0; j < M - 1; j++)
                D[i][j] = D[i + 1][j + 1] % 1000 + j + 1;
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
#pragma dvm get_actual(A, C, P, D)
    for (i = 0; i < N; i++) {
        s += A[i] * (i % 7 + 1) + C[i] * (i % 5 + 2);
        for (j = 0; j < M; j++)
            t += P[i][j] * (i + 3 * j + 1) + D[i][j] * (i + j % 5 + 1);
    }
    printf("s=%.2f t=%ld\n", s, t);
    return 0;
}
