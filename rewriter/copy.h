/* copy.h: array_copy, localize, unlocalize (standalone, outside regions). */
#ifndef CDVMH_COPY_H
#define CDVMH_COPY_H

#include "gen.h"

void copy_gen(gen *g, attached *at);

#endif
