/* array_copy.c: array_copy(DST = SRC), the whole of one distributed array
 * copied into another of the same shape and element type, whatever the
 * two distributions: every process fetches, from the owners of SRC, the
 * elements of its own part of DST (shadow edges included). */
#include "actual.h"
#include "alloc.h"
#include "array.h"
#include "comm.h"
#include "region.h"

#include <stdlib.h>
#include <string.h>

static void copy_check(const char *file, int line, const dvmh_array *dst, const dvmh_array *src)
{
    if (region_devices())
        dvmh_fatal(file, line, "array_copy inside a region");
    if (!array_is_array(dst) || !array_is_array(src))
        dvmh_fatal(file, line, "array_copy of something that is not a distributed array");
    if (!dst->allocated || !src->allocated)
        dvmh_fatal(file, line, "array_copy of an array not created yet (its malloc has not run)");
    if (dst->head.rank != src->head.rank)
        dvmh_fatal(file, line, "array_copy between arrays of %d and %d dimensions",
                   dst->head.rank, src->head.rank);
    if (dst->head.elem_size != src->head.elem_size || dst->type != src->type)
        dvmh_fatal(file, line, "array_copy between arrays of different element types");
    for (int d = 0; d < dst->head.rank; d++)
        if (dst->size[d] != src->size[d])
            dvmh_fatal(file, line, "array_copy between arrays of different sizes "
                       "(dimension %d: %lld and %lld)", d + 1, (long long)dst->size[d],
                       (long long)src->size[d]);
}

/* The part of dst this process holds (owned elements and shadow edges,
 * inside the array's bounds); empty when it owns nothing. */
static void held_box(const dvmh_array *dst, box *b)
{
    array_local_box(dst, b);
    for (int d = 0; d < b->rank; d++) {
        if (b->lo[d] < 0)
            b->lo[d] = 0;
        if (b->hi[d] > dst->size[d] - 1)
            b->hi[d] = dst->size[d] - 1;
    }
}

/* Copies a row-major buffer of box b into dst's host copy. */
static void unpack_box(dvmh_array *dst, const box *b, const char *packed)
{
    const dvmh_array_head *h = &dst->head;
    int r = h->rank;
    dvmh_idx idx[DVMH_MAX_RANK];
    for (int d = 0; d < r; d++)
        idx[d] = b->lo[d];
    size_t row = (size_t)(b->hi[r - 1] - b->lo[r - 1] + 1) * h->elem_size;
    for (;;) {
        dvmh_idx at = h->origin;
        for (int d = 0; d < r; d++)
            at += idx[d] * h->stride[d];
        memcpy(h->host_data + at * (dvmh_idx)h->elem_size, packed, row);
        packed += row;
        int d = r - 2;
        while (d >= 0 && ++idx[d] > b->hi[d]) {
            idx[d] = b->lo[d];
            d--;
        }
        if (d < 0)
            return;
    }
}

void dvmh_array_copy(const char *file, int line, dvmh_array *dst, dvmh_array *src)
{
    copy_check(file, line, dst, src);
    array_changed(dst);
    comm_check_array(dst, "array_copy");
    comm_check_array(src, "array_copy");
    indirect_refuse(file, line, src, "array_copy");
    /* the owners serve the copy from their host copies */
    box own;
    array_own_box(src, &own);
    if (src->var && !box_is_empty(&own))
        var_actualize(src->var, 0, &own, MOVE_GET_ACTUAL);
    box want;
    held_box(dst, &want);
    bool empty = box_is_empty(&want);
    size_t bytes = empty ? 0 : (size_t)box_volume(&want) * dst->head.elem_size;
    char *packed = dvmh_xmalloc(bytes ? bytes : 1);
    double t0 = dvmh_wtime();
    size_t sent = comm_fetch_box(src, want.lo, want.hi, packed);
    var_count_processes(src->var, MOVE_REDISTRIBUTE, sent, t0);
    if (!empty) {
        unpack_box(dst, &want, packed);
        if (dst->var)
            var_written(dst->var, 0, &want);
    }
    free(packed);
}
