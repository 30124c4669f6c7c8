/* fetch.c: moving the elements each process needs from the processes that
 * own them (shadow edges, remote_access buffers). One collective step: every
 * process learns every process's owned box and needed boxes, so senders and
 * receivers derive the same list of messages without asking each other.
 * Processes that own identical boxes (replicated dimensions) share the
 * sending: receiver r is served by the (r mod n)-th of the n owners, or by
 * itself when it is one of them. */
#include "mpi_comm.h"
#include "../internal.h"

#include <stdlib.h>
#include <string.h>

typedef struct fetch_plan {
    int process_count, me, rank;
    dvmh_idx *own;              /* per process: lo[rank], hi[rank] */
    bool *own_empty;
    int *need_first;            /* per process: index of its first need; [count]: total */
    dvmh_idx *need;             /* per need: lo[rank], hi[rank] */
} fetch_plan;

static void *fetch_alloc(size_t bytes)
{
    void *p = malloc(bytes ? bytes : 1);
    if (!p)
        dvmh_fatal(__FILE__, __LINE__, "out of memory planning an exchange between processes");
    return p;
}

static const dvmh_idx *plan_own_lo(const fetch_plan *p, int q) { return p->own + 2 * p->rank * q; }
static const dvmh_idx *plan_own_hi(const fetch_plan *p, int q) { return p->own + 2 * p->rank * q + p->rank; }
static const dvmh_idx *plan_need_lo(const fetch_plan *p, int k) { return p->need + 2 * p->rank * k; }
static const dvmh_idx *plan_need_hi(const fetch_plan *p, int k) { return p->need + 2 * p->rank * k + p->rank; }

static bool plan_same_box(const fetch_plan *p, int q1, int q2)
{
    return p->own_empty[q1] == p->own_empty[q2] &&
           !memcmp(plan_own_lo(p, q1), plan_own_lo(p, q2), sizeof(dvmh_idx) * 2 * (size_t)p->rank);
}

/* Gathers every process's owned box and needed boxes. */
static void plan_build(fetch_plan *p, const dvmh_array *a, int need_count, const dvmh_idx *needs)
{
    MPI_Comm w = mpi_world();
    MPI_Comm_size(w, &p->process_count);
    MPI_Comm_rank(w, &p->me);
    p->rank = a->head.rank;
    int r = p->rank, n = p->process_count;
    dvmh_idx mine[2 * DVMH_MAX_RANK];
    for (int d = 0; d < r; d++) {
        mine[d] = a->head.owns_all ? 0 : a->head.own_lo[d];
        mine[r + d] = a->head.owns_all ? a->size[d] - 1 : a->head.own_hi[d];
    }
    p->own = fetch_alloc(sizeof(dvmh_idx) * 2 * (size_t)r * (size_t)n);
    MPI_Allgather(mine, 2 * r, MPI_INT64_T, p->own, 2 * r, MPI_INT64_T, w);
    p->own_empty = fetch_alloc(sizeof(bool) * (size_t)n);
    for (int q = 0; q < n; q++) {
        p->own_empty[q] = false;
        for (int d = 0; d < r; d++)
            if (plan_own_lo(p, q)[d] > plan_own_hi(p, q)[d])
                p->own_empty[q] = true;
    }
    int *counts = fetch_alloc(sizeof(int) * (size_t)n), *displs = fetch_alloc(sizeof(int) * (size_t)n);
    MPI_Allgather(&need_count, 1, MPI_INT, counts, 1, MPI_INT, w);
    p->need_first = fetch_alloc(sizeof(int) * (size_t)(n + 1));
    p->need_first[0] = 0;
    for (int q = 0; q < n; q++) {
        p->need_first[q + 1] = p->need_first[q] + counts[q];
        displs[q] = p->need_first[q] * 2 * r;
        counts[q] *= 2 * r;
    }
    p->need = fetch_alloc(sizeof(dvmh_idx) * 2 * (size_t)r * (size_t)p->need_first[n]);
    MPI_Allgatherv(needs, need_count * 2 * r, MPI_INT64_T, p->need, counts, displs, MPI_INT64_T, w);
    free(counts);
    free(displs);
}

static void plan_free(fetch_plan *p)
{
    free(p->own);
    free(p->own_empty);
    free(p->need_first);
    free(p->need);
}

/* The owner of group 'leader' (the lowest rank owning that box) that
 * serves receiver r, or r itself when it owns the box too. */
static int plan_sender(const fetch_plan *p, int leader, int r)
{
    int members = 0;
    for (int q = leader; q < p->process_count; q++)
        if (plan_same_box(p, q, leader)) {
            if (q == r)
                return r;
            members++;
        }
    int pick = r % members;
    for (int q = leader; q < p->process_count; q++)
        if (plan_same_box(p, q, leader) && pick-- == 0)
            return q;
    return leader;
}

