/* Jacobi-2D: the classic DVM example. Two distributed arrays, a
 * reduction for the convergence test, shadow renewal of the stencil. */
#include <math.h>
#include <stdio.h>

#define L 96
#define ITMAX 40
// TOLERANCE: 1e-9

#pragma dvm array distribute[block][block]
double A[L][L];
#pragma dvm array align([i][j] with A[i][j])
double B[L][L];

int main(void)
{
    int it, i, j;
    double eps, maxeps = 0.5e-7, sum = 0;
#pragma dvm region out(A, B)
    {
#pragma dvm parallel([i][j] on A[i][j])
        for (i = 0; i < L; i++)
            for (j = 0; j < L; j++) {
                A[i][j] = 0.;
                if (i == 0 || j == 0 || i == L - 1 || j == L - 1)
                    B[i][j] = 0.;
                else
                    B[i][j] = 1. + i + j;
            }
    }
    for (it = 1; it <= ITMAX; it++) {
        eps = 0.;
#pragma dvm region
        {
#pragma dvm parallel([i][j] on A[i][j]) reduction(max(eps))
            for (i = 1; i < L - 1; i++)
                for (j = 1; j < L - 1; j++) {
                    eps = fmax(fabs(B[i][j] - A[i][j]), eps);
                    A[i][j] = B[i][j];
                }
#pragma dvm parallel([i][j] on B[i][j]) shadow_renew(A)
            for (i = 1; i < L - 1; i++)
                for (j = 1; j < L - 1; j++)
                    B[i][j] = (A[i - 1][j] + A[i][j - 1] + A[i][j + 1] + A[i + 1][j]) / 4.;
        }
#pragma dvm get_actual(eps)
        if (it % 10 == 0)
            printf("it=%4i   eps=%.10e\n", it, eps);
        if (eps < maxeps)
            break;
    }
#pragma dvm parallel([i][j] on B[i][j]) reduction(sum(sum))
    for (i = 0; i < L; i++)
        for (j = 0; j < L; j++)
            sum += B[i][j] * (i + 1);
    printf("checksum %.10e\n", sum);
    return 0;
}
