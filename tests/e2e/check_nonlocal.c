/* Check mode (dvmcc -fdvmh-check): a loop reads A[i + 2] while A's shadow
 * edges are 1 wide and the loop has no remote_access: between processes
 * the element may be on a process two blocks away. The check reports it on
 * every configuration, one process included. */
// E2E: dvmcc-flags -fdvmh-check
// E2E: expect-run-error check_nonlocal.c:28: error: check: non-local read of A[
#include <stdio.h>

#define N 40

#pragma dvm array distribute[block], shadow[1]
double A[N];
#pragma dvm array align([i] with A[i])
double B[N];

int main(void)
{
    int i;
    double sum = 0;
#pragma dvm parallel([i] on A[i])
    for (i = 0; i < N; i++) {
        A[i] = i * 0.5;
        B[i] = 0;
    }
#pragma dvm parallel([i] on B[i]) shadow_renew(A)
    for (i = 1; i < N - 2; i++)
        B[i] = A[i - 1] +
               A[i + 2];
#pragma dvm parallel([i] on B[i]) reduction(sum(sum))
    for (i = 0; i < N; i++)
        sum += B[i] * (i + 1);
    printf("sum=%.6f\n", sum);
    return 0;
}
