/* exchange_test.c: halo exchange of a 2-D block-distributed array over a
 * process grid: only the edge boxes move (bytes counted exactly), shadows
 * of width 1 (lo) and 2 (hi) on dimension 0, 1 on dimension 1, corners
 * included; afterwards every shadow element holds its owner's value. Run
 * under mpiexec -n 1..4. */
#include "grid.h"
#include "mpi_comm.h"

#include <stdio.h>
#include <stdlib.h>

enum { N = 13, M = 10 };
static const dvmh_idx shadow_lo[2] = {1, 1}, shadow_hi[2] = {2, 1};

static double value_at(dvmh_idx i, dvmh_idx j)
{
    return (double)(i * 1000 + j);
}

/* Block bounds of coordinate c of a dimension of n elements over p parts. */
static void block(dvmh_idx n, int p, int c, dvmh_idx *lo, dvmh_idx *hi)
{
    *lo = n * c / p;
    *hi = n * (c + 1) / p - 1;
}

int main(int argc, char **argv)
{
    mpi_start(&argc, &argv);
    MPI_Comm w = mpi_world();
    int count, rank;
    MPI_Comm_size(w, &count);
    MPI_Comm_rank(w, &rank);
    int dims[2];
    grid_choose(count, 2, (const int64_t[]){N, M}, dims);
    int coord[2] = {rank / dims[1], rank % dims[1]};
    dvmh_idx own_lo[2], own_hi[2], ext[2];
    for (int d = 0; d < 2; d++) {
        block(d == 0 ? N : M, dims[d], coord[d], &own_lo[d], &own_hi[d]);
        ext[d] = own_hi[d] - own_lo[d] + 1 + shadow_lo[d] + shadow_hi[d];
    }
    /* Local memory: own part plus shadows, poisoned. Local index l of
     * dimension d is global index own_lo[d] - shadow_lo[d] + l. */
    double *local = malloc(sizeof(double) * (size_t)(ext[0] * ext[1]));
    for (dvmh_idx k = 0; k < ext[0] * ext[1]; k++)
        local[k] = -1;
    for (dvmh_idx i = own_lo[0]; i <= own_hi[0]; i++)
        for (dvmh_idx j = own_lo[1]; j <= own_hi[1]; j++)
            local[(i - own_lo[0] + shadow_lo[0]) * ext[1] + (j - own_lo[1] + shadow_lo[1])] =
                value_at(i, j);

    /* For every neighbour (corners included): what it needs from me is my
     * owned part intersected with its shadow-extended part; what I need from
     * it is its owned part intersected with mine extended. */
    mpi_transfer sends[8], recvs[8];
    int nsend = 0, nrecv = 0;
    size_t expected_bytes = 0;
    for (int di = -1; di <= 1; di++)
        for (int dj = -1; dj <= 1; dj++) {
            int c0 = coord[0] + di, c1 = coord[1] + dj;
            if ((di == 0 && dj == 0) || c0 < 0 || c0 >= dims[0] || c1 < 0 || c1 >= dims[1])
                continue;
            int peer = c0 * dims[1] + c1;
            dvmh_idx plo[2], phi[2];
            block(N, dims[0], c0, &plo[0], &phi[0]);
            block(M, dims[1], c1, &plo[1], &phi[1]);
            mpi_transfer s = {peer, {local, 2, sizeof(double), {ext[1], 1}, {0}, {0}, 0}};
            mpi_transfer r = s;
            for (int d = 0; d < 2; d++) {
                dvmh_idx base = own_lo[d] - shadow_lo[d];
                dvmh_idx slo = plo[d] - shadow_lo[d], shi = phi[d] + shadow_hi[d];
                s.memory.lo[d] = (own_lo[d] > slo ? own_lo[d] : slo) - base;
                s.memory.hi[d] = (own_hi[d] < shi ? own_hi[d] : shi) - base;
                dvmh_idx mlo = own_lo[d] - shadow_lo[d], mhi = own_hi[d] + shadow_hi[d];
                r.memory.lo[d] = (plo[d] > mlo ? plo[d] : mlo) - base;
                r.memory.hi[d] = (phi[d] < mhi ? phi[d] : mhi) - base;
            }
            expected_bytes += mpi_box_bytes(&s.memory);
            sends[nsend++] = s;
            recvs[nrecv++] = r;
        }
    size_t bytes = mpi_exchange(w, 7, sends, nsend, recvs, nrecv);

    int failures = 0;
    if (bytes != expected_bytes) {
        fprintf(stderr, "process %d: sent %zu bytes, expected %zu\n", rank, bytes, expected_bytes);
        failures++;
    }
    /* Every element of the local memory that exists globally holds its
     * value; elements outside the global array stay poisoned. */
    for (dvmh_idx l0 = 0; l0 < ext[0]; l0++)
        for (dvmh_idx l1 = 0; l1 < ext[1]; l1++) {
            dvmh_idx i = own_lo[0] - shadow_lo[0] + l0, j = own_lo[1] - shadow_lo[1] + l1;
            int inside = i >= 0 && i < N && j >= 0 && j < M;
            double want = inside ? value_at(i, j) : -1;
            if (local[l0 * ext[1] + l1] != want) {
                if (failures < 5)
                    fprintf(stderr, "process %d: [%ld][%ld] = %g, expected %g\n", rank,
                            (long)i, (long)j, local[l0 * ext[1] + l1], want);
                failures++;
            }
        }
    /* Total bytes over all processes: the sum of all edge boxes, which for
     * a 1-D split of rows is (procs-1) * (lo + hi widths) * M elements. */
    unsigned long long total = bytes, all = 0;
    MPI_Allreduce(&total, &all, 1, MPI_UNSIGNED_LONG_LONG, MPI_SUM, w);
    if (dims[1] == 1 && all != (unsigned long long)(dims[0] - 1) *
                                  (unsigned long long)(shadow_lo[0] + shadow_hi[0]) * M * sizeof(double)) {
        fprintf(stderr, "total bytes %llu do not match the edge rows\n", all);
        failures++;
    }
    int failed = failures > 0, some_failed = 0;
    MPI_Allreduce(&failed, &some_failed, 1, MPI_INT, MPI_MAX, w);
    free(local);
    mpi_stop();
    return some_failed;
}
