/* alltoall.c: the byte exchanges of comm_exchange.c over MPI. */
#include "../alloc.h"
#include "mpi_comm.h"

#include <limits.h>
#include <stdint.h>
#include <stdlib.h>

void mpi_alltoall_sizes(const size_t *send_bytes, size_t *recv_bytes);
void mpi_alltoall_bytes(const void *send, const size_t *send_bytes, void *recv,
                        const size_t *recv_bytes);

void mpi_alltoall_sizes(const size_t *send_bytes, size_t *recv_bytes)
{
    int n = mpi_process_count();
    uint64_t *s = dvmh_xmalloc(sizeof(uint64_t) * (size_t)n);
    uint64_t *r = dvmh_xmalloc(sizeof(uint64_t) * (size_t)n);
    for (int q = 0; q < n; q++)
        s[q] = send_bytes[q];
    MPI_Alltoall(s, 1, MPI_UINT64_T, r, 1, MPI_UINT64_T, mpi_world());
    for (int q = 0; q < n; q++)
        recv_bytes[q] = (size_t)r[q];
    free(s);
    free(r);
}

static int *displacements(const size_t *bytes, int n, int **counts)
{
    int *disp = dvmh_xmalloc(sizeof(int) * (size_t)n);
    *counts = dvmh_xmalloc(sizeof(int) * (size_t)n);
    size_t at = 0;
    for (int q = 0; q < n; q++) {
        if (bytes[q] > INT_MAX || at > INT_MAX)
            dvmh_fatal(NULL, 0, "an exchange of more than %d bytes", INT_MAX);
        disp[q] = (int)at;
        (*counts)[q] = (int)bytes[q];
        at += bytes[q];
    }
    return disp;
}

void mpi_alltoall_bytes(const void *send, const size_t *send_bytes, void *recv,
                        const size_t *recv_bytes)
{
    int n = mpi_process_count();
    int *sc, *rc;
    int *sd = displacements(send_bytes, n, &sc), *rd = displacements(recv_bytes, n, &rc);
    MPI_Alltoallv(send, sc, sd, MPI_BYTE, recv, rc, rd, MPI_BYTE, mpi_world());
    free(sc);
    free(rc);
    free(sd);
    free(rd);
}
