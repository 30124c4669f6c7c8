/* A region whose loops do not all have CUDA handlers: on a GPU alone the
 * host runs exactly those the remarks name (gpu_ran.py checks it), and a
 * loop in a function called from the region runs on the GPU. */
#include <stdio.h>

#define N 200

#pragma dvm array distribute[block]
static double A[N];

static double twice(double x)
{
    return 2 * x;
}

typedef double (*unary)(double);
static unary op = twice;

/* outside the region's text, run inside it */
static void shift(double by)
{
    int i;
#pragma dvm parallel([i] on A[i])
    for (i = 0; i < N; i++)
        A[i] += by;
}

int main(void)
{
    int i;
    double s = 0;
#pragma dvm region
    {
#pragma dvm parallel([i] on A[i])
        for (i = 0; i < N; i++)
            A[i] = i % 7;
        /* a call through a function pointer: no CUDA handler */
#pragma dvm parallel([i] on A[i])
        for (i = 0; i < N; i++)
            A[i] = op(A[i]);
        shift(0.5);
#pragma dvm parallel([i] on A[i]) reduction(sum(s))
        for (i = 0; i < N; i++)
            s += A[i] * (i % 3 + 1);
    }
    printf("s = %.3f\n", s);
    return 0;
}
