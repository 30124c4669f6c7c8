/* share.c: ordinary (replicated) data written by a loop divided between
 * processes (comm.h, comm_share_boxes): each process wrote one box of its
 * copy; every process gets every box. */
#include "../alloc.h"
#include "owners.h"

#include <stdlib.h>
#include <string.h>

/* The boxes of p and q share an element. */
static bool boxes_meet(const mpi_owners *o, int p, int q)
{
    for (int d = 0; d < o->rank; d++)
        if (owners_lo(o, p)[d] > owners_hi(o, q)[d] || owners_lo(o, q)[d] > owners_hi(o, p)[d])
            return false;
    return true;
}

bool mpi_layer_share_boxes(void *base, int rank, size_t elem_size, const dvmh_idx *ext,
                           const dvmh_idx *lo, const dvmh_idx *hi, size_t *bytes)
{
    *bytes = 0;
    mpi_owners o;
    owners_gather_boxes(&o, rank, lo, hi);
    int n = o.process_count, me = o.me;
    /* identical boxes are one (their leader's); any other overlap is
     * ambiguous: every process sees it in the same gathered boxes */
    for (int p = 0; p < n; p++)
        for (int q = p + 1; q < n; q++)
            if (!o.empty[p] && !o.empty[q] && o.leader[p] != o.leader[q] && boxes_meet(&o, p, q)) {
                owners_free(&o);
                return false;
            }
    mpi_box_memory memory = {base, rank, elem_size, {0}, {0}, {0}, 0};
    dvmh_idx stride = 1;
    for (int d = rank - 1; d >= 0; d--) {
        memory.stride[d] = stride;
        stride *= ext[d];
    }
    mpi_transfer *sends = dvmh_xmalloc(sizeof *sends * (size_t)n);
    mpi_transfer *recvs = dvmh_xmalloc(sizeof *recvs * (size_t)n);
    int send_count = 0, recv_count = 0;
    for (int q = 0; q < n; q++) {
        if (q == me)
            continue;
        /* my box to every process holding another one, from its leader */
        if (!o.empty[me] && o.leader[me] == me && (o.empty[q] || o.leader[q] != me)) {
            sends[send_count] = (mpi_transfer){q, memory};
            memcpy(sends[send_count].memory.lo, lo, sizeof(dvmh_idx) * (size_t)rank);
            memcpy(sends[send_count].memory.hi, hi, sizeof(dvmh_idx) * (size_t)rank);
            send_count++;
        }
        /* every other box, from its leader */
        if (!o.empty[q] && o.leader[q] == q && (o.empty[me] || o.leader[me] != q)) {
            recvs[recv_count] = (mpi_transfer){q, memory};
            memcpy(recvs[recv_count].memory.lo, owners_lo(&o, q), sizeof(dvmh_idx) * (size_t)rank);
            memcpy(recvs[recv_count].memory.hi, owners_hi(&o, q), sizeof(dvmh_idx) * (size_t)rank);
            recv_count++;
        }
    }
    *bytes = mpi_exchange(mpi_world(), 13, sends, send_count, recvs, recv_count);
    free(sends);
    free(recvs);
    owners_free(&o);
    return true;
}
