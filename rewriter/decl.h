/* decl.h: declarations of distributed arrays, templates, inherit parameters. */
#ifndef CDVMH_DECL_H
#define CDVMH_DECL_H

#include "gen.h"

void decl_gen(gen *g);

#endif
