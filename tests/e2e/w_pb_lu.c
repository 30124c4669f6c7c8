/* PolyBench lu as a right-looking elimination in C-DVMH: A distributed by
 * rows; step k scales column k below the diagonal and updates the trailing
 * block, reading the pivot row through remote_access(A[k][]); the matrix is
 * made diagonally dominant so no pivoting is needed. */
#include <stdio.h>

#define N 32
// TOLERANCE: 1e-9

#pragma dvm array distribute[block][]
double A[N][N];

int main(void)
{
    int i, j, k;
    double s = 0, d = 0;
#pragma dvm region out(A)
    {
#pragma dvm parallel([i][j] on A[i][j])
        for (i = 0; i < N; i++)
            for (j = 0; j < N; j++)
                A[i][j] = (i == j) ? N + 1.0 : (double)(-j % N) / N + 1.0 / (1 + i + j);
    }
    for (k = 0; k < N - 1; k++) {
#pragma dvm region
        {
/* GPU-ALONE-HOST(several processes): it writes the array it reads through a remote_access buffer */
#pragma dvm parallel([i][j] on A[i][j]) remote_access(A[k][])
            for (i = k + 1; i < N; i++)
                for (j = k + 1; j < N; j++)
                    A[i][j] = A[i][j] - A[i][k] / A[k][k] * A[k][j];
/* GPU-ALONE-HOST(several processes): it writes the array it reads through a remote_access buffer */
#pragma dvm parallel([i] on A[i][]) remote_access(A[k][k])
            for (i = k + 1; i < N; i++)
                A[i][k] = A[i][k] / A[k][k];
        }
    }
#pragma dvm region
    {
#pragma dvm parallel([i][j] on A[i][j]) reduction(sum(s), sum(d))
        for (i = 0; i < N; i++)
            for (j = 0; j < N; j++) {
                s += A[i][j] * ((i + j) % 5 + 1);
                if (i == j)
                    d += A[i][j];
            }
    }
#pragma dvm get_actual(s, d)
    printf("LU checksum %.6e trace(U) %.6e\n", s, d);
    return 0;
}
