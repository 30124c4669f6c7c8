/* exchange_big_test.c: a box of 2 GiB and more through mpi_exchange (MPI
 * counts are ints: exchange.c describes such a message as blocks of 1 MiB
 * and the rest). Process 0 sends process 1 a contiguous box of 2^31 + 3
 * bytes and, in the same exchange, a small box of two rows with a gap
 * between them (packed); process 1 checks every byte. Run under
 * mpiexec -n 2 (2.1 GB of memory per process). */
#include "mpi_comm.h"

#include <stdio.h>
#include <stdlib.h>

static unsigned char pattern(size_t k)
{
    return (unsigned char)(k * 131 ^ k >> 20);
}

int main(int argc, char **argv)
{
    mpi_start(&argc, &argv);
    MPI_Comm w = mpi_world();
    int count, rank;
    MPI_Comm_size(w, &count);
    MPI_Comm_rank(w, &rank);
    if (count != 2) {
        if (rank == 0)
            fprintf(stderr, "run with 2 processes\n");
        mpi_stop();
        return 1;
    }
    const dvmh_idx flat = ((dvmh_idx)1 << 31) + 3;
    const dvmh_idx row = 1000, stride = row + 8;
    size_t total = (size_t)(flat + 2 * stride);
    unsigned char *mem = malloc(total);
    if (!mem) {
        fprintf(stderr, "process %d: no memory for %zu bytes\n", rank, total);
        mpi_stop();
        return 1;
    }
    for (size_t k = 0; k < total; k++)
        mem[k] = rank == 0 ? pattern(k) : 0;
    /* the contiguous box: bytes 0..flat-1; the rows: two rows of row bytes
     * at stride, after it */
    mpi_transfer box[2] = {
        {1 - rank, {mem, 1, 1, {1}, {0}, {flat - 1}, 0}},
        {1 - rank, {mem + flat, 2, 1, {stride, 1}, {0, 0}, {1, row - 1}, 0}},
    };
    size_t sent = rank == 0 ? mpi_exchange(w, 3, box, 2, NULL, 0)
                            : mpi_exchange(w, 3, NULL, 0, box, 2);
    int failures = 0;
    size_t want_sent = rank == 0 ? (size_t)(flat + 2 * row) : 0;
    if (sent != want_sent) {
        fprintf(stderr, "process %d: sent %zu bytes, expected %zu\n", rank, sent, want_sent);
        failures++;
    }
    if (rank == 1)
        for (size_t k = 0; k < total; k++) {
            size_t in_rows = k < (size_t)flat ? 0 : k - (size_t)flat;
            int gap = k >= (size_t)flat && in_rows % (size_t)stride >= (size_t)row;
            unsigned char want = gap ? 0 : pattern(k);
            if (mem[k] != want) {
                if (failures < 5)
                    fprintf(stderr, "byte %zu: %u, expected %u\n", k, mem[k], want);
                failures++;
            }
        }
    int failed = failures > 0, some_failed = 0;
    MPI_Allreduce(&failed, &some_failed, 1, MPI_INT, MPI_MAX, w);
    free(mem);
    mpi_stop();
    if (rank == 0 && !some_failed)
        printf("exchanged %zu bytes\n", want_sent);
    return some_failed;
}
