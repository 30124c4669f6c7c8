/* comm_single.c: the communication layer of a program of one process. */
#include "alloc.h"
#include "array.h"
#include "comm.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void comm_start(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
}

void comm_stop(void) {}

void comm_abort(int status)
{
    fflush(stdout);
    fflush(stderr);
    _Exit(status);
}

int comm_process_count(void) { return 1; }
int comm_process_rank(void) { return 0; }
void comm_barrier(void) {}

void comm_bcast(void *buf, size_t bytes, int root)
{
    (void)buf;
    (void)bytes;
    (void)root;
}

void comm_allreduce(int op, int type, void *values, int count, void *loc, size_t loc_size)
{
    (void)op;
    (void)type;
    (void)values;
    (void)count;
    (void)loc;
    (void)loc_size;
}

void comm_grid(int rank, const dvmh_idx *extents, int *dims, int *coords)
{
    (void)extents;
    for (int d = 0; d < rank; d++) {
        dims[d] = 1;
        coords[d] = 0;
    }
}

int comm_grid_process(int rank, const int *dims, const int *coords)
{
    (void)rank;
    (void)dims;
    (void)coords;
    return 0;
}

/* One process owns every element: nothing moves between processes. */

size_t comm_shadow_renew(dvmh_array *a, const dvmh_idx *lo, const dvmh_idx *hi, int corner)
{
    (void)a;
    (void)lo;
    (void)hi;
    (void)corner;
    return 0;
}

/* Copies box [lo, hi] of the head's memory into dst, row-major. */
static void copy_box_out(const dvmh_array_head *h, const dvmh_idx *lo, const dvmh_idx *hi,
                         char *dst)
{
    int r = h->rank;
    dvmh_idx idx[DVMH_MAX_RANK];
    for (int d = 0; d < r; d++) {
        if (lo[d] > hi[d])
            return;
        idx[d] = lo[d];
    }
    size_t row = (size_t)(hi[r - 1] - lo[r - 1] + 1) * h->elem_size;
    for (;;) {
        dvmh_idx off = h->origin;
        for (int d = 0; d < r; d++)
            off += idx[d] * h->stride[d];
        memcpy(dst, h->host_data + off * (dvmh_idx)h->elem_size, row);
        dst += row;
        int d = r - 2;
        while (d >= 0 && ++idx[d] > hi[d]) {
            idx[d] = lo[d];
            d--;
        }
        if (d < 0)
            return;
    }
}

size_t comm_fetch_box(dvmh_array *a, const dvmh_idx *lo, const dvmh_idx *hi, void *dst)
{
    copy_box_out(&a->head, lo, hi, dst);
    return 0;
}

struct comm_across {
    int unused;
};

comm_across *comm_across_start(dvmh_array *a, const dvmh_idx *flow, int stage_dim)
{
    (void)a;
    (void)flow;
    (void)stage_dim;
    return dvmh_xcalloc(1, sizeof(comm_across));
}

void comm_across_recv(comm_across *x, dvmh_idx lo, dvmh_idx hi)
{
    (void)x;
    (void)lo;
    (void)hi;
}

void comm_across_send(comm_across *x, dvmh_idx lo, dvmh_idx hi)
{
    (void)x;
    (void)lo;
    (void)hi;
}

size_t comm_across_finish(comm_across *x)
{
    free(x);
    return 0;
}

size_t comm_redistribute(dvmh_array *a, const dvmh_array_head *old)
{
    /* Both layouts own the whole array: copy it row by row. */
    const dvmh_array_head *h = &a->head;
    int r = h->rank;
    dvmh_idx idx[DVMH_MAX_RANK];
    for (int d = 0; d < r; d++) {
        if (h->own_lo[d] > h->own_hi[d])
            return 0;
        idx[d] = h->own_lo[d];
    }
    size_t row = (size_t)(h->own_hi[r - 1] - h->own_lo[r - 1] + 1) * h->elem_size;
    for (;;) {
        dvmh_idx from = old->origin, to = h->origin;
        for (int d = 0; d < r; d++) {
            from += idx[d] * old->stride[d];
            to += idx[d] * h->stride[d];
        }
        memmove(h->host_data + to * (dvmh_idx)h->elem_size,
                old->host_data + from * (dvmh_idx)h->elem_size, row);
        int d = r - 2;
        while (d >= 0 && ++idx[d] > h->own_hi[d]) {
            idx[d] = h->own_lo[d];
            d--;
        }
        if (d < 0)
            return 0;
    }
}

int comm_first_with_key(const dvmh_idx *key, int count)
{
    (void)key;
    (void)count;
    return 1;
}

size_t comm_remote_view_begin(dvmh_array *a, const dvmh_idx *lo, const dvmh_idx *hi,
                              comm_remote_view *view)
{
    /* Every element is local: the view is the host copy. */
    (void)lo;
    (void)hi;
    view->buffer = NULL;
    view->zero = a->head.host_data + a->head.origin * (dvmh_idx)a->head.elem_size;
    for (int d = 0; d < a->head.rank; d++)
        view->ext[d] = a->alloc_hi[d] - a->alloc_lo[d] + 1;
    return 0;
}

void comm_remote_view_end(dvmh_array *a, comm_remote_view *view, int written)
{
    (void)a;
    (void)view;
    (void)written;
}

/* Processor groups: on one process every group is that process, so a
 * group only marks the stack of processor systems. */
struct comm_group {
    int depth_unused;
};

comm_group *comm_group_create(const int *members, int count, int tag)
{
    (void)tag;
    if (count < 1 || members[0] != 0)
        return NULL;
    return dvmh_xcalloc(1, sizeof(comm_group));
}

void comm_group_free(comm_group *g)
{
    free(g);
}

int comm_nodes(int *node)
{
    node[0] = 0;
    return 1;
}

void comm_check_array(const dvmh_array *a, const char *what)
{
    (void)a;
    (void)what;
}
