/* One explicit step of the heat equation on the arrays of model.h, with
 * the coefficients of coeffs.h (read twice here: it has no guard). */
#include <math.h>
#include "model.h"
#include "coeffs.h"
#include "ops.h"

double step(void)
{
    int i, j;
    double diff = 0;
#pragma dvm region in(kx, ky)
    {
#pragma dvm parallel([i][j] on Tn[i][j]) shadow_renew(T)
        for (i = 1; i < NX - 1; i++)
            for (j = 1; j < NY - 1; j++)
                Tn[i][j] = T[i][j] + kx[i] * (T[i - 1][j] - 2 * T[i][j] + T[i + 1][j]) +
                           ky[j] * (T[i][j - 1] - 2 * T[i][j] + T[i][j + 1]);
#pragma dvm parallel([i][j] on T[i][j]) reduction(max(diff))
        for (i = 1; i < NX - 1; i++)
            for (j = 1; j < NY - 1; j++) {
                diff = fmax(diff, fabs(Tn[i][j] - T[i][j]));
                T[i][j] = Tn[i][j];
            }
    }
#pragma dvm get_actual(diff)
    return diff;
}
