/* Reduction loops whose grid is capped below what their iterations need:
 * with one multiprocessor (CUEMU_SMS=1) and blocks of 1024 threads a
 * reduction's grid holds at most 16 blocks (8 times the 2 that fill it),
 * and the kernels stride over the rest. Counts around multiples of the block; every sum against the
 * sequential one. */
#include <stdio.h>

#define N 40000

#pragma dvm array distribute[block]
static double A[N];

static const int counts[] = {1000, 1024, 1025, 16383, 16384, 16385, 17408, 32768, 32769, 33793, N};

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
#pragma dvm region in(A)
        {
#pragma dvm parallel([i] on A[i]) reduction(sum(s), sum(c)) cuda_block(1024)
            for (i = 0; i < n; i++) {
                s += (long)A[i] * (i % 3 + 1);
                c += 1;
            }
        }
#pragma dvm get_actual(s, c)
        printf("n %d: sum %ld count %ld\n", n, s, c);
    }
    return 0;
}
