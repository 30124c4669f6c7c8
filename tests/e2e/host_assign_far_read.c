/* Host code assigns a distributed element from elements another process
 * holds, without remote_access: X[k] = r / A[k][k] + A[N - 1 - k][k],
 * with A distributed [block][block] and X [block]. Only the owner of X[k]
 * runs the statement, and it does not hold those elements of A: it used
 * to read whatever lay at their place (inf, wrong sums); the read is now
 * checked and stops the program naming the line. The program is right
 * on one process (everything is local there) and wrong on more. */
// E2E: expect-run-error-from-procs 2 is not local to process
#include <stdio.h>
#define N 8
#pragma dvm array distribute[block][block]
double A[N][N];
#pragma dvm array distribute[block]
double X[N];
int main(void)
{
    int i, j, k;
    double s = 0, r = 3;
#pragma dvm parallel([i][j] on A[i][j])
    for (i = 0; i < N; i++)
        for (j = 0; j < N; j++)
            A[i][j] = i * N + j + 1;
#pragma dvm parallel([i] on X[i])
    for (i = 0; i < N; i++)
        X[i] = 0;
    for (k = 0; k < N; k++)
        X[k] = r / A[k][k] + A[N - 1 - k][k];
#pragma dvm parallel([i] on X[i]) reduction(sum(s))
    for (i = 0; i < N; i++)
        s += X[i] * (i + 1);
    printf("%.6f\n", s);
    return 0;
}
