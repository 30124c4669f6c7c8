/* Reduction loops whose grid is capped below what their iterations need:
 * with one multiprocessor (CUEMU_SMS=1) and blocks of 1024 threads, a
 * reduction with partial results (the floating sum of the first loop) has
 * a grid of at most 16 blocks (8 times the 2 that fill it), as has one
 * whose reductions all combine atomically in 8 bytes (the long sums of
 * the second loop); one whose reductions all combine atomically in 4
 * bytes (the int sum and max of the last loop) has at most 1024 blocks
 * (512 times). The kernels stride over the rest. Counts around multiples
 * of the block and of the caps; every sum against the sequential one. */
#include <stdio.h>

#define N 40000

#pragma dvm array distribute[block]
static double A[N];

static const int counts[] = {1000, 1024, 1025, 16383, 16384, 16385, 17408, 32768, 32769, 33793, N};
/* 1024 blocks of 1024 threads: 1048576 iterations */
static const int big[] = {1048575, 1048576, 1048577, 1100000};

int main(void)
{
    int i, k;
#pragma dvm region out(A)
    {
#pragma dvm parallel([i] on A[i])
        for (i = 0; i < N; i++)
            A[i] = i % 13 + 1;
    }
    for (k = 0; k < (int)(sizeof counts / sizeof counts[0]); k++) {
        int n = counts[k];
        long s = 0, c = 0;
        double d = 0;
#pragma dvm region in(A)
        {
#pragma dvm parallel([i] on A[i]) reduction(sum(s), sum(c), sum(d)) cuda_block(1024)
            for (i = 0; i < n; i++) {
                s += (long)A[i] * (i % 3 + 1);
                c += 1;
                d += A[i];
            }
        }
#pragma dvm get_actual(s, c, d)
        printf("n %d: sum %ld count %ld double sum %.1f\n", n, s, c, d);
        s = 0;
#pragma dvm region in(A)
        {
#pragma dvm parallel([i] on A[i]) reduction(sum(s)) cuda_block(1024)
            for (i = 0; i < n; i++)
                s += (long)A[i] * (i % 5 + 1);
        }
#pragma dvm get_actual(s)
        printf("n %d: long sum %ld\n", n, s);
    }
    for (k = 0; k < (int)(sizeof big / sizeof big[0]); k++) {
        int n = big[k];
        int s = 0, mx = -1;
#pragma dvm region
        {
#pragma dvm parallel([i]) reduction(sum(s), max(mx)) cuda_block(1024)
            for (i = 0; i < n; i++) {
                s += i % 7 + 1;
                mx = (int)((long)i * 3 % 1000003) > mx ? (int)((long)i * 3 % 1000003) : mx;
            }
        }
#pragma dvm get_actual(s, mx)
        printf("n %d: atomic sum %d max %d\n", n, s, mx);
    }
    return 0;
}
