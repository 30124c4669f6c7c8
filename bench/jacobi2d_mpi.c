/* Jacobi-2D benchmark written by hand with MPI: rows split in blocks, one
 * halo row exchanged with each neighbour per iteration, eps reduced with
 * MPI_Allreduce. Same kernel, sizes and output as jacobi2d_dvmh.c. */
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include "bench_time.h"

#ifndef L
#define L 4000
#endif
#ifndef ITMAX
#define ITMAX 30
#endif

int main(int argc, char **argv)
{
    int rank, size, it, i, j;
    double eps = 0, sum = 0, t0, t1;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    /* Global rows [first, first + rows) live in local rows 1..rows;
     * local rows 0 and rows + 1 are the halo. */
    int first = (int)((long)L * rank / size);
    int rows = (int)((long)L * (rank + 1) / size) - first;
    double (*A)[L] = malloc(sizeof(double) * L * (rows + 2));
    double (*B)[L] = malloc(sizeof(double) * L * (rows + 2));
    int up = rank > 0 ? rank - 1 : MPI_PROC_NULL;
    int down = rank < size - 1 ? rank + 1 : MPI_PROC_NULL;
    for (i = 1; i <= rows; i++) {
        int gi = first + i - 1;
        for (j = 0; j < L; j++) {
            A[i][j] = 0;
            B[i][j] = (gi == 0 || j == 0 || gi == L - 1 || j == L - 1) ? 0 : 1. + gi + j;
        }
    }
    /* interior rows only: the global first and last rows stay fixed */
    int lo = first == 0 ? 2 : 1;
    int hi = first + rows == L ? rows - 1 : rows;
    MPI_Barrier(MPI_COMM_WORLD);
    t0 = bench_seconds();
    for (it = 1; it <= ITMAX; it++) {
        double local_eps = 0;
        for (i = lo; i <= hi; i++)
            for (j = 1; j < L - 1; j++) {
                local_eps = fmax(fabs(B[i][j] - A[i][j]), local_eps);
                A[i][j] = B[i][j];
            }
        MPI_Sendrecv(A[1], L, MPI_DOUBLE, up, 0, A[rows + 1], L, MPI_DOUBLE, down, 0,
                     MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Sendrecv(A[rows], L, MPI_DOUBLE, down, 1, A[0], L, MPI_DOUBLE, up, 1,
                     MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        for (i = lo; i <= hi; i++)
            for (j = 1; j < L - 1; j++)
                B[i][j] = (A[i - 1][j] + A[i][j - 1] + A[i][j + 1] + A[i + 1][j]) / 4.;
        MPI_Allreduce(&local_eps, &eps, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    }
    t1 = bench_seconds();
    double local_sum = 0;
    for (i = 1; i <= rows; i++)
        for (j = 0; j < L; j++)
            local_sum += B[i][j];
    MPI_Reduce(&local_sum, &sum, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0)
        printf("jacobi2d L=%d it=%d eps=%.6e checksum=%.6e time=%.4f\n", L, ITMAX, eps, sum, t1 - t0);
    free(A);
    free(B);
    MPI_Finalize();
    return 0;
}
