/* region.h: regions, remote_access, standalone directives. */
#ifndef CDVMH_REGION_H
#define CDVMH_REGION_H

#include "gen.h"

/* A region or remote_access block around its statement. */
void region_gen(gen *g, attached *at);
/* get_actual, actual, redistribute, realign: calls in place. */
void region_standalone(gen *g, attached *at);
/* The region whose statement contains offset, or NULL. */
attached *region_enclosing(gen *g, size_t offset);
/* host_section: host code of a region, run as written (checks only: the
 * enclosing region leaves it out of its sequential parts). */
void region_host_section(gen *g, attached *at);

#endif
