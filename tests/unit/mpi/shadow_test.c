/* shadow_test.c: shadow edges and remote boxes of distributed arrays
 * between processes (comm_shadow_renew, comm_fetch_box) through libdvmh:
 * edges with unequal widths, with and without corners, exactly the edge
 * boxes moved (bytes summed over processes), an array replicated along a
 * grid dimension, and boxes fetched from several owners; one process
 * chosen per group of replicas (comm_first_with_key); views with remote
 * rows (comm_remote_view_*). Run under
 * mpiexec -n 1..4. */
#include "comm.h"
#include "array.h"

#include <stdio.h>
#include <stdlib.h>

enum { N = 11, M = 9 };

static int failures;

#define CHECK(cond)                                                          \
    do {                                                                     \
        if (!(cond)) {                                                       \
            fprintf(stderr, "process %d: %s:%d: check failed: %s\n",         \
                    comm_process_rank(), __FILE__, __LINE__, #cond);         \
            failures++;                                                      \
        }                                                                    \
    } while (0)

static double value_at(dvmh_idx i, dvmh_idx j)
{
    return (double)(i * 100 + j + 1);
}

static double *at(dvmh_array *a, dvmh_idx i, dvmh_idx j)
{
    return (double *)dvmh_elem_addr(a, (const dvmh_idx[]){i, j});
}

/* Poisons the whole local part, then gives the owned elements their values. */
static void fill(dvmh_array *a)
{
    for (dvmh_idx i = a->alloc_lo[0]; i <= a->alloc_hi[0]; i++)
        for (dvmh_idx j = a->alloc_lo[1]; j <= a->alloc_hi[1]; j++)
            *at(a, i, j) = dvmh_owns(a, (const dvmh_idx[]){i, j}) ? value_at(i, j) : -1;
}

/* The elements of the edge boxes (faces; corners too if asked) this
 * process should receive. */
static long long expected_edge_elems(dvmh_array *a, int corner)
{
    long long count = 0;
    for (dvmh_idx i = a->alloc_lo[0]; i <= a->alloc_hi[0]; i++)
        for (dvmh_idx j = a->alloc_lo[1]; j <= a->alloc_hi[1]; j++) {
            int out_i = i < a->head.own_lo[0] || i > a->head.own_hi[0];
            int out_j = j < a->head.own_lo[1] || j > a->head.own_hi[1];
            if (i < 0 || i >= N || j < 0 || j >= M || (!out_i && !out_j))
                continue;
            if (corner || !(out_i && out_j))
                count++;
        }
    return count;
}

static void check_renew(dvmh_array *a, int corner)
{
    fill(a);
    long long sent = (long long)comm_shadow_renew(a, NULL, NULL, corner), all_sent = 0;
    long long wanted = expected_edge_elems(a, corner) * (long long)sizeof(double), all_wanted = 0;
    all_sent = sent;
    comm_allreduce(DVMH_RED_SUM, DVMH_T_LLONG, &all_sent, 1, NULL, 0, 0);
    all_wanted = wanted;
    comm_allreduce(DVMH_RED_SUM, DVMH_T_LLONG, &all_wanted, 1, NULL, 0, 0);
    CHECK(all_sent == all_wanted);
    int wrong = 0;
    for (dvmh_idx i = a->alloc_lo[0]; i <= a->alloc_hi[0]; i++)
        for (dvmh_idx j = a->alloc_lo[1]; j <= a->alloc_hi[1]; j++) {
            int out_i = i < a->head.own_lo[0] || i > a->head.own_hi[0];
            int out_j = j < a->head.own_lo[1] || j > a->head.own_hi[1];
            int inside = i >= 0 && i < N && j >= 0 && j < M;
            int renewed = inside && (corner || !(out_i && out_j));
            wrong += *at(a, i, j) != (renewed ? value_at(i, j) : -1);
        }
    CHECK(wrong == 0);
}

static void check_fetch(dvmh_array *a)
{
    fill(a);
    /* Each process asks a different block of rows and columns. */
    int r = comm_process_rank();
    dvmh_idx lo[2] = {r % N, 1}, hi[2] = {(r + 5) % N, M - 2};
    if (hi[0] < lo[0])
        hi[0] = N - 1;
    double buf[N * M];
    comm_fetch_box(a, lo, hi, buf);
    int wrong = 0;
    dvmh_idx cols = hi[1] - lo[1] + 1;
    for (dvmh_idx i = lo[0]; i <= hi[0]; i++)
        for (dvmh_idx j = lo[1]; j <= hi[1]; j++)
            wrong += buf[(i - lo[0]) * cols + (j - lo[1])] != value_at(i, j);
    CHECK(wrong == 0);
    /* An empty request takes part without receiving. */
    comm_fetch_box(a, (const dvmh_idx[]){1, 1}, (const dvmh_idx[]){0, 0}, buf);
}

/* A view with remote row k: local and remote elements through one
 * pointer, and writes to the own part copied back. */
static void check_remote_view(dvmh_array *a, dvmh_idx k)
{
    fill(a);
    comm_remote_view v;
    comm_remote_view_begin(a, (const dvmh_idx[]){k, 0}, (const dvmh_idx[]){k, M - 1}, &v);
    double (*view)[v.ext[1]] = (double (*)[v.ext[1]])(void *)v.zero;
    int wrong = 0;
    for (dvmh_idx j = 0; j < M; j++)
        wrong += view[k][j] != value_at(k, j);
    for (dvmh_idx i = a->head.own_lo[0]; i <= a->head.own_hi[0]; i++)
        for (dvmh_idx j = a->head.own_lo[1]; j <= a->head.own_hi[1]; j++) {
            wrong += view[i][j] != value_at(i, j);
            view[i][j] += 0.25;
        }
    comm_remote_view_end(a, &v, 1);
    for (dvmh_idx i = a->head.own_lo[0]; i <= a->head.own_hi[0]; i++)
        for (dvmh_idx j = a->head.own_lo[1]; j <= a->head.own_hi[1]; j++)
            wrong += *at(a, i, j) != value_at(i, j) + 0.25;
    CHECK(wrong == 0);
}

int main(int argc, char **argv)
{
    dvmh_init(&argc, &argv);
    dvmh_distr block2[2] = {{DVMH_DISTR_BLOCK, NULL, 0, 0}, {DVMH_DISTR_BLOCK, NULL, 0, 0}};
    dvmh_array *a = dvmh_array_create(__FILE__, __LINE__, 2, sizeof(double), DVMH_T_DOUBLE,
                                      (const dvmh_idx[]){N, M}, (const dvmh_idx[]){1, 2},
                                      (const dvmh_idx[]){2, 1}, block2);
    check_renew(a, 0);
    check_renew(a, 1);
    /* Again: the kept plan moves the edges anew. */
    check_renew(a, 1);
    check_renew(a, 0);
    check_fetch(a);

    /* Rows distributed, columns whole. */
    dvmh_array *b = dvmh_array_create(__FILE__, __LINE__, 2, sizeof(double), DVMH_T_DOUBLE,
                                      (const dvmh_idx[]){N, M}, NULL, NULL,
                                      (dvmh_distr[]){{DVMH_DISTR_BLOCK, NULL, 0, 0},
                                                     {DVMH_DISTR_NONE, NULL, 0, 0}});
    check_renew(b, 1);
    check_fetch(b);
    for (dvmh_idx k = 0; k < N; k += 3)
        check_remote_view(b, k);

    /* Replicated along the template's second grid dimension. */
    dvmh_template *t = dvmh_template_create(__FILE__, __LINE__, 2, (const dvmh_idx[]){N, 4 * M},
                                            block2);
    dvmh_array *c = dvmh_array_create(__FILE__, __LINE__, 2, sizeof(double), DVMH_T_DOUBLE,
                                      (const dvmh_idx[]){N, M}, (const dvmh_idx[]){1, 0},
                                      (const dvmh_idx[]){1, 0}, NULL);
    dvmh_array_align(__FILE__, __LINE__, c, t,
                     (const dvmh_rule[]){{DVMH_RULE_LINEAR, 0, 1, 0}, {DVMH_RULE_ANY, 0, 0, 0}});
    check_renew(c, 0);
    check_fetch(c);

    /* One process per group of identical keys. */
    int r = comm_process_rank();
    dvmh_idx key[2] = {r / 2, 7};
    CHECK(comm_first_with_key(key, 2) == (r % 2 == 0));
    key[0] = 0;
    CHECK(comm_first_with_key(key, 2) == (r == 0));
    key[0] = r;
    CHECK(comm_first_with_key(key, 2) == 1);

    /* A new array in place of an old one, laid out differently, is not
     * renewed with the old one's plan. */
    dvmh_array_destroy(c);
    dvmh_template_destroy(t);
    dvmh_array_destroy(b);
    dvmh_array_destroy(a);
    for (int round = 0; round < 2; round++) {
        a = dvmh_array_create(__FILE__, __LINE__, 2, sizeof(double), DVMH_T_DOUBLE,
                              (const dvmh_idx[]){N, M}, NULL, NULL,
                              (dvmh_distr[]){{round ? DVMH_DISTR_NONE : DVMH_DISTR_BLOCK, NULL, 0, 0},
                                             {DVMH_DISTR_BLOCK, NULL, 0, 0}});
        check_renew(a, 1);
        check_renew(a, 1);
        dvmh_array_destroy(a);
    }
    int failed = failures > 0;
    comm_allreduce(DVMH_RED_MAX, DVMH_T_INT, &failed, 1, NULL, 0, 0);
    if (failures)
        fprintf(stderr, "process %d: %d check(s) failed\n", comm_process_rank(), failures);
    return dvmh_finish(failed);
}
