/* Row maxima of U on an array distributed differently from it: each row of
 * U is fetched with remote_access. */
#include "grid.h"
#include "stats.h"

double row_maxima(void)
{
    int i, j;
    double s = 0;
    for (i = 0; i < N; i++)
        rowscale[i] = 1.0 + (i % 4);
#pragma dvm actual(rowscale)
#pragma dvm region in(rowscale) out(rowmax)
    {
#pragma dvm parallel([i] on rowmax[i]) private(j) remote_access(U[i][])
        for (i = 0; i < N; i++) {
            rowmax[i] = U[i][0];
            for (j = 1; j < M; j++)
                if (U[i][j] > rowmax[i])
                    rowmax[i] = U[i][j];
        }
#pragma dvm parallel([i] on rowmax[i]) reduction(sum(s))
        for (i = 0; i < N; i++)
            s += rowmax[i] * rowscale[i];
    }
#pragma dvm get_actual(s)
    return s;
}
