/* A reduction whose variable (an array of 30000 doubles, 240000 bytes per
 * thread) cannot be combined in a GPU block's shared memory: the run stops
 * with a message naming the loop's line and what to do (the host runs such
 * a loop). */
#include <stdio.h>

#define N 1000
#define H 30000

#pragma dvm array distribute[block]
double a[N];

int main(void)
{
    int i;
    static double h[H];
#pragma dvm region
    {
#pragma dvm parallel([i] on a[i])
        for (i = 0; i < N; i++)
            a[i] = i;
#pragma dvm parallel([i] on a[i]) reduction(sum(h))
        for (i = 0; i < N; i++)
            h[i % H] += a[i];
    }
    printf("%g\n", h[N - 1]);
    return 0;
}
