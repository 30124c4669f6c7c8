/* exchange.c: point-to-point movement of boxes of local arrays between
 * processes. A box whose elements lie in one run of memory is sent from
 * and received into the array itself; any other box travels packed in a
 * buffer of its own, copied row by row on both sides. MPI could take a
 * derived datatype over the array instead, but a large non-contiguous
 * message then moves only while its sender is inside MPI (the library
 * packs it piece by piece in its progress engine): a pipeline's sender
 * computing its next stage would hold its successor back for a whole
 * stage. A packed buffer is one run of bytes, which the library can hand
 * over without the sender (a receiver-side copy between processes of a
 * node). All sends and receives of one exchange are posted at once
 * (non-blocking) and then awaited together. */
#include "../alloc.h"
#include "../trace.h"
#include "mpi_comm.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* The element offset of the box's first element, and whether the box is
 * one run of memory: every dimension but the outermost one it spans more
 * than one index of is whole in its stride. */
static dvmh_idx box_first(const mpi_box_memory *m, bool *contiguous)
{
    dvmh_idx offset = m->offset;
    for (int d = 0; d < m->rank; d++)
        offset += m->lo[d] * m->stride[d];
    bool run = true;
    dvmh_idx inner = 1; /* elements of one index of dimension d */
    for (int d = m->rank - 1; d >= 0; d--) {
        dvmh_idx extent = m->hi[d] - m->lo[d] + 1;
        if (extent > 1 && m->stride[d] != inner)
            run = false;
        inner *= extent;
    }
    *contiguous = run;
    return offset;
}

/* Copies box m between the array's memory and packed (rows of the
 * innermost dimension, in order). */
static void box_copy(const mpi_box_memory *m, char *packed, bool to_packed)
{
    int r = m->rank;
    size_t row = (size_t)(m->hi[r - 1] - m->lo[r - 1] + 1) * m->elem_size;
    dvmh_idx idx[DVMH_MAX_RANK];
    for (int d = 0; d < r; d++)
        idx[d] = m->lo[d];
    for (;;) {
        dvmh_idx offset = m->offset;
        for (int d = 0; d < r; d++)
            offset += idx[d] * m->stride[d];
        char *at = (char *)m->base + offset * (dvmh_idx)m->elem_size;
        if (to_packed)
            memcpy(packed, at, row);
        else
            memcpy(at, packed, row);
        packed += row;
        int d = r - 2;
        while (d >= 0 && idx[d] == m->hi[d]) {
            idx[d] = m->lo[d];
            d--;
        }
        if (d < 0)
            return;
        idx[d]++;
    }
}

/* Packed buffers are kept for the next exchange: a fresh one of a shadow
 * plane's size comes from mmap (or a heap top that free gave back) and
 * faults its pages in again on every exchange, on both sides, which took
 * longer than the transfer (a 128 KiB plane of the ADI benchmark: 50 us
 * to pack into a fresh buffer, 200 us to arrive, against 20 us for the
 * bytes alone). Up to POOL buffers of up to POOL_MAX bytes each; the
 * messages of one exchange or pipeline beyond them are allocated and freed
 * as before. MPI is called from the program's thread only. */
enum { POOL = 16, POOL_MAX = 64 << 20 };
static struct pooled {
    void *mem;
    size_t size;
    bool busy;
} pool[POOL];

static void *pool_take(size_t bytes)
{
    struct pooled *fit = NULL, *idle = NULL;
    for (int k = 0; k < POOL; k++) {
        struct pooled *b = &pool[k];
        if (b->busy)
            continue;
        if (b->mem && b->size >= bytes && (!fit || b->size < fit->size))
            fit = b;
        if (!idle || !b->mem || (idle->mem && b->size > idle->size))
            idle = b;
    }
    if (!fit && idle && bytes <= POOL_MAX) {
        free(idle->mem);
        idle->mem = dvmh_xmalloc(bytes);
        idle->size = bytes;
        fit = idle;
    }
    if (!fit)
        return dvmh_xmalloc(bytes);
    fit->busy = true;
    return fit->mem;
}

static void pool_give(void *mem)
{
    for (int k = 0; k < POOL; k++)
        if (pool[k].mem == mem && pool[k].busy) {
            pool[k].busy = false;
            return;
        }
    free(mem);
}

/* count elements of *type making bytes bytes: MPI_BYTE up to INT_MAX
 * bytes, beyond that blocks of 1 MiB and the rest (committed; freed by
 * mpi_box_done). */
