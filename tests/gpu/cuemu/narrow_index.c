/* The kernel instances that cover the grid compute their iterations and
 * subscripts in int, where every loop bound and offset fits below 2^30
 * (dvmh_cuda_narrow); otherwise the grid-stride instance, in 64 bits, runs
 * even when the grid covers the loop. The second loop's variable runs
 * beyond 2^30 (its 'on' subtracts it back), so it must take _kernel;
 * output against plain C's; the launch log (CUEMU_LAUNCH_LOG=-) names
 * the kernels that ran. */
#include <stdio.h>

#define N 1000
#define BIG (1 << 30)

#pragma dvm array distribute[block]
int A[N];
#pragma dvm array align([i] with A[i])
long B[N];

int main(void)
{
    int i;
    long s = 0;
#pragma dvm region out(A)
    {
#pragma dvm parallel([i] on A[i])
        for (i = 0; i < N; i++)
            A[i] = i % 7 + 1;
    }
#pragma dvm region in(A) out(B)
    {
#pragma dvm parallel([i] on B[i - BIG])
        for (i = BIG; i < BIG + N; i++)
            B[i - BIG] = (long)A[i - BIG] * (i - BIG + 3);
    }
#pragma dvm region in(B)
    {
#pragma dvm parallel([i] on B[i]) reduction(sum(s))
        for (i = 0; i < N; i++)
            s += B[i];
    }
#pragma dvm get_actual(s)
    printf("sum %ld\n", s);
    return 0;
}
