/* Check mode (dvmcc -fdvmh-check): a race that, on two processes, lies
 * across the edge between them: iteration N/2 - 1 reads A[N/2], which
 * iteration N/2 writes, and the loop has no across. On two processes the
 * read is of the shadow copy, and the check finds the race when the
 * states of A's elements are exchanged at the loop's end; on one it finds
 * it at the write. */
/* the line reported is the later access's: threads may run either first */
// E2E: dvmcc-flags -fdvmh-check
// E2E: expect-run-error error: check: race on A[16]: iteration (i=
#include <stdio.h>

#define N 32

#pragma dvm array distribute[block]
int A[N];
#pragma dvm array align([i] with A[i])
int B[N];

int main(void)
{
    int i;
    long sum = 0;
#pragma dvm parallel([i] on A[i])
    for (i = 0; i < N; i++)
        A[i] = B[i] = i % 5;
#pragma dvm parallel([i] on A[i]) shadow_renew(A)
    for (i = 0; i < N; i++) {
        if (i == N / 2 - 1)
            B[i] = A[i + 1];
        if (i == N / 2)
            A[i] = 7;
    }
#pragma dvm parallel([i] on A[i]) reduction(sum(sum))
    for (i = 0; i < N; i++)
        sum += (long)(A[i] + B[i]) * (i + 1);
    printf("sum=%ld\n", sum);
    return 0;
}
