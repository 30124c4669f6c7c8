/* comm_single.c: the communication layer of a program of one process
 * (comm_layer.h): no MPI call at all, so it works without MPI_Init. */
#include "alloc.h"
#include "array.h"
#include "comm_layer.h"
#include "mpi/grid.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void single_start(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    /* the same check as on several processes: a grid for one process */
    const char *text = getenv("DVMH_PROC_GRID");
    int dims[DVMH_MAX_RANK];
    char why[256];
    if (text && grid_parse(text, 1, DVMH_MAX_RANK, dims, why, sizeof why) < 0) {
        fprintf(stderr, "dvmh: error: DVMH_PROC_GRID: %s (process 0)\n", why);
        exit(1);
    }
}

static void single_stop(void) {}

__attribute__((noreturn)) static void single_abort(int status)
{
    fflush(stdout);
    fflush(stderr);
    _Exit(status);
}

static int single_process_count(void) { return 1; }
static int single_process_rank(void) { return 0; }
static void single_barrier(void) {}

static void single_bcast(void *buf, size_t bytes, int root)
{
    (void)buf;
    (void)bytes;
    (void)root;
}

static void single_allreduce(int op, int type, void *values, int count, void *loc, size_t loc_size,
                             size_t loc_elem)
{
    (void)loc_elem;
    (void)op;
    (void)type;
    (void)values;
    (void)count;
    (void)loc;
    (void)loc_size;
}

static void single_grid(int rank, const dvmh_idx *extents, int *dims, int *coords)
{
    (void)extents;
    for (int d = 0; d < rank; d++) {
        dims[d] = 1;
        coords[d] = 0;
    }
}

static int single_grid_process(int rank, const int *dims, const int *coords)
{
    (void)rank;
    (void)dims;
    (void)coords;
    return 0;
}

/* One process owns every element: nothing moves between processes. */

static size_t single_shadow_renew(dvmh_array *a, const dvmh_idx *lo, const dvmh_idx *hi, int corner)
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

static size_t single_fetch_box(dvmh_array *a, const dvmh_idx *lo, const dvmh_idx *hi, void *dst)
{
    copy_box_out(&a->head, lo, hi, dst);
    return 0;
}

struct comm_across {
    int unused;
};

static comm_across *single_across_start(dvmh_array *a, const dvmh_idx *flow, int stage_dim)
{
    (void)a;
    (void)flow;
    (void)stage_dim;
    return dvmh_xcalloc(1, sizeof(comm_across));
}

static void single_across_recv(comm_across *x, dvmh_idx lo, dvmh_idx hi)
{
    (void)x;
    (void)lo;
    (void)hi;
}

static void single_across_send(comm_across *x, dvmh_idx lo, dvmh_idx hi)
{
    (void)x;
    (void)lo;
    (void)hi;
}

static size_t single_across_finish(comm_across *x, size_t *messages)
{
    free(x);
    *messages = 0;
    return 0;
}

static void single_message_cost(double *latency, double *per_byte)
{
    *latency = *per_byte = 0;
}

static size_t single_redistribute(dvmh_array *a, const dvmh_array_head *old)
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

static int single_first_with_key(const dvmh_idx *key, int count)
{
    (void)key;
    (void)count;
    return 1;
}

static bool single_share_boxes(void *base, int rank, size_t elem_size, const dvmh_idx *ext,
                               const dvmh_idx *lo, const dvmh_idx *hi, size_t *bytes)
{
    (void)base;
    (void)rank;
    (void)elem_size;
    (void)ext;
    (void)lo;
    (void)hi;
    *bytes = 0;
    return true;
}

static size_t single_remote_view_begin(dvmh_array *a, const dvmh_idx *lo, const dvmh_idx *hi,
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

static void single_remote_view_end(dvmh_array *a, comm_remote_view *view, int written)
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

static comm_group *single_group_create(const int *members, int count, int tag)
{
    (void)tag;
    if (count < 1 || members[0] != 0)
        return NULL;
    return dvmh_xcalloc(1, sizeof(comm_group));
}

static void single_group_free(comm_group *g)
{
    free(g);
}

static int single_nodes(int *node)
{
    node[0] = 0;
    return 1;
}

const comm_layer comm_single_layer = {
    .name = "single",
    .start = single_start,
    .stop = single_stop,
    .abort = single_abort,
    .process_count = single_process_count,
    .process_rank = single_process_rank,
    .barrier = single_barrier,
    .bcast = single_bcast,
    .allreduce = single_allreduce,
    .grid = single_grid,
    .grid_process = single_grid_process,
    .shadow_renew = single_shadow_renew,
    .fetch_box = single_fetch_box,
    .remote_view_begin = single_remote_view_begin,
    .remote_view_end = single_remote_view_end,
    .across_start = single_across_start,
    .across_recv = single_across_recv,
    .across_send = single_across_send,
    .across_finish = single_across_finish,
    .message_cost = single_message_cost,
    .redistribute = single_redistribute,
    .first_with_key = single_first_with_key,
    .share_boxes = single_share_boxes,
    .group_create = single_group_create,
    .group_free = single_group_free,
    .nodes = single_nodes,
};
