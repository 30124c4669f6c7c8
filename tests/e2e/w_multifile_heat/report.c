/* Alternating row sums of T on hist.h's array (distributed by itself):
 * each row of T is fetched with remote_access. */
#include "model.h"
#include "hist.h"

double report(void)
{
    int b, j;
    double s = 0;
#pragma dvm region out(bins)
    {
#pragma dvm parallel([b] on bins[b]) private(j) remote_access(T[b][])
        for (b = 0; b < NB; b++) {
            bins[b] = 0;
            for (j = 0; j < NY; j++)
                bins[b] += T[b][j] * (j % 2 ? 1 : -1);
        }
#pragma dvm parallel([b] on bins[b]) reduction(sum(s))
        for (b = 0; b < NB; b++)
            s += bins[b] * (b + 1);
    }
#pragma dvm get_actual(s)
    reports++;
    return s + reports;
}