static int bytes_type(size_t bytes, MPI_Datatype *type, mpi_box_message *msg)
{
    msg->type = MPI_DATATYPE_NULL;
    if (bytes <= INT_MAX) {
        *type = MPI_BYTE;
        return (int)bytes;
    }
    enum { BLOCK = 1 << 20 };
    MPI_Datatype block;
    MPI_Type_contiguous(BLOCK, MPI_BYTE, &block);
    int lengths[2] = {(int)(bytes / BLOCK), (int)(bytes % BLOCK)};
    MPI_Aint displacements[2] = {0, (MPI_Aint)(bytes / BLOCK) * BLOCK};
    MPI_Datatype types[2] = {block, MPI_BYTE};
    MPI_Type_create_struct(lengths[1] ? 2 : 1, lengths, displacements, types, &msg->type);
    MPI_Type_free(&block);
    MPI_Type_commit(&msg->type);
    *type = msg->type;
    return 1;
}

void mpi_box_isend(MPI_Comm comm, int tag, const mpi_transfer *t, mpi_box_message *msg)
{
    bool contiguous;
    dvmh_idx first = box_first(&t->memory, &contiguous);
    size_t bytes = mpi_box_bytes(&t->memory);
    trace_peer(t->peer, bytes);
    msg->packed = NULL;
    const char *from = (const char *)t->memory.base + first * (dvmh_idx)t->memory.elem_size;
    if (!contiguous) {
        msg->packed = pool_take(bytes);
        box_copy(&t->memory, msg->packed, true);
        from = msg->packed;
    }
    MPI_Datatype type;
    int count = bytes_type(bytes, &type, msg);
    MPI_Isend(from, count, type, t->peer, tag, comm, &msg->request);
}

void mpi_box_irecv(MPI_Comm comm, int tag, const mpi_transfer *t, mpi_box_message *msg)
{
    bool contiguous;
    dvmh_idx first = box_first(&t->memory, &contiguous);
    size_t bytes = mpi_box_bytes(&t->memory);
    msg->packed = NULL;
    char *into = (char *)t->memory.base + first * (dvmh_idx)t->memory.elem_size;
    if (!contiguous)
        into = msg->packed = pool_take(bytes);
    MPI_Datatype type;
    int count = bytes_type(bytes, &type, msg);
    MPI_Irecv(into, count, type, t->peer, tag, comm, &msg->request);
}

void mpi_box_done(mpi_box_message *msg, const mpi_transfer *received)
{
    if (received && msg->packed)
        box_copy(&received->memory, msg->packed, false);
    if (msg->packed)
        pool_give(msg->packed);
    msg->packed = NULL;
    if (msg->type != MPI_DATATYPE_NULL)
        MPI_Type_free(&msg->type);
}

size_t mpi_box_bytes(const mpi_box_memory *m)
{
    size_t elems = 1;
    for (int d = 0; d < m->rank; d++) {
        if (m->hi[d] < m->lo[d])
            return 0;
        elems *= (size_t)(m->hi[d] - m->lo[d] + 1);
    }
    return elems * m->elem_size;
}

void mpi_wait_all(int count, MPI_Request *requests)
{
    /* MPI_Waitall(count, requests, MPI_STATUSES_IGNORE), one request at a
     * time: gcc takes that constant for a status array of no elements */
    for (int k = 0; k < count; k++)
        MPI_Wait(&requests[k], MPI_STATUS_IGNORE);
}

size_t mpi_exchange(MPI_Comm comm, int tag, const mpi_transfer *sends, int send_count,
                    const mpi_transfer *recvs, int recv_count)
{
    int total = send_count + recv_count;
    MPI_Request *requests = dvmh_xmalloc(sizeof(MPI_Request) * (size_t)total);
    mpi_box_message *msgs = dvmh_xmalloc(sizeof(mpi_box_message) * (size_t)total);
    const mpi_transfer **received = dvmh_xmalloc(sizeof(mpi_transfer *) * (size_t)total);
    int posted = 0;
    size_t bytes_sent = 0;
    /* Receives first, so that messages find their buffers waiting. */
    for (int k = 0; k < recv_count; k++) {
        const mpi_transfer *t = &recvs[k];
        if (mpi_box_bytes(&t->memory) == 0)
            continue;
        mpi_box_irecv(comm, tag, t, &msgs[posted]);
        received[posted++] = t;
    }
    for (int k = 0; k < send_count; k++) {
        const mpi_transfer *t = &sends[k];
        size_t bytes = mpi_box_bytes(&t->memory);
        if (bytes == 0)
            continue;
        mpi_box_isend(comm, tag, t, &msgs[posted]);
        received[posted++] = NULL;
        bytes_sent += bytes;
    }
    for (int k = 0; k < posted; k++)
        requests[k] = msgs[k].request;
    mpi_wait_all(posted, requests);
    for (int k = 0; k < posted; k++)
        mpi_box_done(&msgs[k], received[k]);
    free(requests);
    free(msgs);
    free(received);
    return bytes_sent;
}
