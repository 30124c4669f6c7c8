/* across loops running downwards in one or both dimensions, with diagonal
 * references that point against the loop order only once the direction
 * is taken into account: with j downwards, B[i-1][j-1] reads a new value
 * of the previous row and an old value of a later column, which is the
 * A[i-1][j+1] case of an upward loop. On a 2x2 process grid and on the
 * threads of a process the pipeline must keep that order. Also the
 * same-direction diagonals, which need no such care (A[i-1][j-1] upwards,
 * A[i+1][j+1] with both loops downwards). Integer arithmetic: every order
 * gives the same sums, so a block that ran too early shows. The outer
 * loop runs downwards too: the pipeline's stages then go downwards. */
#include <stdio.h>

#define N 21
#define M 26
#define MOD 1000003

#pragma dvm array distribute[block][block], shadow[1:1][1:1]
long A[N][M];
#pragma dvm array align([i][j] with A[i][j]), shadow[1:1][1:1]
long B[N][M];

static long f(long a, long b, long c, long d)
{
    return (3 * a + 5 * b + 7 * c + 11 * d + 1) % MOD;
}

int main(void)
{
    int i, j, it;
    long sa = 0, sb = 0;
#pragma dvm parallel([i][j] on A[i][j])
    for (i = 0; i < N; i++)
        for (j = 0; j < M; j++) {
            A[i][j] = (i * 31 + j * 17) % 101;
            B[i][j] = (i * 13 + j * 7) % 97;
        }
    for (it = 0; it < 3; it++) {
        /* j downwards: B[i-1][j-1] is new, B[i+1][j+1] old: diagonal */
#pragma dvm parallel([i][j] on B[i][j]) across(B[1:1][1:1])
        for (i = 1; i < N - 1; i++)
            for (j = M - 2; j >= 1; j--)
                B[i][j] = f(B[i - 1][j - 1], B[i + 1][j + 1], B[i][j + 1], B[i - 1][j]);
        /* i downwards: A[i+1][j+1] is new, A[i-1][j-1] old: diagonal */
#pragma dvm parallel([i][j] on A[i][j]) across(A[1:1][1:1])
        for (i = N - 2; i >= 1; i--)
            for (j = 1; j < M - 1; j++)
                A[i][j] = f(A[i + 1][j + 1], A[i - 1][j - 1], A[i][j - 1], A[i + 1][j]);
        /* both downwards, the same-direction diagonal: A[i+1][j+1] new,
         * A[i-1][j-1] old, no diagonal against the order */
#pragma dvm parallel([i][j] on A[i][j]) across(A[1:1][1:1])
        for (i = N - 2; i >= 1; i--)
            for (j = M - 2; j >= 1; j--)
                A[i][j] = f(A[i + 1][j + 1], A[i - 1][j - 1], A[i][j + 1], A[i - 1][j]);
        /* both upwards, same direction: B[i-1][j-1] new, B[i+1][j+1] old */
#pragma dvm parallel([i][j] on B[i][j]) across(B[1:1][1:1])
        for (i = 1; i < N - 1; i++)
            for (j = 1; j < M - 1; j++)
                B[i][j] = f(B[i - 1][j - 1], B[i + 1][j + 1], B[i][j - 1], B[i + 1][j]);
    }
#pragma dvm parallel([i][j] on A[i][j]) reduction(sum(sa), sum(sb))
    for (i = 0; i < N; i++)
        for (j = 0; j < M; j++) {
            sa += A[i][j] * (i + 2 * j + 1);
            sb += B[i][j] * (2 * i + j + 1);
        }
    printf("sa=%ld sb=%ld\n", sa, sb);
    printf("A[5][7]=%ld B[9][3]=%ld A[1][1]=%ld B[N-2][M-2]=%ld\n", A[5][7], B[9][3], A[1][1],
           B[N - 2][M - 2]);
    return 0;
}
