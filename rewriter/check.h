/* check.h: check mode (dvmcc -fdvmh-check) in the host handlers. */
#ifndef CDVMH_CHECK_H
#define CDVMH_CHECK_H

#include "loop.h"

/* Rewrites each element reference to a distributed array in the loop's
 * body into a call of the runtime's check (dvmh_check_elem), which checks
 * the access and gives the element's address. */
void check_loop_refs(gen *g, const loop_plan *p);

#endif
