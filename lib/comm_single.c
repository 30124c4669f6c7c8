/* comm_single.c: the communication layer of a program of one process. */
#include "comm.h"

#include <stdio.h>
#include <stdlib.h>

void comm_start(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
}

void comm_stop(void) {}

void comm_abort(int status)
{
    fflush(stdout);
    fflush(stderr);
    _Exit(status);
}

int comm_process_count(void) { return 1; }
int comm_process_rank(void) { return 0; }
void comm_barrier(void) {}

void comm_bcast(void *buf, size_t bytes, int root)
{
    (void)buf;
    (void)bytes;
    (void)root;
}

void comm_allreduce(int op, int type, void *values, int count, void *loc, size_t loc_size)
{
    (void)op;
    (void)type;
    (void)values;
    (void)count;
    (void)loc;
    (void)loc_size;
}

void comm_grid(int rank, const dvmh_idx *extents, int *dims, int *coords)
{
    (void)extents;
    for (int d = 0; d < rank; d++) {
        dims[d] = 1;
        coords[d] = 0;
    }
}

int comm_grid_process(int rank, const int *dims, const int *coords)
{
    (void)rank;
    (void)dims;
    (void)coords;
    return 0;
}
