/* region.h: what loops ask of the computational region they run in. */
#ifndef DVMH_REGION_H
#define DVMH_REGION_H

#include "boxes.h"

#include <stdbool.h>

struct var;

/* Inside a region: its devices (a bit per device); else 0. */
unsigned region_devices(void);
/* 'out'/'local' data whose values at region entry are not needed: the part
 * of box b of v that a loop on dev is about to write (or, for 'local', to
 * touch at all) is claimed on dev without being copied in. */
void region_claim(struct var *v, int dev, const box *b, bool write);
/* v goes away (its memory's lifetime ended): the open region forgets it. */
void region_forget(struct var *v);

#endif
