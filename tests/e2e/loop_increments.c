/* Parallel loops whose increments are written as OpenMP allows besides
 * ++ and +=: i = i + 1, j = j + 2, i = 3 + i, i = i - (s + 1), k = k + s - 1,
 * in a region and outside, up and down. */
#include <stdio.h>

#define N 30
#define M 20

#pragma dvm array distribute[block][block]
int A[N][M];
#pragma dvm array distribute[block]
long V[N];

int main(void)
{
    int i, j, s = 3;
    long sum = 0;
#pragma dvm region
    {
#pragma dvm parallel([i][j] on A[i][j])
        for (i = 0; i < N; i = i + 1)
            for (j = 0; j < M; j = 1 + j)
                A[i][j] = i * 100 + j;
#pragma dvm parallel([i][j] on A[i][j])
        for (i = 1; i < N; i = 3 + i)
            for (j = 0; j < M; j = j + 2)
                A[i][j] = -A[i][j];
#pragma dvm parallel([i] on V[i])
        for (i = 0; i < N; i = i + 1)
            V[i] = i;
#pragma dvm parallel([i] on V[i])
        for (i = N - 1; i >= 0; i = i - (s + 1))
            V[i] *= 7;
    }
#pragma dvm parallel([i] on V[i]) reduction(sum(sum))
    for (i = 2; i < N; i = i + s - 1)
        sum += V[i] * (i + 1);
#pragma dvm parallel([i][j] on A[i][j]) reduction(sum(sum))
    for (i = 0; i < N; i = i + 1)
        for (j = M - 1; j >= 0; j = j - 3)
            sum += A[i][j] * (j + 1);
    printf("%ld %d %d %d\n", sum, i, j, A[4][6]);
    return 0;
}
