/* message_cost.c: what one message between two processes costs, measured
 * by a ping-pong between the group's first two processes (the others only
 * take part in the broadcast of the result). The pipelines of across loops
 * size their stages with it (loop_stage.c). */
#include "mpi_comm.h"


/* Round trips of each size; the median counts: the fastest would be a
 * lucky moment on a busy machine, where a message usually waits for the
 * peer to be scheduled. */
#define COST_REPEATS 7
#define COST_BIG_BYTES 32768

static double round_trip(MPI_Comm comm, int me, char *buffer, int bytes)
{
    double times[COST_REPEATS];
    for (int r = 0; r < COST_REPEATS; r++) {
        double t0 = MPI_Wtime();
        if (me == 0) {
            MPI_Send(buffer, bytes, MPI_BYTE, 1, 900, comm);
            MPI_Recv(buffer, bytes, MPI_BYTE, 1, 901, comm, MPI_STATUS_IGNORE);
        } else {
            MPI_Recv(buffer, bytes, MPI_BYTE, 0, 900, comm, MPI_STATUS_IGNORE);
            MPI_Send(buffer, bytes, MPI_BYTE, 0, 901, comm);
        }
        double t = MPI_Wtime() - t0;
        int k = r; /* insertion sort */
        for (; k > 0 && times[k - 1] > t; k--)
            times[k] = times[k - 1];
        times[k] = t;
    }
    return times[COST_REPEATS / 2];
}

void mpi_layer_message_cost(double *latency, double *per_byte)
{
    MPI_Comm comm = mpi_world();
    int me = mpi_process_rank();
    double cost[2] = {0, 0};
    if (mpi_process_count() > 1 && me < 2) {
        static char buffer[COST_BIG_BYTES];
        double small = round_trip(comm, me, buffer, 8);
        double big = round_trip(comm, me, buffer, COST_BIG_BYTES);
        cost[0] = small / 2;
        cost[1] = big > small ? (big - small) / 2 / COST_BIG_BYTES : 0;
    }
    if (mpi_process_count() > 1)
        MPI_Bcast(cost, 2, MPI_DOUBLE, 0, comm);
    *latency = cost[0];
    *per_byte = cost[1];
}
