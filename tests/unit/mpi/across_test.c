/* across_test.c: a loop with flow dependencies on A[i-1][j], A[i][j-1] and
 * A[i-1][j-1] run as a pipeline between processes (comm_across_*), in
 * stages along the second dimension, then a loop running upwards (reading
 * the new A[i+1][j]); the results equal the sequential loops' exactly. Run under mpiexec -n 1..4 (2x2: both dimensions
 * distributed, the diagonal neighbour included). */
#include "comm.h"
#include "array.h"

#include <stdio.h>
#include <stdlib.h>

enum { N = 10, M = 13, STAGE = 3 };

static long long initial(dvmh_idx i, dvmh_idx j)
{
    return (i * 31 + j * 17) % 101;
}

static long long step(long long up, long long left, long long diagonal)
{
    return (up + 2 * left + 3 * diagonal + 1) % 1000003;
}

int main(int argc, char **argv)
{
    dvmh_init(&argc, &argv);
    static long long seq[N][M];
    for (int i = 0; i < N; i++)
        for (int j = 0; j < M; j++)
            seq[i][j] = initial(i, j);
    for (int i = 1; i < N; i++)
        for (int j = 1; j < M; j++)
            seq[i][j] = step(seq[i - 1][j], seq[i][j - 1], seq[i - 1][j - 1]);

    dvmh_array *a = dvmh_array_create(__FILE__, __LINE__, 2, sizeof(long long), DVMH_T_LLONG,
                                      (const dvmh_idx[]){N, M}, NULL, NULL,
                                      (dvmh_distr[]){{DVMH_DISTR_BLOCK, NULL, 0, 0},
                                                     {DVMH_DISTR_BLOCK, NULL, 0, 0}});
    const dvmh_array_head *h = &a->head;
#define A(i, j) (*(long long *)dvmh_elem_addr(a, (const dvmh_idx[]){(i), (j)}))
    for (dvmh_idx i = h->own_lo[0]; i <= h->own_hi[0]; i++)
        for (dvmh_idx j = h->own_lo[1]; j <= h->own_hi[1]; j++)
            A(i, j) = initial(i, j);

    comm_across *x = comm_across_start(a, (const dvmh_idx[]){1, 1}, 1);
    for (dvmh_idx lo = 0; lo < M; lo += STAGE) {
        dvmh_idx hi = lo + STAGE - 1 < M - 1 ? lo + STAGE - 1 : M - 1;
        comm_across_recv(x, lo, hi);
        for (dvmh_idx i = h->own_lo[0] > 1 ? h->own_lo[0] : 1; i <= h->own_hi[0]; i++) {
            dvmh_idx first = h->own_lo[1] > lo ? h->own_lo[1] : lo;
            dvmh_idx last = h->own_hi[1] < hi ? h->own_hi[1] : hi;
            for (dvmh_idx j = first > 1 ? first : 1; j <= last; j++)
                A(i, j) = step(A(i - 1, j), A(i, j - 1), A(i - 1, j - 1));
        }
        comm_across_send(x, lo, hi);
    }
    size_t messages = 0;
    long long sent = (long long)comm_across_finish(x, &messages);

    /* Upwards in the first dimension (the loop runs i downwards and reads
     * the new A[i+1][j]), rightwards in the second: flow widths {-1, 1}. */
    for (int i = N - 2; i >= 0; i--)
        for (int j = 1; j < M; j++)
            seq[i][j] = step(seq[i + 1][j], seq[i][j - 1], seq[i + 1][j - 1]);
    comm_across *up = comm_across_start(a, (const dvmh_idx[]){-1, 1}, 1);
    for (dvmh_idx lo = 0; lo < M; lo += STAGE) {
        dvmh_idx hi = lo + STAGE - 1 < M - 1 ? lo + STAGE - 1 : M - 1;
        comm_across_recv(up, lo, hi);
        for (dvmh_idx i = h->own_hi[0] < N - 2 ? h->own_hi[0] : N - 2; i >= h->own_lo[0]; i--) {
            dvmh_idx first = h->own_lo[1] > lo ? h->own_lo[1] : lo;
            dvmh_idx last = h->own_hi[1] < hi ? h->own_hi[1] : hi;
            for (dvmh_idx j = first > 1 ? first : 1; j <= last; j++)
                A(i, j) = step(A(i + 1, j), A(i, j - 1), A(i + 1, j - 1));
        }
        comm_across_send(up, lo, hi);
    }
    comm_across_finish(up, &messages);

    int wrong = 0;
    for (dvmh_idx i = h->own_lo[0]; i <= h->own_hi[0]; i++)
        for (dvmh_idx j = h->own_lo[1]; j <= h->own_hi[1]; j++)
            wrong += A(i, j) != seq[i][j];
    /* Exactly the flow edges moved: on a grid of p x q blocks, each process
     * below or right of another receives its edge row/column, plus corners. */
    long long all_sent = sent;
    comm_allreduce(DVMH_RED_SUM, DVMH_T_LLONG, &all_sent, 1, NULL, 0, 0);
    long long edge = 0;
    if (h->own_lo[0] > 0)
        edge += h->own_hi[1] - h->own_lo[1] + 1;
    if (h->own_lo[1] > 0)
        edge += h->own_hi[0] - h->own_lo[0] + 1;
    if (h->own_lo[0] > 0 && h->own_lo[1] > 0)
        edge += 1;
    edge *= (long long)sizeof(long long);
    comm_allreduce(DVMH_RED_SUM, DVMH_T_LLONG, &edge, 1, NULL, 0, 0);
    if (all_sent != edge) {
        fprintf(stderr, "process %d: %lld bytes sent in all, expected %lld\n",
                comm_process_rank(), all_sent, edge);
        wrong++;
    }
    /* The message cost the pipelines size their stages with: the same on
     * every process, measured (> 0) when there are several. */
    double cost[2], low[2];
    comm_message_cost(&cost[0], &cost[1]);
    low[0] = cost[0];
    low[1] = cost[1];
    comm_allreduce(DVMH_RED_MIN, DVMH_T_DOUBLE, low, 2, NULL, 0, 0);
    if (low[0] != cost[0] || low[1] != cost[1] || cost[1] < 0 ||
        (comm_process_count() > 1) != (cost[0] > 0)) {
        fprintf(stderr, "process %d: message cost %g s + %g s/byte\n", comm_process_rank(),
                cost[0], cost[1]);
        wrong++;
    }
    if (wrong)
        fprintf(stderr, "process %d: %d wrong\n", comm_process_rank(), wrong);
    comm_allreduce(DVMH_RED_MAX, DVMH_T_INT, &wrong, 1, NULL, 0, 0);
    dvmh_array_destroy(a);
    return dvmh_finish(wrong != 0);
}
