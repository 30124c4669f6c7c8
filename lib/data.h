/* data.h: ordinary (undistributed) data: heap blocks and their variables. */
#ifndef DVMH_DATA_H
#define DVMH_DATA_H

#include "boxes.h"
#include "dvmh.h"

struct var;

/* The variable of ordinary data at addr seen as rank dims of ext (ext[0] < 0:
 * a pointer, the rest of its heap block); lead_extent receives the leading
 * extent. NULL: memory the runtime does not know (not from dvmh_malloc). */
struct var *data_var(const char *file, int line, const void *addr, int rank,
                     const dvmh_idx *ext, size_t elem_size, dvmh_idx *lead_extent);
/* The byte-address boxes of a box of elements of such a view. */
void data_view_boxes(const void *addr, int rank, const dvmh_idx *ext, size_t elem_size,
                     const box *elems, box_set *out);
void data_for_each(void (*fn)(struct var *v, void *arg), void *arg);

#endif
