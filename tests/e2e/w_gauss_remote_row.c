/* Gauss elimination as in the DVM system's example, with double data: A
 * (with the right-hand side as its last column) distributed by rows, X
 * aligned with A's rows; each elimination step reads the pivot row through
 * remote_access(A[i][]) in a region; back substitution updates the last
 * column with remote_access(X[j + 1]) and computes X[j] in the region's
 * sequential part; the solution printed through remote_access(X[j]). */
#include <math.h>
#include <stdio.h>

#define N 16
// TOLERANCE: 1e-9

#pragma dvm array distribute[block][]
double A[N][N + 1];
#pragma dvm array align([i] with A[i][])
double X[N];

int main(void)
{
    int i, j, k;
    double err = 0;

#pragma dvm region out(A)
    {
#pragma dvm parallel([i][j] on A[i][j])
        for (i = 0; i < N; i++)
            for (j = 0; j < N + 1; j++)
                if (i == j)
                    A[i][j] = 2.0 * N;
                else if (j == N)
                    A[i][j] = 1.0 + i;
                else
                    A[i][j] = 1.0 / (1.0 + i + 2 * j);
    }

    for (i = 0; i < N - 1; i++) {
#pragma dvm region
        {
/* GPU-ALONE-HOST(several processes): it writes the array it reads through a remote_access buffer */
#pragma dvm parallel([k][j] on A[k][j]) remote_access(A[i][])
            for (k = i + 1; k < N; k++)
                for (j = i + 1; j < N + 1; j++)
                    A[k][j] = A[k][j] - A[k][i] * A[i][j] / A[i][i];
        }
    }

#pragma dvm region in(A[N - 1][N - 1 : N]), out(X[N - 1])
    {
        X[N - 1] = A[N - 1][N] / A[N - 1][N - 1];
    }
    for (j = N - 2; j >= 0; j--) {
#pragma dvm region
        {
#pragma dvm parallel([k] on A[k][]) remote_access(X[j + 1])
            for (k = 0; k <= j; k++)
                A[k][N] = A[k][N] - A[k][j + 1] * X[j + 1];
            X[j] = A[j][N] / A[j][j];
        }
        if (j % 5 == 0) {
#pragma dvm remote_access(X[j])
            {
                printf("j=%4i   X[j]=%.6e\n", j, X[j]);
            }
        }
    }
#pragma dvm region
    {
#pragma dvm parallel([i] on X[i]) reduction(sum(err))
        for (i = 0; i < N; i++)
            err += X[i] * (i + 1);
    }
#pragma dvm get_actual(err)
    printf("weighted sum of X %.6e\n", err);
    return isfinite(err) ? 0 : 1;
}
