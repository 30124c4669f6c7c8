/* reduction.h: the reduction clause of a parallel loop. */
#ifndef CDVMH_REDUCTION_H
#define CDVMH_REDUCTION_H

#include "gen.h"

/* The variables of d's reduction clause exist and can be reduced (false
 * after reporting). */
bool red_check(gen *g, const directive *d, size_t loop_start);
/* One "<call>, op, type, &var, ...);" line per reduction (call:
 * "dvmh_loop_reduction(dvmh_L"). */
void red_calls(gen *g, const directive *d, size_t loop_start, const char *call, strbuf *out);

#endif
