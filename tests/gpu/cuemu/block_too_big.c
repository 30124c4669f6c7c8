/* A cuda_block larger than the kernel can run (2048 threads; at most 1024
 * on any GPU): the run stops with a message naming the loop's line, the
 * kernel and its registers. */
#include <stdio.h>

#define N 64

#pragma dvm array distribute[block][block]
double a[N][N];

int main(void)
{
    int i, j;
#pragma dvm region
    {
#pragma dvm parallel([i][j] on a[i][j]) cuda_block(64, 32)
        for (i = 0; i < N; i++)
            for (j = 0; j < N; j++)
                a[i][j] = i + j;
    }
#pragma dvm get_actual(a)
    printf("%g\n", a[N - 1][N - 1]);
    return 0;
}
