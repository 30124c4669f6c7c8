/* process.c: the MPI processes of a program: starting and stopping MPI,
 * the process grid requested by DVMH_PROC_GRID, and stopping everyone on a
 * fatal error. */
#define _POSIX_C_SOURCE 200809L /* nanosleep */
#include "grid.h"
#include "mpi_comm.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static struct {
    MPI_Comm world;
    /* Kept after MPI stops, so that output at exit still happens once. */
    int process_count, process_rank;
    bool started_mpi;           /* we called MPI_Init, so we finalize */
    int grid_rank;              /* of DVMH_PROC_GRID; 0: unset */
    int grid_dims[DVMH_MAX_RANK];
} mpi_state = {MPI_COMM_NULL, 1, 0, false, 0, {0}};

MPI_Comm mpi_program_world(void)
{
    return mpi_state.world;
}

/* Every process checks the variable; if any finds it bad, all stop with a
 * non-zero status (no process is left waiting for the others). */
static void mpi_read_requested_grid(void)
{
    int count, rank;
    MPI_Comm_size(mpi_state.world, &count);
    MPI_Comm_rank(mpi_state.world, &rank);
    const char *text = getenv("DVMH_PROC_GRID");
    char why[256] = "";
    int bad = 0;
    if (text) {
        mpi_state.grid_rank = grid_parse(text, count, DVMH_MAX_RANK, mpi_state.grid_dims,
                                         why, sizeof why);
        bad = mpi_state.grid_rank < 0;
    }
    int any_bad = 0;
    MPI_Allreduce(&bad, &any_bad, 1, MPI_INT, MPI_MAX, mpi_state.world);
    if (!any_bad)
        return;
    if (bad)
        fprintf(stderr, "dvmh: error: DVMH_PROC_GRID: %s (process %d)\n", why, rank);
    fflush(stderr);
    mpi_stop();
    exit(1);
}

void mpi_start(int *argc, char ***argv)
{
    int initialized;
    MPI_Initialized(&initialized);
    if (!initialized) {
        int provided;
        /* FUNNELED: only the main thread calls MPI, OpenMP threads never. */
        MPI_Init_thread(argc, argv, MPI_THREAD_FUNNELED, &provided);
        mpi_state.started_mpi = true;
    }
    MPI_Comm_dup(MPI_COMM_WORLD, &mpi_state.world);
    MPI_Comm_size(mpi_state.world, &mpi_state.process_count);
    MPI_Comm_rank(mpi_state.world, &mpi_state.process_rank);
    mpi_read_requested_grid();
}

void mpi_stop(void)
{
    int finalized;
    MPI_Finalized(&finalized);
    if (finalized)
        return;
    if (mpi_state.world != MPI_COMM_NULL) {
        MPI_Comm_free(&mpi_state.world);
        mpi_state.world = MPI_COMM_NULL;
    }
    if (mpi_state.started_mpi)
        MPI_Finalize();
}

void mpi_abort_all(int status)
{
    fflush(stdout);
    fflush(stderr);
    int initialized, finalized;
    MPI_Initialized(&initialized);
    MPI_Finalized(&finalized);
    if (initialized && !finalized) {
        /* MPI_Abort has the launcher kill every process at once; give it a
         * moment to forward the message this process just wrote to stderr,
         * or the launcher may drop it along with the process. */
        if (mpi_state.process_count > 1) {
            struct timespec pause = {0, 200 * 1000 * 1000};
            nanosleep(&pause, NULL);
        }
        MPI_Abort(mpi_state.world != MPI_COMM_NULL ? mpi_state.world : MPI_COMM_WORLD,
                  status ? status : 1);
    }
    exit(status ? status : 1);
}

int mpi_program_size(void)
{
    return mpi_state.process_count;
}

int mpi_program_rank(void)
{
    return mpi_state.process_rank;
}

bool mpi_running(void)
{
    return mpi_state.world != MPI_COMM_NULL;
}

int mpi_requested_grid(int *dims)
{
    for (int d = 0; d < mpi_state.grid_rank; d++)
        dims[d] = mpi_state.grid_dims[d];
    return mpi_state.grid_rank;
}
