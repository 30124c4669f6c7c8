/* boxes1d.h: the box-set operations for rank 1 (lib/boxes1d.c), which
 * lib/boxes.c calls for every set with rank == 1. A rank-1 set keeps its
 * segments sorted by lo, disjoint and never adjacent (hi + 1 < next lo), so
 * a search is a binary search and a set operation is a linear merge; the
 * segments of ordinary data (byte addresses) stay few and coalesced. */
#ifndef DVMH_BOXES1D_H
#define DVMH_BOXES1D_H

#include "boxes.h"

void seg_set_add(box_set *s, dvmh_idx lo, dvmh_idx hi);
void seg_set_append(box_set *s, dvmh_idx lo, dvmh_idx hi);
void seg_set_subtract(box_set *s, dvmh_idx lo, dvmh_idx hi);
/* out = s intersected with [lo, hi] (out is reset first). */
void seg_set_intersect(const box_set *s, dvmh_idx lo, dvmh_idx hi, box_set *out);
/* out (already initialized, empty) = [lo, hi] minus s. */
void seg_set_missing(const box_set *s, dvmh_idx lo, dvmh_idx hi, box_set *out);
void seg_set_add_set(box_set *s, const box_set *t);
void seg_set_subtract_set(box_set *s, const box_set *t);

#endif
