/* boxes.h: boxes (rectangular index ranges, inclusive bounds) and box sets
 * (unions of disjoint boxes): the algebra that says which parts of an array
 * are actual where and which parts must move; and copies of a box between
 * two layouts in memory. */
#ifndef DVMH_BOXES_H
#define DVMH_BOXES_H

#include "dvmh.h"

#include <stdbool.h>
#include <stddef.h>

typedef struct box {
    int rank;
    dvmh_idx lo[DVMH_MAX_RANK], hi[DVMH_MAX_RANK]; /* empty when any lo > hi */
} box;

/* A set of pairwise disjoint boxes of one rank. A rank-1 set keeps its
 * boxes sorted by lo and never adjacent (hi + 1 < the next lo): code that
 * reads ->boxes may rely on that order, code must not write them. */
typedef struct box_set {
    int rank;
    int count, capacity;
    box *boxes;
} box_set;

bool box_is_empty(const box *b);
bool box_equal(const box *a, const box *b);
dvmh_idx box_volume(const box *b);
/* Advances idx to the first element of the next row of b (row-major; the
 * last index stays at lo); false after the last row. */
bool box_next_row(const box *b, dvmh_idx *idx);
/* out = a intersected with b; false (out empty) when they do not meet. */
bool box_intersect(const box *a, const box *b, box *out);
/* Writes up to 2*rank disjoint boxes whose union is a minus b into out;
 * returns how many. */
int box_subtract(const box *a, const box *b, box *out);

void box_set_init(box_set *s, int rank);
void box_set_free(box_set *s);
void box_set_clear(box_set *s);
bool box_set_is_empty(const box_set *s);
dvmh_idx box_set_volume(const box_set *s);
/* s = s minus b. */
void box_set_subtract_box(box_set *s, const box *b);
/* s = s union b (b is added minus what s already holds, so the boxes stay
 * disjoint). */
void box_set_add_box(box_set *s, const box *b);
/* s = s union b for a b disjoint from every box of s (the caller knows:
 * segments made in increasing order), without the search. A rank-1 b after
 * the last segment is pushed or extends it; any other rank-1 b is added. */
void box_set_append(box_set *s, const box *b);
void box_set_add_set(box_set *s, const box_set *t);
void box_set_subtract_set(box_set *s, const box_set *t);
/* out = s intersected with b (out is reset first). */
void box_set_intersect_box(const box_set *s, const box *b, box_set *out);
/* out = b minus s: the part of b that s does not hold. */
void box_set_missing(const box_set *s, const box *b, box_set *out);

/* A copy of a box of elements: count[d] elements along dimension d (the
 * last dimension contiguous in both); dst/src address the box's first
 * element, strides are in elements. */
typedef struct box_copy {
    int rank;
    size_t elem_size;
    dvmh_idx count[DVMH_MAX_RANK];
    char *dst;
    const char *src;
    dvmh_idx dst_stride[DVMH_MAX_RANK], src_stride[DVMH_MAX_RANK];
} box_copy;

/* A box copy within host-addressable memory, row by row (the host and emu
 * devices, GPU staging buffers, I/O of distributed arrays). */
void box_copy_rows(const box_copy *c);

#endif
