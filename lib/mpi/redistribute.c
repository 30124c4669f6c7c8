/* redistribute.c: data movement when a distributed array changes layout
 * (redistribute, realign): every process fills its new owned box from the
 * processes that owned those elements before (comm.h). */
#include "../array.h"
#include "../comm.h"
#include "mpi_comm.h"

static mpi_fetch_dest head_memory(const dvmh_array_head *h)
{
    mpi_fetch_dest m = {h->host_data, {0}, {0}, h->origin};
    for (int d = 0; d < h->rank; d++)
        m.stride[d] = h->stride[d];
    return m;
}

size_t mpi_layer_redistribute(dvmh_array *a, const dvmh_array_head *old)
{
    comm_check_array(a, "redistribution");
    const dvmh_array_head *h = &a->head;
    int r = h->rank;
    dvmh_idx need[2 * DVMH_MAX_RANK];
    bool empty = false;
    for (int d = 0; d < r; d++) {
        need[d] = h->own_lo[d];
        need[r + d] = h->own_hi[d];
        empty |= h->own_lo[d] > h->own_hi[d];
    }
    mpi_fetch_dest from = head_memory(old), to = head_memory(h);
    return mpi_fetch_from(a, old->own_lo, old->own_hi, &from, empty ? 0 : 1, need, &to);
}
