/* Multi-block Jacobi: four blocks of different heights share their
 * columns and are coupled through their boundary rows. Every outer
 * iteration is a task_region: each block is a subtask that creates its own
 * distributed arrays over its processor group, relaxes, prints a checksum
 * and stores its state back into ordinary (replicated) arrays; between
 * iterations the blocks exchange boundary rows through those arrays. */
#include <stdio.h>
#include <stdlib.h>

#define NB 4
#define M 16
#define MAXR 20
#define ITERS 4
#define SWEEPS 5

static const int rows[NB] = {12, 20, 6, 16};
static double U[NB][MAXR + 2][M];   /* row 0 and row rows[b]+1: halo rows */
static double sums[NB];

static void solve_block(int b, int nr, double (*u)[M], double *sum_out)
{
#pragma dvm array distribute[block][block]
    double (*A)[M];
#pragma dvm array align([i][j] with A[i][j])
    double (*B)[M];
    int i, j, s;
    double total = 0;
    A = malloc(sizeof(double[M]) * (size_t)(nr + 2));
    B = malloc(sizeof(double[M]) * (size_t)(nr + 2));
    for (i = 0; i < nr + 2; i++)
        for (j = 0; j < M; j++) {
            A[i][j] = u[i][j];
            B[i][j] = u[i][j];
        }
    for (s = 0; s < SWEEPS; s++) {
#pragma dvm parallel([i][j] on B[i][j]) shadow_renew(A)
        for (i = 1; i < nr + 1; i++)
            for (j = 1; j < M - 1; j++)
                B[i][j] = 0.25 * (A[i - 1][j] + A[i + 1][j] + A[i][j - 1] + A[i][j + 1]);
#pragma dvm parallel([i][j] on A[i][j])
        for (i = 1; i < nr + 1; i++)
            for (j = 1; j < M - 1; j++)
                A[i][j] = B[i][j];
    }
#pragma dvm parallel([i][j] on A[i][j]) reduction(sum(total))
    for (i = 1; i < nr + 1; i++)
        for (j = 0; j < M; j++)
            total += A[i][j] * (double)(i * M + j + 1);
#pragma dvm remote_access(A[][])
    {
        for (i = 1; i < nr + 1; i++)
            for (j = 0; j < M; j++)
                u[i][j] = A[i][j];
    }
    *sum_out = total;
    printf("  block %d (%d rows): checksum %.6f\n", b, nr, total);
    free(A);
    free(B);
}

int main(void)
{
    int b, it, i, j;
#pragma dvm task blocks[NB]
    for (b = 0; b < NB; b++) {
#pragma dvm map(blocks[b] weight(rows[b]) procs(1 : 4))
    }
    for (b = 0; b < NB; b++)
        for (i = 0; i < MAXR + 2; i++)
            for (j = 0; j < M; j++)
                U[b][i][j] = (j == 0 || j == M - 1) ? 1.0 + b : 0.0;
    for (j = 0; j < M; j++)
        U[0][0][j] = 10.0;                         /* the hot top edge */
    for (it = 0; it < ITERS; it++) {
        printf("iteration %d\n", it);
#pragma dvm task_region(blocks)
        {
#pragma dvm parallel([b] on blocks[b])
            for (b = 0; b < NB; b++)
                solve_block(b, rows[b], U[b], &sums[b]);
        }
        /* boundary rows go to the neighbouring blocks */
        for (b = 0; b + 1 < NB; b++)
            for (j = 1; j < M - 1; j++) {
                U[b + 1][0][j] = U[b][rows[b]][j];
                U[b][rows[b] + 1][j] = U[b + 1][1][j];
            }
        double total = 0;
        for (b = 0; b < NB; b++)
            total += sums[b] * (b + 1);
        printf("iteration %d: weighted total %.6f\n", it, total);
    }
    return 0;
}
