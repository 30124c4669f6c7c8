/* owners.c: the owned boxes of a distributed array on every process and
 * the sender-choice rules shared by shadow renewal, remote fetches and the
 * across pipeline. */
#include "owners.h"
#include "../alloc.h"
#include "../array.h"
#include "mpi_comm.h"

#include <stdlib.h>
#include <string.h>

const dvmh_idx *owners_lo(const mpi_owners *o, int q)
{
    return o->box + 2 * o->rank * q;
}

const dvmh_idx *owners_hi(const mpi_owners *o, int q)
{
    return o->box + 2 * o->rank * q + o->rank;
}

static bool owners_same_box(const mpi_owners *o, int q1, int q2)
{
    return o->empty[q1] == o->empty[q2] &&
           !memcmp(owners_lo(o, q1), owners_lo(o, q2), sizeof(dvmh_idx) * 2 * (size_t)o->rank);
}

void owners_gather(mpi_owners *o, const dvmh_array *a)
{
    dvmh_idx lo[DVMH_MAX_RANK], hi[DVMH_MAX_RANK];
    for (int d = 0; d < a->head.rank; d++) {
        lo[d] = a->head.owns_all ? 0 : a->head.own_lo[d];
        hi[d] = a->head.owns_all ? a->size[d] - 1 : a->head.own_hi[d];
    }
    owners_gather_boxes(o, a->head.rank, lo, hi);
}

void owners_gather_boxes(mpi_owners *o, int rank, const dvmh_idx *lo, const dvmh_idx *hi)
{
    MPI_Comm w = mpi_world();
    MPI_Comm_size(w, &o->process_count);
    MPI_Comm_rank(w, &o->me);
    int r = o->rank = rank, n = o->process_count;
    dvmh_idx mine[2 * DVMH_MAX_RANK];
    for (int d = 0; d < r; d++) {
        mine[d] = lo[d];
        mine[r + d] = hi[d];
    }
    o->box = dvmh_xmalloc(sizeof(dvmh_idx) * 2 * (size_t)r * (size_t)n);
    MPI_Allgather(mine, 2 * r, MPI_INT64_T, o->box, 2 * r, MPI_INT64_T, w);
    o->empty = dvmh_xmalloc(sizeof(bool) * (size_t)n);
    for (int q = 0; q < n; q++) {
        o->empty[q] = false;
        for (int d = 0; d < r; d++)
            if (owners_lo(o, q)[d] > owners_hi(o, q)[d])
                o->empty[q] = true;
    }
    o->leader = dvmh_xmalloc(sizeof(int) * (size_t)n);
    for (int q = 0; q < n; q++) {
        o->leader[q] = q;
        for (int earlier = 0; earlier < q; earlier++)
            if (owners_same_box(o, earlier, q)) {
                o->leader[q] = o->leader[earlier];
                break;
            }
    }
}

void owners_free(mpi_owners *o)
{
    free(o->box);
    free(o->empty);
    free(o->leader);
    o->box = NULL;
    o->empty = NULL;
    o->leader = NULL;
}


bool owners_is_leader(const mpi_owners *o, int q)
{
    return !o->empty[q] && o->leader[q] == q;
}

int owners_sender(const mpi_owners *o, int leader, int r)
{
    if (o->leader[r] == leader)
        return r;
    int members = 0;
    for (int q = leader; q < o->process_count; q++)
        members += o->leader[q] == leader;
    int pick = r % members;
    for (int q = leader; q < o->process_count; q++)
        if (o->leader[q] == leader && pick-- == 0)
            return q;
    return leader;
}

bool owners_piece(const mpi_owners *o, int q, const dvmh_idx *lo, const dvmh_idx *hi,
                  dvmh_idx *piece_lo, dvmh_idx *piece_hi)
{
    for (int d = 0; d < o->rank; d++) {
        dvmh_idx olo = owners_lo(o, q)[d], ohi = owners_hi(o, q)[d];
        piece_lo[d] = lo[d] > olo ? lo[d] : olo;
        piece_hi[d] = hi[d] < ohi ? hi[d] : ohi;
        if (piece_lo[d] > piece_hi[d])
            return false;
    }
    return true;
}

mpi_box_memory owners_host_box(const dvmh_array *a, const dvmh_idx *lo, const dvmh_idx *hi)
{
    mpi_box_memory m = {a->head.host_data, a->head.rank, a->head.elem_size, {0}, {0}, {0},
                        a->head.origin};
    for (int d = 0; d < m.rank; d++) {
        m.stride[d] = a->head.stride[d];
        m.lo[d] = lo[d];
        m.hi[d] = hi[d];
    }
    return m;
}
