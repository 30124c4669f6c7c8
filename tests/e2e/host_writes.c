/* Host code changing distributed elements between regions without an
 * 'actual' directive (owner computes): the next region sees the changes,
 * including compound assignments that read the region's values, and a
 * whole host loop over the array. */
#include <stdio.h>

#define N 24
#define M 16

#pragma dvm array distribute[block][block], shadow[1:1][1:1]
int A[N][M];

static long checksum(void)
{
    long s = 0;
    int i, j;
#pragma dvm region
    {
#pragma dvm parallel([i][j] on A[i][j]) reduction(sum(s))
        for (i = 0; i < N; i++)
            for (j = 0; j < M; j++)
                s += (long)A[i][j] * (i + 2 * j + 1);
    }
    return s;
}

int main(void)
{
    int i, j, it;
#pragma dvm region out(A)
    {
#pragma dvm parallel([i][j] on A[i][j])
        for (i = 0; i < N; i++)
            for (j = 0; j < M; j++)
                A[i][j] = i - j;
    }
    printf("start %ld\n", checksum());
    for (it = 0; it < 3; it++) {
        A[it][it] = 1000 + it;
        A[N - 1 - it][2] += 7;
        A[3][M - 1 - it]++;
        printf("after host changes %d: %ld\n", it, checksum());
#pragma dvm region
        {
#pragma dvm parallel([i][j] on A[i][j])
            for (i = 0; i < N; i++)
                for (j = 0; j < M; j++)
                    A[i][j] = A[i][j] * 3 % 1001;
        }
    }
    for (i = 0; i < N; i++)
        for (j = 0; j < M; j++)
            A[i][j] += i * j;
    printf("after a host loop %ld\n", checksum());
    return 0;
}
