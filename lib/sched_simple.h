/* sched_simple.h: the simple dynamic mode (sched_simple.c): the loops of
 * a region share one split, re-balanced at each exit of the region from
 * the devices' times in its split loops (the median of the last few). */
#ifndef DVMH_SCHED_SIMPLE_H
#define DVMH_SCHED_SIMPLE_H

#include "device.h"

#include <stdbool.h>

void ssimple_region_begin(const char *file, int line);
void ssimple_region_end(void);
/* A loop of the region entered that the devices could share runs whole on
 * dev (schedule_fixed). */
void ssimple_fixed(int dev);
/* The split of a loop of the region entered among usable[0..n) (the
 * region's split restricted to them; at the region's first loop, the
 * weights); false outside regions. */
bool ssimple_split(const int *usable, int n, const double *weights, double *fraction);
/* A split loop's pieces ran: piece k on device[k] with share[k] of the
 * loop's work in seconds[k]. */
void ssimple_record(int n, const int *device, const double *share, const double *seconds);

#endif
