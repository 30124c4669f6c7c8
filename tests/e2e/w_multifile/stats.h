/* Arrays of the statistics module, defined in this header (only stats.c
 * includes it): a template of its own and an array aligned with it. */
#ifndef STATS_H
#define STATS_H

#include "params.h"

#pragma dvm template[N] distribute[block]
void *RT;
#pragma dvm array align([i] with RT[i])
double rowmax[N];
static double rowscale[N];

#endif
