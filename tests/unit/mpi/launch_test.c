/* launch_test.c: which communication layer a program gets. Prints the
 * process count and whether MPI was initialized after dvmh_init, and
 * checks that a barrier and a reduction work in either layer. A process
 * no process manager started must not initialize MPI (launch_test.py). */
#include <dvmh.h>
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    dvmh_init(&argc, &argv);
    int initialized = 0;
    MPI_Initialized(&initialized);
    dvmh_barrier();
    printf("rank=%d processes=%d mpi=%d\n", dvmh_process_rank(), dvmh_process_count(),
           initialized);
    return dvmh_finish(0);
}
