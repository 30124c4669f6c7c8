/* Multi-block heat conduction: the domain is split into two blocks of
 * different widths, each a distributed array with its own distribution and
 * one extra column that mirrors the neighbour block's boundary column.
 * Every iteration exchanges the interface columns through remote_access,
 * then runs a Jacobi step in each block. The result equals a Jacobi run on
 * the whole domain. */
#include <math.h>
#include <stdio.h>

#define N 30                    /* rows of both blocks */
#define W1 17                   /* columns of the left block */
#define W2 12                   /* columns of the right block */
#define ITMAX 20
// TOLERANCE: 1e-9

/* left block: columns 0..W1-1, column W1 mirrors the right block's column 1 */
#pragma dvm array distribute[block][block]
double L[N][W1 + 1];
#pragma dvm array align([i][j] with L[i][j])
double Lnew[N][W1 + 1];
/* right block: column 0 mirrors the left block's column W1-1 */
#pragma dvm array distribute[block][]
double R[N][W2 + 1];
#pragma dvm array align([i][j] with R[i][j])
double Rnew[N][W2 + 1];

/* Boundary values of the whole domain: hot left and top edges. */
static double boundary(int i, int col)
{
    return (col == 0 ? 10.0 : 0.0) + (i == 0 ? 5.0 + 0.1 * col : 0.0);
}

int main(void)
{
    int it, i, j;
    double eps = 0, s1 = 0, s2 = 0;
#pragma dvm parallel([i][j] on L[i][j])
    for (i = 0; i < N; i++)
        for (j = 0; j <= W1; j++) {
            L[i][j] = (i == 0 || i == N - 1 || j == 0) ? boundary(i, j) : 0.0;
            Lnew[i][j] = L[i][j];
        }
#pragma dvm parallel([i][j] on R[i][j])
    for (i = 0; i < N; i++)
        for (j = 0; j <= W2; j++) {
            R[i][j] = (i == 0 || i == N - 1 || j == W2) ? boundary(i, W1 - 1 + j) : 0.0;
            Rnew[i][j] = R[i][j];
        }
    for (it = 1; it <= ITMAX; it++) {
        eps = 0;
        /* interface exchange between the blocks */
#pragma dvm parallel([i] on L[i][W1]) remote_access(R[i][1])
        for (i = 1; i < N - 1; i++)
            L[i][W1] = R[i][1];
#pragma dvm parallel([i] on R[i][0]) remote_access(L[i][W1 - 1])
        for (i = 1; i < N - 1; i++)
            R[i][0] = L[i][W1 - 1];
        /* a Jacobi step in each block */
#pragma dvm parallel([i][j] on Lnew[i][j]) shadow_renew(L) reduction(max(eps))
        for (i = 1; i < N - 1; i++)
            for (j = 1; j < W1; j++) {
                Lnew[i][j] = (L[i - 1][j] + L[i + 1][j] + L[i][j - 1] + L[i][j + 1]) / 4;
                eps = fmax(eps, fabs(Lnew[i][j] - L[i][j]));
            }
#pragma dvm parallel([i][j] on Rnew[i][j]) shadow_renew(R) reduction(max(eps))
        for (i = 1; i < N - 1; i++)
            for (j = 1; j < W2; j++) {
                Rnew[i][j] = (R[i - 1][j] + R[i + 1][j] + R[i][j - 1] + R[i][j + 1]) / 4;
                eps = fmax(eps, fabs(Rnew[i][j] - R[i][j]));
            }
#pragma dvm parallel([i][j] on L[i][j])
        for (i = 1; i < N - 1; i++)
            for (j = 1; j < W1; j++)
                L[i][j] = Lnew[i][j];
#pragma dvm parallel([i][j] on R[i][j])
        for (i = 1; i < N - 1; i++)
            for (j = 1; j < W2; j++)
                R[i][j] = Rnew[i][j];
        if (it % 10 == 0)
            printf("it=%3d eps=%.10e\n", it, eps);
    }
#pragma dvm parallel([i][j] on L[i][j]) reduction(sum(s1))
    for (i = 0; i < N; i++)
        for (j = 0; j < W1; j++)
            s1 += L[i][j] * (i + 1);
#pragma dvm parallel([i][j] on R[i][j]) reduction(sum(s2))
    for (i = 0; i < N; i++)
        for (j = 1; j <= W2; j++)
            s2 += R[i][j] * (i + 1);
    printf("left %.10e right %.10e\n", s1, s2);
    return 0;
}
