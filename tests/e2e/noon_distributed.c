/* A parallel loop without 'on' that references a distributed array: every
 * process would run every iteration on its own part of the array and read
 * the elements it does not hold. On one process that is the whole array
 * and the program runs; on several it must stop with a message naming the
 * loop and the array, never print a wrong sum (it printed -nan before).
 * With tie or without, the same. */
// E2E: expect-run-error-from-procs 2 a parallel loop without 'on' that references the distributed array A
#include <stdio.h>

#define N 40
#pragma dvm array distribute[block]
double A[N];

int main(void)
{
    int i;
    double s = 0;
#pragma dvm region
    {
#pragma dvm parallel([i] on A[i])
        for (i = 0; i < N; i++)
            A[i] = i;
#pragma dvm parallel([i]) tie(A[i]) reduction(sum(s))
        for (i = 0; i < N; i++)
            s += A[i];
    }
    printf("%g\n", s);
    return 0;
}
