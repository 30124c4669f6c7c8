/* Remapping between the phases of a program, in the DVM system's style: a
 * 3-D Jacobi on arrays aligned with a template, then the template is
 * redistributed (redistribute(T[][block][block])), the arrays aligned with
 * it follow, and W is realigned (realign(W[i][j][k] with T[i][j][k])) for a
 * second phase that sweeps along the first dimension; the data keep their values across the
 * remappings. Arrays are dynamic (malloc'ed, "#pragma dvm array" with the
 * rule given by align at creation). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define L 16
#define ITMAX 5
// TOLERANCE: 1e-9

#pragma dvm template[L][L][L] distribute[block][block][block]
void *T;

int main(void)
{
    int i, j, k, it;
    double eps = 0, s = 0;
#pragma dvm array align([i][j][k] with T[i][j][k])
    double (*A)[L][L];
#pragma dvm array align([i][j][k] with T[i][j][k])
    double (*B)[L][L];
#pragma dvm array align([i][j][k] with T[i][j][k])
    double (*W)[L][L];
    A = malloc(L * L * L * sizeof(double));
    B = malloc(L * L * L * sizeof(double));
    W = malloc(L * L * L * sizeof(double));
#pragma dvm region out(A, B, W)
    {
#pragma dvm parallel([i][j][k] on A[i][j][k])
        for (i = 0; i < L; i++)
            for (j = 0; j < L; j++)
                for (k = 0; k < L; k++) {
                    A[i][j][k] = 0;
                    W[i][j][k] = 0;
                    if (i == 0 || j == 0 || k == 0 || i == L - 1 || j == L - 1 || k == L - 1)
                        B[i][j][k] = 0;
                    else
                        B[i][j][k] = 4 + i + j + k;
                }
    }
    for (it = 1; it <= ITMAX; it++) {
        eps = 0;
#pragma dvm actual(eps)
#pragma dvm region
        {
#pragma dvm parallel([i][j][k] on A[i][j][k]) reduction(max(eps))
            for (i = 1; i < L - 1; i++)
                for (j = 1; j < L - 1; j++)
                    for (k = 1; k < L - 1; k++) {
                        eps = fmax(fabs(B[i][j][k] - A[i][j][k]), eps);
                        A[i][j][k] = B[i][j][k];
                    }
#pragma dvm parallel([i][j][k] on B[i][j][k]) shadow_renew(A)
            for (i = 1; i < L - 1; i++)
                for (j = 1; j < L - 1; j++)
                    for (k = 1; k < L - 1; k++)
                        B[i][j][k] = (A[i - 1][j][k] + A[i][j - 1][k] + A[i][j][k - 1]
                                      + A[i][j][k + 1] + A[i][j + 1][k] + A[i + 1][j][k]) / 6.0;
        }
#pragma dvm get_actual(eps)
        printf("phase 1 it=%d eps=%.6e\n", it, eps);
    }

    /* phase 2: lines along i must be local */
#pragma dvm redistribute(T[][block][block])
#pragma dvm realign(W[i][j][k] with T[i][j][k])
#pragma dvm region
    {
#pragma dvm parallel([j][k] on B[][j][k]) private(i)
        for (j = 0; j < L; j++)
            for (k = 0; k < L; k++) {
                W[0][j][k] = B[0][j][k];
                for (i = 1; i < L; i++)
                    W[i][j][k] = 0.5 * W[i - 1][j][k] + B[i][j][k];
            }
#pragma dvm parallel([i][j][k] on W[i][j][k]) reduction(sum(s))
        for (i = 0; i < L; i++)
            for (j = 0; j < L; j++)
                for (k = 0; k < L; k++)
                    s += W[i][j][k] * ((i + j + k) % 3 + 1) + A[i][j][k];
    }
#pragma dvm get_actual(s)
    printf("phase 2 checksum %.6e\n", s);
    free(W);
    free(B);
    free(A);
    return 0;
}
