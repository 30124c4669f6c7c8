/* A parallel loop divided between processes ('on' a distributed array)
 * that writes an ordinary array without 'tie': each process's copy would
 * hold only its own iterations' elements, and the sum printed below would
 * miss the others' (it did: the sequential program's sum on one process,
 * a smaller one on several). On one process the program runs; on several
 * it stops naming the loop and the array. With tie (ordinary_divided.c)
 * the processes exchange the parts they wrote. */
// E2E: expect-run-error-from-procs 2 writes the ordinary array sq without 'tie'
#include <stdio.h>

#define N 30
#pragma dvm array distribute[block]
double A[N];
double sq[N];

int main(void)
{
    int i;
    double s = 0;
#pragma dvm region out(A)
    {
#pragma dvm parallel([i] on A[i])
        for (i = 0; i < N; i++)
            A[i] = i + 1;
    }
#pragma dvm region in(A) out(sq)
    {
#pragma dvm parallel([i] on A[i])
        for (i = 0; i < N; i++)
            sq[i] = A[i] * A[i];
    }
#pragma dvm get_actual(sq)
    for (i = 0; i < N; i++)
        s += sq[i];
    printf("sum of squares %.1f\n", s);
    return 0;
}
