/* shadow_add.h: shadow_add(T[neighbours with T[@v]] = "name") include_to(...)
 * (standalone, outside regions) becomes the runtime's shadow_add calls. */
#ifndef CDVMH_SHADOW_ADD_H
#define CDVMH_SHADOW_ADD_H

#include "gen.h"

void shadow_add_gen(gen *g, attached *at);

#endif
