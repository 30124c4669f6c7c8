/* Gauss elimination whose pivot row comes through remote_access(A[i][])
 * while the loop writes A, with shadow edges as wide as the array: every
 * process finds the pivot row inside its own memory (the view is the host
 * copy itself, no buffer), so accelerators run every piece. Regression:
 * the end of such a loop declared the whole array written on the host,
 * discarding what the accelerators had just computed. */
#include <math.h>
#include <stdio.h>

#define N 16
// TOLERANCE: 1e-9

#pragma dvm array distribute[block][], shadow[N][0]
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
