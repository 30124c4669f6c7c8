/* mpi_comm.h: internals of the MPI communication layer shared by the files
 * of lib/mpi (process start and stop, grid, reductions, exchanges). */
#ifndef DVMH_MPI_COMM_H
#define DVMH_MPI_COMM_H

#include "dvmh.h"

#include <mpi.h>
#include <stdbool.h>

/* The communicator of the whole program (a duplicate of MPI_COMM_WORLD, so
 * our messages never meet a user's). */
MPI_Comm mpi_world(void);

/* MPI_Init_thread unless the program started MPI itself; reads and checks
 * DVMH_PROC_GRID (a bad value stops every process with a message naming
 * the variable). */
void mpi_start(int *argc, char ***argv);
/* MPI_Finalize if mpi_start started MPI; safe to call twice. */
void mpi_stop(void);
/* Flushes stdio and stops every process with this exit status. */
void mpi_abort_all(int status) __attribute__((noreturn));

/* The grid the user asked for in DVMH_PROC_GRID: its rank (0 if unset)
 * and dims. */
int mpi_requested_grid(int *dims);

bool mpi_reduce_supported(int op, int type);
/* values (count elements of type) and, for maxloc/minloc, loc (loc_size
 * bytes) become the reduction over every process of comm. */
void mpi_allreduce(MPI_Comm comm, int op, int type, void *values, int count,
                   void *loc, size_t loc_size);

#endif
