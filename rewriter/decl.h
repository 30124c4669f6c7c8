/* decl.h: the declarations of distributed arrays, templates and inherited
 * parameters, rewritten into descriptors and their creation. */
#ifndef CDVMH_DECL_H
#define CDVMH_DECL_H

#include "gen.h"

void decl_gen(gen *g);

#endif
