/* comm_exchange.c: exchanges of byte buffers between every pair of
 * processes (indirect distributions): one process copies to itself, several
 * go through MPI (lib/mpi/alltoall.c). */
#include "comm.h"
#include "indirect.h"

#include <string.h>

#ifdef DVMH_HAVE_MPI
void mpi_alltoall_sizes(const size_t *send_bytes, size_t *recv_bytes);
void mpi_alltoall_bytes(const void *send, const size_t *send_bytes, void *recv,
                        const size_t *recv_bytes);
#endif

void comm_exchange_sizes(const size_t *send_bytes, size_t *recv_bytes)
{
#ifdef DVMH_HAVE_MPI
    if (comm_process_count() > 1) {
        mpi_alltoall_sizes(send_bytes, recv_bytes);
        return;
    }
#endif
    recv_bytes[0] = send_bytes[0];
}

void comm_exchange_bytes(const void *send, const size_t *send_bytes, void *recv,
                         const size_t *recv_bytes)
{
#ifdef DVMH_HAVE_MPI
    if (comm_process_count() > 1) {
        mpi_alltoall_bytes(send, send_bytes, recv, recv_bytes);
        return;
    }
#endif
    (void)recv_bytes;
    if (send_bytes[0])
        memcpy(recv, send, send_bytes[0]);
}
