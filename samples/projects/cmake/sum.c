/* A distributed array summed by a parallel loop: the smallest complete
 * C-DVMH program, built by the example projects next to this file. */
#include <stdio.h>

#define N 1000

#pragma dvm array distribute[block]
long A[N];

int main(void)
{
    long s = 0;
    int i;
#pragma dvm parallel([i] on A[i])
    for (i = 0; i < N; i++)
        A[i] = i;
#pragma dvm parallel([i] on A[i]) reduction(sum(s))
    for (i = 0; i < N; i++)
        s += A[i];
    printf("sum=%ld\n", s);
    return 0;
}
