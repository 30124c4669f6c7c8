/* Automatic arrays used in regions by a function called several times:
 * each call's array is new memory (often at the same address), whatever a
 * region of the previous call left on an accelerator; the host
 * initialises it without an 'actual' directive, as a declaration gives
 * no value to keep. Also a local array in a block inside a loop. */
#include <stdio.h>

#define N 64

static double work(int seed)
{
    double t[N];
    double s = 0;
    int i;
    for (i = 0; i < N; i++)
        t[i] = seed * 1000 + i;
#pragma dvm region
    {
#pragma dvm parallel([i]) tie(t[i])
        for (i = 0; i < N; i++)
            t[i] = t[i] * 2 + 1;
#pragma dvm parallel([i]) tie(t[i]) reduction(sum(s))
        for (i = 0; i < N; i++)
            s += t[i] * (i % 5);
    }
    return s;
}

int main(void)
{
    int k, i;
    double total = 0;
    for (k = 0; k < 4; k++) {
        double w = work(k);
        printf("work(%d) = %.1f\n", k, w);
        total += w;
    }
    for (k = 0; k < 3; k++) {
        int v[N];
        long s = 0;
        for (i = 0; i < N; i++)
            v[i] = k + i;
#pragma dvm region
        {
#pragma dvm parallel([i]) tie(v[i]) reduction(sum(s))
            for (i = 0; i < N; i++)
                s += v[i] * v[i];
        }
        printf("block %d: %ld\n", k, s);
    }
    printf("total %.1f\n", total);
    return 0;
}
