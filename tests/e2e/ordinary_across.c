/* Ordinary (undistributed) arrays only, as automatic parallelizers emit:
 * static arrays passed to functions, a malloc'd block used through
 * double (*)[M] casts, loops with across on ordinary arrays, region
 * clauses with sections, get_actual/actual with sections. */
#include <stdio.h>
#include <stdlib.h>

#define N 21
#define M 14
// TOLERANCE: 1e-10

static double U[N][M];

static void fill(double (*a)[M], int rows, double scale)
{
    int i, j;
#pragma dvm region out(a[0:rows-1][])
    {
        /* GPU-ALONE-HOST: fill(U) passes a static array through a pointer, memory the
         * runtime does not track, so that loop runs on the host (fill(V) runs on the GPU) */
#pragma dvm parallel([i][j]) tie(a[i][j])
        for (i = 0; i < rows; i++)
            for (j = 0; j < M; j++)
                a[i][j] = scale * ((i * 3 + j * 5) % 9);
    }
}

static double weighted(double *flat, int count)
{
    double s = 0;
    int k;
#pragma dvm region in(flat[0:count-1])
    {
#pragma dvm parallel([k]) tie(flat[k]) reduction(sum(s))
        for (k = 0; k < count; k++)
            s += flat[k] * (k % 7 + 1);
    }
    return s;
}

int main(void)
{
    int i, j, it;
    double *heap = malloc(sizeof(double) * N * M);
    double (*V)[M] = (double (*)[M])heap;
    double eps, s;
    fill(U, N, 1.0);
    fill(V, N, 0.5);
    /* Gauss-Seidel sweeps on U: regular dependencies on both neighbours. */
    for (it = 0; it < 4; it++) {
        eps = 0;
#pragma dvm region inout(U)
        {
#pragma dvm parallel([i][j]) tie(U[i][j]) across(U[1:1][1:1]) reduction(max(eps))
            for (i = 1; i < N - 1; i++)
                for (j = 1; j < M - 1; j++) {
                    double t = (U[i - 1][j] + U[i + 1][j] + U[i][j - 1] + U[i][j + 1]) / 4;
                    if (t - U[i][j] > eps)
                        eps = t - U[i][j];
                    if (U[i][j] - t > eps)
                        eps = U[i][j] - t;
                    U[i][j] = t;
                }
        }
#pragma dvm get_actual(eps)
        printf("it %d eps %.10f\n", it, eps);
    }
    /* Host code changes one row of V; the region must see it. */
#pragma dvm get_actual(V[3][])
    for (j = 0; j < M; j++)
        V[3][j] += 100;
#pragma dvm actual(V[3][])
#pragma dvm region in(U[1:N-2][]) inout(V[1:N-2][])
    {
#pragma dvm parallel([i][j]) tie(U[i][j], V[i][j])
        for (i = 1; i < N - 1; i++)
            for (j = 0; j < M; j++)
                V[i][j] += U[i][j];
    }
    /* A prefix sum down the columns of V: across without a reduction (the
     * devices' pieces must still run in order). */
#pragma dvm region inout(V)
    {
#pragma dvm parallel([i][j]) tie(V[i][j]) across(V[1:0][0:0])
        for (i = 1; i < N; i++)
            for (j = 0; j < M; j++)
                V[i][j] += 0.5 * V[i - 1][j];
    }
#pragma dvm get_actual(U, heap[0:N*M-1])
    s = weighted(heap, N * M);
    printf("U[5][5]=%.10f V[3][2]=%.10f weighted %.8e\n", U[5][5], V[3][2], s);
    free(heap);
    return 0;
}
