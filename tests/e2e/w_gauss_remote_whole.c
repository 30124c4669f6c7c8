/* Gauss elimination written the simplest way a newcomer finds: every
 * elimination step fetches the whole matrix with remote_access(A[][]) and
 * the back substitution the whole solution vector with remote_access(X[])
 * after X[j] is set in the region's sequential part; A is distributed by
 * rows, b and X aligned with them; the residual |Ax - b| checked with
 * remote_access(X[]) in a max reduction loop. */
#include <math.h>
#include <stdio.h>

#define N 12
// TOLERANCE: 1e-9

#pragma dvm array distribute[block][]
double A[N][N];
#pragma dvm array align([i] with A[i][])
double b[N];
#pragma dvm array align([i] with A[i][])
double X[N];
#pragma dvm array align([i][j] with A[i][j])
double A0[N][N];
#pragma dvm array align([i] with A[i][])
double b0[N];

int main(void)
{
    int i, j, k;
    double res = 0, s = 0;

#pragma dvm region out(A, b, X, A0, b0)
    {
#pragma dvm parallel([i] on A[i][]) private(j)
        for (i = 0; i < N; i++) {
            for (j = 0; j < N; j++) {
                A[i][j] = (i == j) ? 4.0 + i % 3 : 1.0 / (2.0 + (i * 7 + j * 3) % 11);
                A0[i][j] = A[i][j];
            }
            b[i] = 1.0 + (i % 4);
            b0[i] = b[i];
            X[i] = 0;
        }
    }
    for (k = 0; k < N - 1; k++) {
#pragma dvm region
        {
/* GPU-ALONE-HOST(several processes): it writes the array it reads through a remote_access buffer */
#pragma dvm parallel([i] on A[i][]) private(j) remote_access(A[][], b[])
            for (i = k + 1; i < N; i++) {
                double f = A[i][k] / A[k][k];
                for (j = k; j < N; j++)
                    A[i][j] -= f * A[k][j];
                b[i] -= f * b[k];
            }
        }
    }
    for (j = N - 1; j >= 0; j--) {
#pragma dvm region
        {
            X[j] = b[j] / A[j][j];
#pragma dvm parallel([i] on b[i]) remote_access(X[])
            for (i = 0; i < j; i++)
                b[i] -= A[i][j] * X[j];
        }
    }
#pragma dvm region
    {
#pragma dvm parallel([i] on A0[i][]) private(k) remote_access(X[]) reduction(max(res), sum(s))
        for (i = 0; i < N; i++) {
            double t = 0;
            for (k = 0; k < N; k++)
                t += A0[i][k] * X[k];
            res = fmax(res, fabs(t - b0[i]));
            s += X[i] * (1 + i % 5);
        }
    }
#pragma dvm get_actual(res, s)
    printf("weighted X %.6e residual %s\n", s, res < 1e-10 ? "small" : "LARGE");
    return res < 1e-10 ? 0 : 1;
}