static bool plan_is_leader(const fetch_plan *p, int q)
{
    if (p->own_empty[q])
        return false;
    for (int earlier = 0; earlier < q; earlier++)
        if (plan_same_box(p, earlier, q))
            return false;
    return true;
}

/* piece = need k of its receiver intersected with q's box; false if empty. */
static bool plan_piece(const fetch_plan *p, int k, int q, dvmh_idx *lo, dvmh_idx *hi)
{
    for (int d = 0; d < p->rank; d++) {
        dvmh_idx nlo = plan_need_lo(p, k)[d], nhi = plan_need_hi(p, k)[d];
        dvmh_idx olo = plan_own_lo(p, q)[d], ohi = plan_own_hi(p, q)[d];
        lo[d] = nlo > olo ? nlo : olo;
        hi[d] = nhi < ohi ? nhi : ohi;
        if (lo[d] > hi[d])
            return false;
    }
    return true;
}

/* The host memory of a, as a box of global indices [lo, hi]. */
static mpi_box_memory host_box(const dvmh_array *a, const dvmh_idx *lo, const dvmh_idx *hi)
{
    mpi_box_memory m = {a->head.host_data, a->head.rank, a->head.elem_size, {0}, {0}, {0}};
    for (int d = 0; d < m.rank; d++) {
        m.stride[d] = a->head.stride[d];
        m.lo[d] = lo[d] - a->alloc_lo[d];
        m.hi[d] = hi[d] - a->alloc_lo[d];
    }
    return m;
}

static mpi_box_memory dest_box(const mpi_fetch_dest *dest, int rank, size_t elem_size,
                               const dvmh_idx *lo, const dvmh_idx *hi)
{
    mpi_box_memory m = {dest->base, rank, elem_size, {0}, {0}, {0}};
    for (int d = 0; d < rank; d++) {
        m.stride[d] = dest->stride[d];
        m.lo[d] = lo[d] - dest->origin[d];
        m.hi[d] = hi[d] - dest->origin[d];
    }
    return m;
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
        dvmh_idx fo = 0, to_off = 0;
        for (int d = 0; d < r; d++) {
            fo += (from->lo[d] + idx[d]) * from->stride[d];
            to_off += (to->lo[d] + idx[d]) * to->stride[d];
        }
        memmove((char *)to->base + to_off * (dvmh_idx)es, (char *)from->base + fo * (dvmh_idx)es, row);
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

size_t mpi_fetch(dvmh_array *a, int need_count, const dvmh_idx *needs, const mpi_fetch_dest *dests)
{
    fetch_plan p;
    plan_build(&p, a, need_count, needs);
    int r = p.rank;
    int total_needs = p.need_first[p.process_count];
    /* At most one message per (need, owner group) pair. */
    mpi_transfer *sends = fetch_alloc(sizeof(mpi_transfer) * (size_t)total_needs * (size_t)p.process_count);
    mpi_transfer *recvs = fetch_alloc(sizeof(mpi_transfer) * (size_t)(need_count ? need_count : 1) *
                                      (size_t)p.process_count);
    int send_count = 0, recv_count = 0;
    dvmh_idx lo[DVMH_MAX_RANK], hi[DVMH_MAX_RANK];
    for (int receiver = 0; receiver < p.process_count; receiver++)
        for (int k = p.need_first[receiver]; k < p.need_first[receiver + 1]; k++)
            for (int q = 0; q < p.process_count; q++) {
                if (!plan_is_leader(&p, q) || !plan_piece(&p, k, q, lo, hi))
                    continue;
                int sender = plan_sender(&p, q, receiver);
                const mpi_fetch_dest *dest =
                    receiver == p.me ? &dests[k - p.need_first[p.me]] : NULL;
                if (receiver == p.me && sender == p.me) {
                    mpi_box_memory from = host_box(a, lo, hi);
                    mpi_box_memory to = dest_box(dest, r, a->head.elem_size, lo, hi);
                    copy_box(&from, &to);
                } else if (receiver == p.me) {
                    recvs[recv_count++] = (mpi_transfer){
                        sender, dest_box(dest, r, a->head.elem_size, lo, hi)};
                } else if (sender == p.me) {
                    sends[send_count++] = (mpi_transfer){receiver, host_box(a, lo, hi)};
                }
            }
    size_t bytes = mpi_exchange(mpi_world(), 11, sends, send_count, recvs, recv_count);
    free(sends);
    free(recvs);
    plan_free(&p);
    return bytes;
}
