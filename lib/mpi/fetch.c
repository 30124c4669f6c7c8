/* fetch.c: moving the elements each process needs from the processes that
 * own them (shadow edges, remote_access buffers). One collective step: every
 * process learns every process's owned box and needed boxes, so senders and
 * receivers derive the same list of messages without asking each other. */
#include "../alloc.h"
#include "../array.h"
#include "mpi_comm.h"
#include "owners.h"

#include <stdlib.h>
#include <string.h>

/* Every process's needed boxes: need_first[q] .. need_first[q+1]-1 are
 * process q's, each lo[rank] then hi[rank]. */
typedef struct fetch_needs {
    int *first;
    dvmh_idx *box;
} fetch_needs;

static void needs_gather(fetch_needs *f, const mpi_owners *o, int need_count, const dvmh_idx *needs)
{
    MPI_Comm w = mpi_world();
    int r = o->rank, n = o->process_count;
    int *counts = dvmh_xmalloc(sizeof(int) * (size_t)n);
    int *displs = dvmh_xmalloc(sizeof(int) * (size_t)n);
    MPI_Allgather(&need_count, 1, MPI_INT, counts, 1, MPI_INT, w);
    f->first = dvmh_xmalloc(sizeof(int) * (size_t)(n + 1));
    f->first[0] = 0;
    for (int q = 0; q < n; q++) {
        f->first[q + 1] = f->first[q] + counts[q];
        displs[q] = f->first[q] * 2 * r;
        counts[q] *= 2 * r;
    }
    f->box = dvmh_xmalloc(sizeof(dvmh_idx) * 2 * (size_t)r * (size_t)f->first[n]);
    MPI_Allgatherv(needs, need_count * 2 * r, MPI_INT64_T, f->box, counts, displs, MPI_INT64_T, w);
    free(counts);
    free(displs);
}

static mpi_box_memory dest_box(const mpi_fetch_dest *dest, int rank, size_t elem_size,
                               const dvmh_idx *lo, const dvmh_idx *hi)
{
    mpi_box_memory m = {dest->base, rank, elem_size, {0}, {0}, {0}, dest->offset};
    for (int d = 0; d < rank; d++) {
        m.stride[d] = dest->stride[d];
        m.lo[d] = lo[d] - dest->origin[d];
        m.hi[d] = hi[d] - dest->origin[d];
    }
    return m;
}

static mpi_box_memory source_box(const dvmh_array *a, const mpi_fetch_dest *source,
                                 const dvmh_idx *lo, const dvmh_idx *hi)
{
    if (!source)
        return owners_host_box(a, lo, hi);
    return dest_box(source, a->head.rank, a->head.elem_size, lo, hi);
}

/* Row-by-row copy between two memory boxes of the same shape. */
static void copy_box(const mpi_box_memory *from, const mpi_box_memory *to)
{
    int r = from->rank;
    size_t es = from->elem_size;
    size_t row = (size_t)(from->hi[r - 1] - from->lo[r - 1] + 1) * es;
    dvmh_idx idx[DVMH_MAX_RANK];
    for (int d = 0; d < r; d++)
        idx[d] = 0;
    for (;;) {
        dvmh_idx from_off = 0, to_off = 0;
        for (int d = 0; d < r; d++) {
            from_off += (from->lo[d] + idx[d]) * from->stride[d];
            to_off += (to->lo[d] + idx[d]) * to->stride[d];
        }
        memmove((char *)to->base + (to->offset + to_off) * (dvmh_idx)es,
                (char *)from->base + (from->offset + from_off) * (dvmh_idx)es, row);
        int d = r - 2;
        for (; d >= 0; d--) {
            if (++idx[d] <= from->hi[d] - from->lo[d])
                break;
            idx[d] = 0;
        }
        if (d < 0)
            return;
    }
}

/* The plan of serving the needs by the owners o from their memory
 * 'source' (NULL: the host copy of a). */
