/* PolyBench jacobi-2d in C-DVMH with variable-size arrays: the kernel takes
 * n and VLA-typed pointer parameters (inherit), arrays are created by
 * malloc in main with a size read from a macro, the time loop is outside
 * the regions, and the 5-point stencil reads renewed edges. */
#include <stdio.h>
#include <stdlib.h>

#define N 50
#define TSTEPS 20
// TOLERANCE: 1e-9

#pragma dvm inherit(A, B)
static void kernel_jacobi_2d(int tsteps, int n, double (*A)[n], double (*B)[n])
{
    int t, i, j;
    for (t = 0; t < tsteps; t++) {
#pragma dvm region
        {
#pragma dvm parallel([i][j] on B[i][j]) shadow_renew(A)
            for (i = 1; i < n - 1; i++)
                for (j = 1; j < n - 1; j++)
                    B[i][j] = 0.2 * (A[i][j] + A[i][j - 1] + A[i][1 + j] + A[1 + i][j] + A[i - 1][j]);
#pragma dvm parallel([i][j] on A[i][j]) shadow_renew(B)
            for (i = 1; i < n - 1; i++)
                for (j = 1; j < n - 1; j++)
                    A[i][j] = 0.2 * (B[i][j] + B[i][j - 1] + B[i][1 + j] + B[1 + i][j] + B[i - 1][j]);
        }
    }
}

int main(void)
{
    int n = N, i, j;
    double s = 0;
#pragma dvm array distribute[block][block]
    double (*A)[n];
#pragma dvm array align([i][j] with A[i][j])
    double (*B)[n];
    A = malloc(n * n * sizeof(double));
    B = malloc(n * n * sizeof(double));
#pragma dvm region out(A, B)
    {
#pragma dvm parallel([i][j] on A[i][j])
        for (i = 0; i < n; i++)
            for (j = 0; j < n; j++) {
                A[i][j] = ((double)i * (j + 2) + 2) / n;
                B[i][j] = ((double)i * (j + 3) + 3) / n;
            }
    }
    kernel_jacobi_2d(TSTEPS, n, A, B);
#pragma dvm region
    {
#pragma dvm parallel([i][j] on A[i][j]) reduction(sum(s))
        for (i = 0; i < n; i++)
            for (j = 0; j < n; j++)
                s += A[i][j] * ((i * n + j) % 20);
    }
#pragma dvm get_actual(s)
    printf("checksum %.6e\n", s);
    free(B);
    free(A);
    return 0;
}
