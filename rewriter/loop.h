/* loop.h: parallel loops: the host handler outlined before the enclosing
 * function, and the runtime calls that replace the loop. */
#ifndef CDVMH_LOOP_H
#define CDVMH_LOOP_H

#include "gen.h"

void loop_gen(gen *g, attached *at);

#endif
