/* A directive of the DVM system that is recognised but not implemented
 * must be a clear "not supported yet" error, never ignored. */
// E2E: expect-compile-error not supported yet
#include <stdio.h>

#define N 10

#pragma dvm array distribute[block]
double A[N];

int main(void)
{
    int i;
    double s = 0;
#pragma dvm parallel([i] on A[i])
    for (i = 0; i < N; i++)
        A[i] = i;
#pragma dvm region
    {
#pragma dvm parallel([i] on A[i]) reduction(sum(s))
        for (i = 0; i < N; i++)
            s += A[i];
    }
    /* the DVM system's C++ template directive: recognised, not done */
#pragma dvm instantiations
    s = s * 2;
    printf("%f\n", s);
    return 0;
}
