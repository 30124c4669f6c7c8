/* across(A) without widths: the loop's dependencies reach as far as A's
 * shadow edges, the declared ones (A: 1 each way, C: 2 below in the first
 * dimension) or the default (B: 1 in each distributed dimension). The
 * loops must keep their sequential order between processes, threads and
 * devices as with the widths written out. Integer arithmetic: every order
 * gives the same sums, so a block that ran too early shows. */
#include <stdio.h>

#define N 30
#define M 27
#define MOD 1000003

#pragma dvm array distribute[block][block], shadow[1:1][1:1]
long A[N][M];
#pragma dvm array distribute[block][block]
long B[N][M];
#pragma dvm array distribute[block][block], shadow[2:0][1:1]
long C[N][M];

int main(void)
{
    int i, j, it;
    long sa = 0, sb = 0, sc = 0;
#pragma dvm parallel([i][j] on A[i][j])
    for (i = 0; i < N; i++)
        for (j = 0; j < M; j++)
            A[i][j] = (i * 31 + j * 17) % 101;
#pragma dvm parallel([i][j] on B[i][j])
    for (i = 0; i < N; i++)
        for (j = 0; j < M; j++)
            B[i][j] = (i * 13 + j * 7) % 97;
#pragma dvm parallel([i][j] on C[i][j])
    for (i = 0; i < N; i++)
        for (j = 0; j < M; j++)
            C[i][j] = (i * 5 + j * 3) % 89;
    for (it = 0; it < 3; it++) {
#pragma dvm parallel([i][j] on A[i][j]) across(A)
        for (i = 1; i < N - 1; i++)
            for (j = 1; j < M - 1; j++)
                A[i][j] = (A[i - 1][j] + 3 * A[i + 1][j] + 5 * A[i][j - 1] + 7 * A[i][j + 1] + 1) % MOD;
#pragma dvm parallel([i][j] on B[i][j]) across(B)
        for (i = 1; i < N - 1; i++)
            for (j = 1; j < M - 1; j++)
                B[i][j] = (2 * B[i - 1][j] + B[i + 1][j] + 3 * B[i][j - 1] + B[i][j + 1] + 1) % MOD;
#pragma dvm parallel([i][j] on C[i][j]) across(C)
        for (i = 2; i < N; i++)
            for (j = 1; j < M - 1; j++)
                C[i][j] = (C[i - 2][j] + 2 * C[i - 1][j] + 3 * C[i][j - 1] + 5 * C[i][j + 1] + 1) % MOD;
    }
#pragma dvm parallel([i][j] on A[i][j]) reduction(sum(sa), sum(sb), sum(sc))
    for (i = 0; i < N; i++)
        for (j = 0; j < M; j++) {
            sa += A[i][j] * (i + 2 * j + 1);
            sb += B[i][j] * (2 * i + j + 1);
            sc += C[i][j] * (3 * i + j + 1);
        }
    printf("sa=%ld sb=%ld sc=%ld\n", sa, sb, sc);
    return 0;
}
