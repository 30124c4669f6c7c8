/* exchange.c: point-to-point movement of boxes of local arrays between
 * processes, without packing: each box is described to MPI by a derived
 * datatype over the array's memory, and all sends and receives of one
 * exchange are posted at once (non-blocking) and then awaited together. */
#include "../alloc.h"
#include "../trace.h"
#include "mpi_comm.h"

#include <stdlib.h>

/* A datatype covering box [lo, hi] of memory laid out with these strides
 * (in elements; stride[rank-1] == 1). The innermost dimension is one
 * contiguous block; each outer dimension repeats the inner type at its
 * stride. */
static MPI_Datatype exchange_box_type(const mpi_box_memory *m, dvmh_idx *first_elem)
{
    dvmh_idx offset = m->offset;
    for (int d = 0; d < m->rank; d++)
        offset += m->lo[d] * m->stride[d];
    *first_elem = offset;
    MPI_Datatype type;
    dvmh_idx inner = m->hi[m->rank - 1] - m->lo[m->rank - 1] + 1;
    MPI_Type_contiguous((int)(inner * (dvmh_idx)m->elem_size), MPI_BYTE, &type);
    for (int d = m->rank - 2; d >= 0; d--) {
        MPI_Datatype outer;
        dvmh_idx extent = m->hi[d] - m->lo[d] + 1;
        MPI_Type_create_hvector((int)extent, 1, (MPI_Aint)(m->stride[d] * (dvmh_idx)m->elem_size),
                                type, &outer);
        MPI_Type_free(&type);
        type = outer;
    }
    MPI_Type_commit(&type);
    return type;
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

void mpi_isend_box(MPI_Comm comm, int tag, const mpi_transfer *t, MPI_Request *request,
                   MPI_Datatype *type)
{
    dvmh_idx first;
    *type = exchange_box_type(&t->memory, &first);
    trace_peer(t->peer, mpi_box_bytes(&t->memory));
    MPI_Isend((char *)t->memory.base + first * (dvmh_idx)t->memory.elem_size, 1, *type,
              t->peer, tag, comm, request);
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
    MPI_Datatype *types = dvmh_xmalloc(sizeof(MPI_Datatype) * (size_t)total);
    int posted = 0;
    size_t bytes_sent = 0;
    /* Receives first, so that messages find their buffers waiting. */
    for (int k = 0; k < recv_count; k++) {
        const mpi_transfer *t = &recvs[k];
        if (mpi_box_bytes(&t->memory) == 0)
            continue;
        dvmh_idx first;
        types[posted] = exchange_box_type(&t->memory, &first);
        MPI_Irecv((char *)t->memory.base + first * (dvmh_idx)t->memory.elem_size, 1,
                  types[posted], t->peer, tag, comm, &requests[posted]);
        posted++;
    }
    for (int k = 0; k < send_count; k++) {
        const mpi_transfer *t = &sends[k];
        size_t bytes = mpi_box_bytes(&t->memory);
        if (bytes == 0)
            continue;
        mpi_isend_box(comm, tag, t, &requests[posted], &types[posted]);
        bytes_sent += bytes;
        posted++;
    }
    mpi_wait_all(posted, requests);
    for (int k = 0; k < posted; k++)
        MPI_Type_free(&types[k]);
    free(requests);
    free(types);
    return bytes_sent;
}
