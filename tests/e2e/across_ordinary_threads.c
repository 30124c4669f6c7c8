/* across loops on ordinary arrays (no 'distribute': every process holds
 * them whole and runs the loop whole) whose every dimension carries a
 * dependence: the host's threads pipeline them (blocks of the second
 * dimension, rows of the first in order) with the widths the compiler
 * reads through 'tie' or the references. Diagonal references both ways
 * (A[i-1][j+1] new, A[i+1][j-1] old: the blocks run in lock-step), a loop
 * running downwards in the blocked dimension, a 3-D nest, a width of 2
 * along the blocked dimension over few columns (fewer blocks than
 * threads), a reduction, and a width given by a macro. Integer
 * arithmetic: a block that ran too early shows in the sums. */
#include <stdio.h>

#define N 23
#define M 19
#define P 7
#define W 1
#define MOD 1000003

long A[N][M], B[N][M], C[P][P][P];

static long f(long a, long b, long c, long d)
{
    return (a + 2 * b + 3 * c + 5 * d + 1) % MOD;
}

int main(void)
{
    int i, j, k, it;
    long sum = 0, s2 = 0;
    for (i = 0; i < N; i++)
        for (j = 0; j < M; j++) {
            A[i][j] = (i * 31 + j * 17) % 101;
            B[i][j] = (i * 13 + j * 7) % 97;
        }
    for (i = 0; i < P; i++)
        for (j = 0; j < P; j++)
            for (k = 0; k < P; k++)
                C[i][j][k] = (i + 3 * j + 5 * k) % 11;
#pragma dvm region inout(A, B, C)
    {
        for (it = 0; it < 3; it++) {
            /* diagonal both ways, with a reduction; tie gives the mapping */
#pragma dvm parallel([i][j]) tie(A[i][j]) across(A[1:1][1:1]) reduction(sum(sum))
            for (i = 1; i < N - 1; i++)
                for (j = 1; j < M - 1; j++) {
                    A[i][j] = f(A[i - 1][j + 1], A[i + 1][j - 1], A[i][j - 1], A[i][j + 1]);
                    sum += A[i][j] * (i + j);
                }
            /* downwards in the blocked dimension; the references give the
             * mapping */
#pragma dvm parallel([i][j]) across(B[1:1][1:1])
            for (i = 1; i < N - 1; i++)
                for (j = M - 2; j >= 1; j--)
                    B[i][j] = f(B[i - 1][j], B[i][j + 1], B[i + 1][j], B[i][j - 1]);
            /* three dimensions */
#pragma dvm parallel([i][j][k]) across(C[1:1][1:1][1:1])
            for (i = 1; i < P - 1; i++)
                for (j = 1; j < P - 1; j++)
                    for (k = 1; k < P - 1; k++)
                        C[i][j][k] = f(C[i - 1][j][k], C[i][j - 1][k + 1], C[i][j][k - 1],
                                       C[i + 1][j + 1][k]);
            /* width 2 along the blocked dimension over 5 columns, step 2 in i */
#pragma dvm parallel([i][j]) tie(B[i][j]) across(B[2:0][2:2])
            for (i = 2; i < N; i += 2)
                for (j = 2; j < 7; j++)
                    B[i][j] = f(B[i - 2][j], B[i][j - 2], B[i][j + 2], B[i][j - 1]);
            /* widths from a macro (its value is known only to the program) */
#pragma dvm parallel([i][j]) tie(A[i][j]) across(A[W:W][W:W])
            for (i = 1; i < N - 1; i++)
                for (j = 1; j < M - 1; j++)
                    A[i][j] = f(A[i - 1][j], A[i][j - 1], A[i + 1][j], A[i][j + 1]);
        }
    }
#pragma dvm get_actual(A, B, C, sum)
    for (i = 0; i < N; i++)
        for (j = 0; j < M; j++)
            s2 += A[i][j] * (i + 2 * j) + B[i][j] * (3 * i + j);
    printf("sum=%ld s2=%ld\n", sum, s2);
    sum = 0;
    for (i = 0; i < P; i++)
        for (j = 0; j < P; j++)
            for (k = 0; k < P; k++)
                sum += C[i][j][k] * (i + 2 * j + 3 * k);
    printf("c=%ld\n", sum);
    return 0;
}
