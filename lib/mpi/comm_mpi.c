/* comm_mpi.c: the communication layer (lib/comm.h) of a program of several
 * MPI processes. Grid coordinates are row-major: the last grid dimension
 * varies fastest between consecutive ranks. */
#include "../alloc.h"
#include "../comm_layer.h"
#include "grid.h"
#include "mpi_comm.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

static void mpi_layer_start(int *argc, char ***argv)
{
    mpi_start(argc, argv);
}

static void mpi_layer_stop(void)
{
    mpi_stop();
}

__attribute__((noreturn)) static void mpi_layer_abort(int status)
{
    mpi_abort_all(status);
}

int mpi_layer_process_count(void)
{
    return mpi_process_count();
}

int mpi_layer_process_rank(void)
{
    return mpi_process_rank();
}

static void mpi_layer_barrier(void)
{
    if (mpi_running())
        MPI_Barrier(mpi_world());
}

static void mpi_layer_bcast(void *buf, size_t bytes, int root)
{
    /* Outside MPI's lifetime (stdio in constructors or at exit) every
     * process keeps its own values. */
    if (!mpi_running())
        return;
    /* MPI counts are int: large buffers go in pieces. */
    char *p = buf;
    while (bytes > 0) {
        size_t piece = bytes > (size_t)INT_MAX ? (size_t)INT_MAX : bytes;
        MPI_Bcast(p, (int)piece, MPI_BYTE, root, mpi_world());
        p += piece;
        bytes -= piece;
    }
}

static void mpi_layer_allreduce(int op, int type, void *values, int count, void *loc, size_t loc_size,
                                size_t loc_elem)
{
    if (!mpi_running())
        return;
    mpi_allreduce(mpi_world(), op, type, values, count, loc, loc_size, loc_elem);
}

static void mpi_layer_grid(int rank, const dvmh_idx *extents, int *dims, int *coords)
{
    int requested[DVMH_MAX_RANK];
    /* DVMH_PROC_GRID shapes the whole program's grid, not a subtask's */
    if (mpi_requested_grid(requested) == rank && !comm_group_current()) {
        for (int d = 0; d < rank; d++)
            dims[d] = requested[d];
    } else {
        int64_t wide[DVMH_MAX_RANK];
        for (int d = 0; d < rank; d++)
            wide[d] = extents[d];
        grid_choose(mpi_layer_process_count(), rank, wide, dims);
    }
    int rest = mpi_layer_process_rank();
    for (int d = rank - 1; d >= 0; d--) {
        coords[d] = rest % dims[d];
        rest /= dims[d];
    }
}

static int mpi_layer_grid_process(int rank, const int *dims, const int *coords)
{
    int process = 0;
    for (int d = 0; d < rank; d++)
        process = process * dims[d] + coords[d];
    return process;
}

static int mpi_layer_first_with_key(const dvmh_idx *key, int count)
{
    if (!mpi_running() || mpi_process_count() == 1)
        return 1;
    int n = mpi_process_count(), me = mpi_process_rank();
    dvmh_idx *all = dvmh_xmalloc(sizeof(dvmh_idx) * (size_t)count * (size_t)n);
    MPI_Allgather(key, count, MPI_INT64_T, all, count, MPI_INT64_T, mpi_world());
    int first = 1;
    for (int q = 0; q < me && first; q++)
        if (!memcmp(all + (size_t)q * (size_t)count, key, sizeof(dvmh_idx) * (size_t)count))
            first = 0;
    free(all);
    return first;
}

bool comm_mpi_initialized(void)
{
    int initialized;
    MPI_Initialized(&initialized);
    return initialized;
}

const comm_layer comm_mpi_layer = {
    .name = "mpi",
    .start = mpi_layer_start,
    .stop = mpi_layer_stop,
    .abort = mpi_layer_abort,
    .process_count = mpi_layer_process_count,
    .process_rank = mpi_layer_process_rank,
    .barrier = mpi_layer_barrier,
    .bcast = mpi_layer_bcast,
    .allreduce = mpi_layer_allreduce,
    .grid = mpi_layer_grid,
    .grid_process = mpi_layer_grid_process,
    .shadow_renew = mpi_layer_shadow_renew,
    .array_gone = mpi_layer_array_gone,
    .fetch_box = mpi_layer_fetch_box,
    .remote_view_begin = mpi_layer_remote_view_begin,
    .remote_view_end = mpi_layer_remote_view_end,
    .across_start = mpi_layer_across_start,
    .across_recv = mpi_layer_across_recv,
    .across_send = mpi_layer_across_send,
    .across_finish = mpi_layer_across_finish,
    .message_cost = mpi_layer_message_cost,
    .redistribute = mpi_layer_redistribute,
    .first_with_key = mpi_layer_first_with_key,
    .share_boxes = mpi_layer_share_boxes,
    .group_create = mpi_layer_group_create,
    .group_free = mpi_layer_group_free,
    .nodes = mpi_layer_nodes,
};
