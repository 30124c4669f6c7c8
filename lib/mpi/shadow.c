/* shadow.c: renewing shadow edges and filling remote_access buffers of
 * distributed arrays between processes (comm.h), as fetches of the boxes
 * each process needs from their owners: only the edge boxes move. */
#include "../comm.h"
#include "../internal.h"
#include "mpi_comm.h"

#include <stdlib.h>

/* Widths of the shadow edges actually allocated around the owned box. */
static void allocated_widths(const dvmh_array *a, dvmh_idx *lo, dvmh_idx *hi)
{
    for (int d = 0; d < a->head.rank; d++) {
        lo[d] = a->head.own_lo[d] - a->alloc_lo[d];
        hi[d] = a->alloc_hi[d] - a->head.own_hi[d];
    }
}

/* The edge boxes around the owned box: every combination of below / inside
 * / above per dimension except all-inside; with corner == 0 only the faces
 * (one dimension outside). Clipped to the array. Returns how many. */
static int shadow_boxes(const dvmh_array *a, const dvmh_idx *width_lo, const dvmh_idx *width_hi,
                        int corner, dvmh_idx *boxes)
{
    int r = a->head.rank, count = 0, combinations = 1;
    for (int d = 0; d < r; d++)
        combinations *= 3;
    for (int code = 0; code < combinations; code++) {
        int outside = 0, c = code;
        dvmh_idx *lo = boxes + 2 * r * count, *hi = lo + r;
        bool empty = false;
        for (int d = r - 1; d >= 0; d--, c /= 3) {
            dvmh_idx own_lo = a->head.own_lo[d], own_hi = a->head.own_hi[d];
            switch (c % 3) {
            case 0: lo[d] = own_lo - width_lo[d]; hi[d] = own_lo - 1; outside++; break;
            case 1: lo[d] = own_lo; hi[d] = own_hi; break;
            default: lo[d] = own_hi + 1; hi[d] = own_hi + width_hi[d]; outside++; break;
            }
            if (lo[d] < 0)
                lo[d] = 0;
            if (hi[d] > a->size[d] - 1)
                hi[d] = a->size[d] - 1;
            empty |= lo[d] > hi[d];
        }
        if (outside == 0 || empty || (!corner && outside > 1))
            continue;
        count++;
    }
    return count;
}

static mpi_fetch_dest host_dest(const dvmh_array *a)
{
    mpi_fetch_dest dest = {a->head.host_data, {0}, {0}, 0};
    for (int d = 0; d < a->head.rank; d++) {
        dest.origin[d] = a->alloc_lo[d];
        dest.stride[d] = a->head.stride[d];
    }
    return dest;
}

size_t comm_shadow_renew(dvmh_array *a, const dvmh_idx *lo, const dvmh_idx *hi, int corner)
{
    int r = a->head.rank, combinations = 1;
    for (int d = 0; d < r; d++)
        combinations *= 3;
    dvmh_idx width_lo[DVMH_MAX_RANK], width_hi[DVMH_MAX_RANK];
    allocated_widths(a, width_lo, width_hi);
    bool empty = false;
    for (int d = 0; d < r; d++) {
        empty |= a->head.own_lo[d] > a->head.own_hi[d];
        if (lo && lo[d] < width_lo[d])
            width_lo[d] = lo[d];
        if (hi && hi[d] < width_hi[d])
            width_hi[d] = hi[d];
    }
    dvmh_idx *boxes = malloc(sizeof(dvmh_idx) * 2 * (size_t)r * (size_t)combinations);
    mpi_fetch_dest *dests = malloc(sizeof(mpi_fetch_dest) * (size_t)combinations);
    if (!boxes || !dests)
        dvmh_fatal(__FILE__, __LINE__, "out of memory renewing shadow edges");
    int count = empty ? 0 : shadow_boxes(a, width_lo, width_hi, corner, boxes);
    for (int k = 0; k < count; k++)
        dests[k] = host_dest(a);
    size_t bytes = mpi_fetch(a, count, boxes, dests);
    free(boxes);
    free(dests);
    return bytes;
}

size_t comm_fetch_box(dvmh_array *a, const dvmh_idx *lo, const dvmh_idx *hi, void *dst)
{
    int r = a->head.rank;
    dvmh_idx box[2 * DVMH_MAX_RANK];
    mpi_fetch_dest dest = {dst, {0}, {0}, 0};
    bool empty = false;
    dvmh_idx stride = 1;
    for (int d = r - 1; d >= 0; d--) {
        box[d] = lo[d];
        box[r + d] = hi[d];
        empty |= lo[d] > hi[d];
        dest.origin[d] = lo[d];
        dest.stride[d] = stride;
        stride *= hi[d] - lo[d] + 1;
    }
    return mpi_fetch(a, empty ? 0 : 1, box, &dest);
}
