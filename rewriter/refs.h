/* refs.h: references to distributed arrays in ordinary code. */
#ifndef CDVMH_REFS_H
#define CDVMH_REFS_H

#include "gen.h"

void refs_gen(gen *g);

#endif
