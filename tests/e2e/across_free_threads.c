/* across loops whose threads share an inner dimension that carries no
 * dependence (ADI-style sweeps along i with j shared): every array the
 * loop writes is touched by each j in elements of its own, so the
 * threads run their blocks without meeting after each row. Sweeps up and
 * down, two written arrays, a read-only neighbour along the shared
 * dimension, a reduction, and arrays in across that neither 'on' nor
 * 'tie' maps (an aligned array; an ordinary array in a region), whose
 * references give the mapping (GPU handlers for them too). Integer
 * arithmetic: a row computed before its predecessor shows in the sums. */
#include <stdio.h>

#define N 21
#define M 17
#define P 9
#define MOD 1000003

#pragma dvm array distribute[block][block][block]
long A[N][M][P];
#pragma dvm array align([i][j][k] with A[i][j][k])
long B[N][M][P];
#pragma dvm array distribute[block][block]
long C[N][M];
#pragma dvm array align([i][j] with C[i][j])
long D[N][M];
long E[N][M];

static long f(long a, long b, long c)
{
    return (3 * a + 5 * b + 7 * c + 1) % MOD;
}

int main(void)
{
    int i, j, k, it;
    long sum = 0, s2 = 0;
#pragma dvm parallel([i][j][k] on A[i][j][k])
    for (i = 0; i < N; i++)
        for (j = 0; j < M; j++)
            for (k = 0; k < P; k++) {
                A[i][j][k] = (i * 31 + j * 17 + k * 5) % 101;
                B[i][j][k] = (i * 13 + j * 7 + k * 3) % 97;
            }
#pragma dvm parallel([i][j] on C[i][j])
    for (i = 0; i < N; i++)
        for (j = 0; j < M; j++) {
            C[i][j] = (i * 11 + j * 19) % 89;
            D[i][j] = (i * 23 + j * 3) % 83;
        }
    for (i = 0; i < N; i++)
        for (j = 0; j < M; j++)
            E[i][j] = (i * 7 + j * 29) % 79;
    for (it = 0; it < 3; it++) {
        /* along i, j shared; B read at j + 1 (not written) */
#pragma dvm parallel([i][j][k] on A[i][j][k]) across(A[1:1][0:0][0:0]) shadow_renew(B)
        for (i = 1; i < N - 1; i++)
            for (j = 1; j < M - 1; j++)
                for (k = 0; k < P; k++)
                    A[i][j][k] = f(A[i - 1][j][k], A[i + 1][j][k], B[i][j + 1][k]);
        /* downwards along i, with a reduction */
#pragma dvm parallel([i][j][k] on A[i][j][k]) across(A[1:1][0:0][0:0]) reduction(sum(sum))
        for (i = N - 2; i >= 1; i--)
            for (j = 0; j < M; j++)
                for (k = 1; k < P - 1; k++) {
                    A[i][j][k] = f(A[i + 1][j][k], A[i - 1][j][k], A[i][j][k - 1] + A[i][j][k + 1]);
                    sum += A[i][j][k] * (i + 2 * j + 3 * k);
                }
        /* two written arrays, each touched at [.][j] only */
#pragma dvm parallel([i][j] on C[i][j]) across(C[1:1][0:0])
        for (i = 1; i < N - 1; i++)
            for (j = 0; j < M; j++) {
                D[i][j] = f(C[i - 1][j], D[i][j], 1);
                C[i][j] = f(C[i - 1][j], C[i + 1][j], D[i][j]);
            }
        /* D aligned with C, in across without 'on' or 'tie': its
         * references give its mapping (D[.][j] only: still no barrier) */
#pragma dvm parallel([i][j] on C[i][j]) across(C[1:1][0:0], D[1:0][0:0])
        for (i = 1; i < N - 1; i++)
            for (j = 0; j < M; j++) {
                D[i][j] = f(D[i - 1][j], C[i][j], 2);
                C[i][j] = f(C[i - 1][j], C[i + 1][j], D[i][j]);
            }
        /* along j with i shared: the threads take dimension 0 */
#pragma dvm parallel([i][j][k] on B[i][j][k]) across(B[0:0][1:1][0:0])
        for (i = 0; i < N; i++)
            for (j = 1; j < M - 1; j++)
                for (k = 0; k < P; k++)
                    B[i][j][k] = f(B[i][j - 1][k], B[i][j + 1][k], A[i][j][k]);
    }
#pragma dvm region
    {
#pragma dvm parallel([i][j]) across(E[1:1][0:0])
        for (i = 1; i < N - 1; i++)
            for (j = 0; j < M; j++)
                E[i][j] = f(E[i - 1][j], E[i + 1][j], j);
        /* downwards: a GPU running the rows in parallel (threads in
         * ascending order) would read old rows below */
#pragma dvm parallel([i][j]) across(E[1:1][0:0])
        for (i = N - 2; i >= 1; i--)
            for (j = 0; j < M; j++)
                E[i][j] = f(E[i + 1][j], E[i - 1][j], j);
    }
#pragma dvm get_actual(E)
#pragma dvm parallel([i][j][k] on A[i][j][k]) reduction(sum(s2))
    for (i = 0; i < N; i++)
        for (j = 0; j < M; j++)
            for (k = 0; k < P; k++)
                s2 += A[i][j][k] * (i + 2 * j + k) + B[i][j][k] * (3 * i + j + 2 * k);
    printf("sum=%ld s2=%ld\n", sum, s2);
    s2 = 0;
#pragma dvm parallel([i][j] on C[i][j]) reduction(sum(s2))
    for (i = 0; i < N; i++)
        for (j = 0; j < M; j++)
            s2 += C[i][j] * (i + 2 * j) + D[i][j] * (2 * i + j);
    for (i = 0; i < N; i++)
        for (j = 0; j < M; j++)
            s2 += E[i][j] * (i + 3 * j);
    printf("c=%ld\n", s2);
    return 0;
}
