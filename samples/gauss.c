/* Gauss elimination: the pivot row is read through remote_access in the
 * loop that updates the rows below it; back substitution reads each
 * unknown through a remote_access block; the solution vector is then
 * realigned onto the rows in reverse order before the final sum. */
#include <math.h>
#include <stdio.h>

#define N 22
// TOLERANCE: 1e-8

#pragma dvm array distribute[block][]
double A[N][N + 1];
#pragma dvm array align([i] with A[i][])
double X[N];

int main(void)
{
    int i, j, k;
    double s = 0;
#pragma dvm parallel([i][j] on A[i][j])
    for (i = 0; i < N; i++)
        for (j = 0; j <= N; j++)
            A[i][j] = (i == j) ? N + 1.0 : (j == N ? (double)(i + 1) : 1.0 / (1 + i + j));
    /* forward elimination */
    for (k = 0; k < N - 1; k++) {
#pragma dvm parallel([i][j] on A[i][j]) remote_access(A[k][])
        for (i = k + 1; i < N; i++)
            for (j = k + 1; j <= N; j++)
                A[i][j] = A[i][j] - A[i][k] * A[k][j] / A[k][k];
    }
    /* back substitution by columns: once x[k] is known, every row above
     * subtracts its multiple of it (A[i][k] is in the row's own part) */
#pragma dvm parallel([i] on X[i])
    for (i = 0; i < N; i++)
        X[i] = A[i][N];
    for (k = N - 1; k >= 0; k--) {
        double xk;
#pragma dvm remote_access(X[k], A[k][k])
        {
            xk = X[k] / A[k][k];
        }
        X[k] = xk;
#pragma dvm parallel([i] on X[i])
        for (i = 0; i < k; i++)
            X[i] -= A[i][k] * xk;
    }
#pragma dvm realign(X[i] with A[N - 1 - i][])
#pragma dvm parallel([i] on X[i]) reduction(sum(s))
    for (i = 0; i < N; i++)
        s += X[i] * (i + 1);
    printf("weighted sum of x: %.10e\n", s);
    return 0;
}
