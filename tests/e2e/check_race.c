/* Check mode (dvmcc -fdvmh-check): a prefix sum written as a parallel loop
 * without across(A[1:0]): iteration i reads A[i - 1], which iteration i - 1
 * writes in the same loop. The check reports the race on every
 * configuration, one process included. */
/* the line reported is the later access's: threads may run either first */
// E2E: dvmcc-flags -fdvmh-check
// E2E: expect-run-error error: check: race on A[
#include <stdio.h>

#define N 32

#pragma dvm array distribute[block]
int A[N];

int main(void)
{
    int i;
    long sum = 0;
#pragma dvm parallel([i] on A[i])
    for (i = 0; i < N; i++)
        A[i] = i % 5;
    /* the bug: iterations depend on each other, and no across says so */
#pragma dvm parallel([i] on A[i]) shadow_renew(A)
    for (i = 1; i < N; i++)
        A[i] =
            A[i - 1] + A[i];
#pragma dvm parallel([i] on A[i]) reduction(sum(sum))
    for (i = 0; i < N; i++)
        sum += (long)A[i] * (i + 1);
    printf("sum=%ld\n", sum);
    return 0;
}
