/* Check mode (dvmcc -fdvmh-check): a loop on B[i][] leaves B's second,
 * divided dimension free, so every process holding part of row i runs
 * iteration i; each wrote both ends of the row into its own part (on
 * 2x2 processes, into memory past it: wrong sums, crashes). The check
 * reports the write of an element the process does not hold. */
// E2E: dvmcc-flags -fdvmh-check
// E2E: expect-run-error-from-procs 2 the loop does not map dimension 2 of B
#include <stdio.h>
#define N 8
#pragma dvm array distribute[][block]
double B[N][N];
int main(void)
{
    int i, j;
    double s = 0;
#pragma dvm parallel([i][j] on B[i][j])
    for (i = 0; i < N; i++)
        for (j = 0; j < N; j++)
            B[i][j] = 1;
#pragma dvm parallel([i] on B[i][])
    for (i = 0; i < N; i++) {
        B[i][0] = i;
        B[i][N - 1] = 100 + i;
    }
#pragma dvm parallel([i][j] on B[i][j]) reduction(sum(s))
    for (i = 0; i < N; i++)
        for (j = 0; j < N; j++)
            s += B[i][j] * (i + 1) * (j + 2);
    printf("s = %g\n", s);
    return 0;
}
