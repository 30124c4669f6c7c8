/* Gauss elimination with the pivot row read through remote_access, and a
 * right-hand side realigned from the matrix's rows onto a template. */
#include <math.h>
#include <stdio.h>

#define N 24
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
    /* back substitution, one unknown at a time */
    for (k = N - 1; k >= 0; k--) {
        double v;
#pragma dvm remote_access(A[k][])
        {
            v = A[k][N];
            for (j = k + 1; j < N; j++) {
#pragma dvm remote_access(X[j])
                {
                    v -= A[k][j] * X[j];
                }
            }
            v /= A[k][k];
        }
        X[k] = v;
    }
#pragma dvm realign(X[i] with A[N - 1 - i][])
#pragma dvm parallel([i] on X[i]) reduction(sum(s))
    for (i = 0; i < N; i++)
        s += X[i] * (i + 1);
    printf("weighted sum of x: %.10e\n", s);
    return 0;
}
