/* Check mode (dvmcc -fdvmh-check): host code (outside parallel loops)
 * changes an element of A, and the next loop reads its neighbours without
 * shadow_renew(A): between processes the neighbour across the edge would
 * read the old value. The check reports it on every configuration. */
// E2E: dvmcc-flags -fdvmh-check
// E2E: expect-run-error reads A[16], written at line 26 (by process
#include <stdio.h>

#define N 32

#pragma dvm array distribute[block]
double A[N];
#pragma dvm array align([i] with A[i])
double B[N];

int main(void)
{
    int i;
    double sum = 0;
#pragma dvm parallel([i] on A[i])
    for (i = 0; i < N; i++)
        A[i] = B[i] = i;
#pragma dvm parallel([i] on B[i]) shadow_renew(A)
    for (i = 1; i < N - 1; i++)
        B[i] = A[i - 1] - A[i + 1];
    A[N / 2] = 100; /* the neighbours' copies are old now */
#pragma dvm parallel([i] on B[i])
    for (i = 1; i < N - 1; i++)
        B[i] = A[i - 1] + A[i + 1];
#pragma dvm parallel([i] on B[i]) reduction(sum(sum))
    for (i = 0; i < N; i++)
        sum += B[i] * (i + 1);
    printf("sum=%.6f\n", sum);
    return 0;
}
