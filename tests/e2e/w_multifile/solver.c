/* One relaxation step on the extern distributed arrays U and V. */
#include <math.h>
#include "grid.h"

double relax(int it)
{
    int i, j;
    double eps = 0;
#pragma dvm region in(coef)
    {
#pragma dvm parallel([i][j] on V[i][j]) shadow_renew(U)
        for (i = 1; i < N - 1; i++)
            for (j = 1; j < M - 1; j++)
                V[i][j] = U[i][j] + coef[j] * (U[i - 1][j] + U[i + 1][j] + U[i][j - 1] + U[i][j + 1] - 4 * U[i][j])
                          + 0.001 * source(i, j);
#pragma dvm parallel([i][j] on U[i][j]) reduction(max(eps))
        for (i = 1; i < N - 1; i++)
            for (j = 1; j < M - 1; j++) {
                eps = fmax(eps, fabs(V[i][j] - U[i][j]));
                U[i][j] = V[i][j];
            }
    }
#pragma dvm get_actual(eps)
    iters_done = it + 1;
    return eps;
}
