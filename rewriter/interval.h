/* interval.h: performance intervals (interval, endinterval, exitinterval). */
#ifndef CDVMH_INTERVAL_H
#define CDVMH_INTERVAL_H

#include "gen.h"

/* Pairs, checks and replaces every interval directive of the file; runs
 * after the other generators, so that an interval's end comes after what
 * they add at the end of its statement. */
void interval_gen(gen *g);

#endif
