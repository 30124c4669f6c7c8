/* check.h: the runtime side of check mode (dvmcc -fdvmh-check). The entry
 * points the instrumented code calls are declared in dvmh.h. */
#ifndef DVMH_CHECK_H
#define DVMH_CHECK_H

#include "dvmh.h"

/* A checked loop starts (after its maps are known, before its shadow
 * renewals): every process, collectively. */
void check_loop_begin(dvmh_loop *l);
/* A checked loop has run: on several processes, the states of the elements
 * it wrote reach the other processes' shadow edges, and the reads made
 * there are checked against the writes of their owners. */
void check_loop_end(dvmh_loop *l);
/* The array is destroyed: so is its state. */
void check_array_gone(dvmh_array *a);

#endif
