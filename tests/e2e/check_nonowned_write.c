/* Check mode (dvmcc -fdvmh-check): a parallel loop on A[i] writes B[i],
 * which is aligned with A[i + 1] (its owner is A[i + 1]'s): at the block
 * edges the loop writes an element its process does not own, into the
 * process's own copy of it (on several processes the sum is wrong). The
 * check reports it on every configuration (it used to say nothing: the
 * element lay within the shadow width). */
// E2E: dvmcc-flags -fdvmh-check
// E2E: expect-run-error non-local write of B[
#include <stdio.h>
#define N 12
#pragma dvm array distribute[block]
double A[N];
#pragma dvm array align([i] with A[i + 1])
double B[N - 1];
int main(void)
{
    int i;
    double s = 0;
#pragma dvm parallel([i] on A[i])
    for (i = 0; i < N; i++)
        A[i] = i;
#pragma dvm parallel([i] on A[i])
    for (i = 0; i < N - 1; i++)
        B[i] = A[i] * 2;
#pragma dvm parallel([i] on B[i]) reduction(sum(s))
    for (i = 0; i < N - 1; i++)
        s += B[i] * (i + 1);
    printf("%.1f\n", s);
    return 0;
}
