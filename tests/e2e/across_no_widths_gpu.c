/* across(A) without widths inside regions, so that the loops may run on
 * accelerators: the dependencies reach as far as the arrays' shadow edges
 * (A: 1 each way, B: the default 1, C: 2 below in the first dimension, D:
 * 2 above in the second), which the CUDA launcher learns from the runtime
 * (dvmh_loop_across_width) to order its wavefront: the diagonal
 * references (A[i - 1][j + 1], D[i - 1][j + 2]) need the new values, which
 * a wavefront that ignored the widths would run in the same step or after.
 * Integer arithmetic: every order of the others gives the same sums. */
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
#pragma dvm array align([i][j] with A[i][j]), shadow[1:1][0:2]
long D[N][M];

int main(void)
{
    int i, j, it;
    long sa = 0, sb = 0, sc = 0, sd = 0;
#pragma dvm region out(A, B, C, D)
    {
#pragma dvm parallel([i][j] on A[i][j])
        for (i = 0; i < N; i++)
            for (j = 0; j < M; j++) {
                A[i][j] = (i * 31 + j * 17) % 101;
                D[i][j] = (i * 11 + j * 19) % 83;
            }
#pragma dvm parallel([i][j] on B[i][j])
        for (i = 0; i < N; i++)
            for (j = 0; j < M; j++)
                B[i][j] = (i * 13 + j * 7) % 97;
#pragma dvm parallel([i][j] on C[i][j])
        for (i = 0; i < N; i++)
            for (j = 0; j < M; j++)
                C[i][j] = (i * 5 + j * 3) % 89;
    }
    for (it = 0; it < 3; it++) {
#pragma dvm region
        {
#pragma dvm parallel([i][j] on A[i][j]) across(A)
            for (i = 1; i < N - 1; i++)
                for (j = 1; j < M - 1; j++)
                    A[i][j] = (A[i - 1][j] + 3 * A[i + 1][j] + 5 * A[i][j - 1] + 7 * A[i][j + 1] + 11 * A[i - 1][j + 1] + 1) % MOD;
#pragma dvm parallel([i][j] on B[i][j]) across(B)
            for (i = 1; i < N - 1; i++)
                for (j = 1; j < M - 1; j++)
                    B[i][j] = (2 * B[i - 1][j] + B[i + 1][j] + 3 * B[i][j - 1] + B[i][j + 1] + 1) % MOD;
#pragma dvm parallel([i][j] on C[i][j]) across(C)
            for (i = 2; i < N; i++)
                for (j = 1; j < M - 1; j++)
                    C[i][j] = (C[i - 2][j] + 2 * C[i - 1][j] + 3 * C[i][j - 1] + 5 * C[i][j + 1] + 1) % MOD;
#pragma dvm parallel([i][j] on D[i][j]) across(D)
            for (i = 1; i < N - 1; i++)
                for (j = 0; j < M - 2; j++)
                    D[i][j] = (D[i - 1][j] + 2 * D[i + 1][j] + 3 * D[i][j + 2] + 5 * D[i][j + 1] + 7 * D[i - 1][j + 2] + A[i][j] + 1) % MOD;
        }
    }
#pragma dvm region
    {
#pragma dvm parallel([i][j] on A[i][j]) reduction(sum(sa), sum(sb), sum(sc), sum(sd))
        for (i = 0; i < N; i++)
            for (j = 0; j < M; j++) {
                sa += A[i][j] * (i + 2 * j + 1);
                sb += B[i][j] * (2 * i + j + 1);
                sc += C[i][j] * (3 * i + j + 1);
                sd += D[i][j] * (i + 3 * j + 1);
            }
    }
#pragma dvm get_actual(sa, sb, sc, sd)
    printf("sa=%ld sb=%ld sc=%ld sd=%ld\n", sa, sb, sc, sd);
    return 0;
}
