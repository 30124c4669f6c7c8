/* remote.c: views of a distributed array for loops with remote_access
 * (comm.h): the process's allocated part plus the remote elements the loop
 * reads, in one index space, so that one data pointer serves both the
 * local and the remote references of the handler. */
#include "../alloc.h"
#include "../array.h"
#include "../comm.h"
#include "mpi_comm.h"

#include <stdlib.h>
#include <string.h>

/* The host copy of a, or a buffer, as fetch memory. */
static mpi_fetch_dest host_memory(const dvmh_array *a)
{
    mpi_fetch_dest m = {a->head.host_data, {0}, {0}, a->head.origin};
    for (int d = 0; d < a->head.rank; d++)
        m.stride[d] = a->head.stride[d];
    return m;
}

static mpi_fetch_dest box_memory(char *base, int rank, const dvmh_idx *lo, const dvmh_idx *hi)
{
    mpi_fetch_dest m = {base, {0}, {0}, 0};
    dvmh_idx stride = 1;
    for (int d = rank - 1; d >= 0; d--) {
        m.origin[d] = lo[d];
        m.stride[d] = stride;
        stride *= hi[d] - lo[d] + 1;
    }
    return m;
}

static bool box_empty(int rank, const dvmh_idx *lo, const dvmh_idx *hi)
{
    for (int d = 0; d < rank; d++)
        if (lo[d] > hi[d])
            return true;
    return false;
}

/* Copies box [lo, hi] between two memories. */
static void copy_between(const dvmh_array *a, const mpi_fetch_dest *from, const mpi_fetch_dest *to,
                         const dvmh_idx *lo, const dvmh_idx *hi)
{
    int r = a->head.rank;
    size_t es = a->head.elem_size;
    if (box_empty(r, lo, hi))
        return;
    dvmh_idx idx[DVMH_MAX_RANK];
    for (int d = 0; d < r; d++)
        idx[d] = lo[d];
    size_t row = (size_t)(hi[r - 1] - lo[r - 1] + 1) * es;
    for (;;) {
        dvmh_idx f = from->offset, t = to->offset;
        for (int d = 0; d < r; d++) {
            f += (idx[d] - from->origin[d]) * from->stride[d];
            t += (idx[d] - to->origin[d]) * to->stride[d];
        }
        memmove((char *)to->base + t * (dvmh_idx)es, (char *)from->base + f * (dvmh_idx)es, row);
        int d = r - 2;
        while (d >= 0 && ++idx[d] > hi[d]) {
            idx[d] = lo[d];
            d--;
        }
        if (d < 0)
            return;
    }
}

size_t mpi_layer_remote_view_begin(dvmh_array *a, const dvmh_idx *lo, const dvmh_idx *hi,
                              comm_remote_view *view)
{
    comm_check_array(a, "remote access");
    int r = a->head.rank;
    size_t es = a->head.elem_size;
    bool remote_empty = box_empty(r, lo, hi);
    bool own_empty = box_empty(r, a->head.own_lo, a->head.own_hi);
    /* The view's box: the allocated part and the remote box together. */
    bool inside = true;
    for (int d = 0; d < r; d++) {
        dvmh_idx alo = own_empty ? lo[d] : a->alloc_lo[d], ahi = own_empty ? hi[d] : a->alloc_hi[d];
        view->lo[d] = remote_empty ? alo : (lo[d] < alo ? lo[d] : alo);
        view->hi[d] = remote_empty ? ahi : (hi[d] > ahi ? hi[d] : ahi);
        inside &= own_empty ? remote_empty : (view->lo[d] == a->alloc_lo[d] &&
                                              view->hi[d] == a->alloc_hi[d]);
    }
    size_t remote_elems = 1;
    for (int d = 0; d < r; d++)
        remote_elems *= remote_empty ? 0 : (size_t)(hi[d] - lo[d] + 1);
    char *fetched = dvmh_xmalloc(remote_elems * es);
    dvmh_idx need[2 * DVMH_MAX_RANK];
    for (int d = 0; d < r; d++) {
        need[d] = lo[d];
        need[r + d] = hi[d];
    }
    mpi_fetch_dest fetched_memory = box_memory(fetched, r, lo, hi);
    size_t bytes = mpi_fetch(a, remote_empty ? 0 : 1, need, &fetched_memory);

    mpi_fetch_dest host = host_memory(a);
    if (inside) {
        /* The remote elements lie in the shadow edges: no buffer. */
        view->buffer = NULL;
        view->zero = a->head.host_data + a->head.origin * (dvmh_idx)es;
        for (int d = 0; d < r; d++)
            view->ext[d] = a->alloc_hi[d] - a->alloc_lo[d] + 1;
        if (!own_empty)
            copy_between(a, &fetched_memory, &host, lo, hi);
        free(fetched);
        return bytes;
    }
    size_t view_elems = 1;
    for (int d = 0; d < r; d++)
        view_elems *= (size_t)(view->hi[d] - view->lo[d] + 1);
    view->buffer = dvmh_xcalloc(view_elems + 1, es);
    mpi_fetch_dest buffer = box_memory(view->buffer, r, view->lo, view->hi);
    if (!own_empty)
        copy_between(a, &host, &buffer, a->alloc_lo, a->alloc_hi);
    copy_between(a, &fetched_memory, &buffer, lo, hi);
    free(fetched);
    dvmh_idx offset = 0;
    for (int d = 0; d < r; d++) {
        view->ext[d] = view->hi[d] - view->lo[d] + 1;
        offset = offset * view->ext[d] + view->lo[d];
    }
    view->zero = view->buffer - offset * (dvmh_idx)es;
    return bytes;
}

void mpi_layer_remote_view_end(dvmh_array *a, comm_remote_view *view, int written)
{
    if (!view->buffer)
        return;
    if (written && !box_empty(a->head.rank, a->head.own_lo, a->head.own_hi)) {
        mpi_fetch_dest buffer = box_memory(view->buffer, a->head.rank, view->lo, view->hi);
        mpi_fetch_dest host = host_memory(a);
        copy_between(a, &buffer, &host, a->head.own_lo, a->head.own_hi);
    }
    free(view->buffer);
    view->buffer = NULL;
}
