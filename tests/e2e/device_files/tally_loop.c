/* tally_loop.c: a loop calling tally_weight, which has no device version
 * (tally.c): this file's device code cannot be linked, so its loops run
 * on the host (the same results). */
#include "tally.h"

#define T 36

#pragma dvm array distribute[block]
double t[T];

double tally_total(void)
{
    int i;
    double s = 0;
#pragma dvm region
    {
        /* GPU-ALONE-HOST: tally_weight (tally.c) has no device version: the runtime gives this loop no CUDA handler */
#pragma dvm parallel([i] on t[i]) reduction(sum(s))
        for (i = 0; i < T; i++) {
            t[i] = tally_weight(i) * (i % 4 + 1);
            s += t[i];
        }
    }
    return s;
}