static void plan_build(mpi_fetch_plan *plan, dvmh_array *a, const mpi_owners *o,
                       const mpi_fetch_dest *source, int need_count, const dvmh_idx *needs,
                       const mpi_fetch_dest *dests)
{
    fetch_needs f;
    needs_gather(&f, o, need_count, needs);
    int r = o->rank, n = o->process_count;
    /* At most one message per (need, owner group) pair. */
    plan->sends = dvmh_xmalloc(sizeof(mpi_transfer) * (size_t)f.first[n]);
    plan->recvs = dvmh_xmalloc(sizeof(mpi_transfer) * (size_t)need_count * (size_t)n);
    plan->copies = dvmh_xmalloc(sizeof(mpi_box_memory) * 2 * (size_t)need_count * (size_t)n);
    plan->send_count = plan->recv_count = plan->copy_count = 0;
    dvmh_idx lo[DVMH_MAX_RANK], hi[DVMH_MAX_RANK];
    /* What this process sends: the pieces of others' needs inside its own
     * box, when it is the member of its owner group chosen to serve them. */
    int my_leader = o->empty[o->me] ? -1 : o->leader[o->me];
    for (int receiver = 0; receiver < n && my_leader >= 0; receiver++) {
        if (receiver == o->me || owners_sender(o, my_leader, receiver) != o->me)
            continue;
        for (int k = f.first[receiver]; k < f.first[receiver + 1]; k++) {
            const dvmh_idx *need_lo = f.box + 2 * r * k, *need_hi = need_lo + r;
            if (owners_piece(o, o->me, need_lo, need_hi, lo, hi))
                plan->sends[plan->send_count++] =
                    (mpi_transfer){receiver, source_box(a, source, lo, hi)};
        }
    }
    /* What it receives (or copies, from its own box): its needs, piece by
     * owner group, in the order the senders above enumerate them. */
    for (int k = f.first[o->me]; k < f.first[o->me + 1]; k++)
        for (int q = 0; q < n; q++) {
            const dvmh_idx *need_lo = f.box + 2 * r * k, *need_hi = need_lo + r;
            if (!owners_is_leader(o, q) || !owners_piece(o, q, need_lo, need_hi, lo, hi))
                continue;
            int sender = owners_sender(o, q, o->me);
            mpi_box_memory to = dest_box(&dests[k - f.first[o->me]], r, a->head.elem_size, lo, hi);
            if (sender == o->me) {
                plan->copies[2 * plan->copy_count] = source_box(a, source, lo, hi);
                plan->copies[2 * plan->copy_count + 1] = to;
                plan->copy_count++;
            } else {
                plan->recvs[plan->recv_count++] = (mpi_transfer){sender, to};
            }
        }
    free(f.first);
    free(f.box);
}

size_t mpi_fetch_plan_run(const mpi_fetch_plan *plan)
{
    for (int k = 0; k < plan->copy_count; k++)
        copy_box(&plan->copies[2 * k], &plan->copies[2 * k + 1]);
    return mpi_exchange(mpi_world(), 11, plan->sends, plan->send_count, plan->recvs,
                        plan->recv_count);
}

void mpi_fetch_plan_free(mpi_fetch_plan *plan)
{
    free(plan->sends);
    free(plan->recvs);
    free(plan->copies);
    plan->sends = plan->recvs = NULL;
    plan->copies = NULL;
}

void mpi_fetch_plan_make(mpi_fetch_plan *plan, dvmh_array *a, int need_count, const dvmh_idx *needs,
                         const mpi_fetch_dest *dests)
{
    mpi_owners o;
    owners_gather(&o, a);
    plan_build(plan, a, &o, NULL, need_count, needs, dests);
    owners_free(&o);
}

size_t mpi_fetch(dvmh_array *a, int need_count, const dvmh_idx *needs, const mpi_fetch_dest *dests)
{
    mpi_fetch_plan plan;
    mpi_fetch_plan_make(&plan, a, need_count, needs, dests);
    size_t bytes = mpi_fetch_plan_run(&plan);
    mpi_fetch_plan_free(&plan);
    return bytes;
}

size_t mpi_fetch_from(dvmh_array *a, const dvmh_idx *old_lo, const dvmh_idx *old_hi,
                      const mpi_fetch_dest *old, int need_count, const dvmh_idx *needs,
                      const mpi_fetch_dest *dests)
{
    mpi_owners o;
    owners_gather_boxes(&o, a->head.rank, old_lo, old_hi);
    mpi_fetch_plan plan;
    plan_build(&plan, a, &o, old, need_count, needs, dests);
    owners_free(&o);
    size_t bytes = mpi_fetch_plan_run(&plan);
    mpi_fetch_plan_free(&plan);
    return bytes;
}
