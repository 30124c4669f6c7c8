/* redistribute_test.c: moving a distributed array's elements to their new
 * owners (comm_redistribute): the old layout is one array's, the new one
 * another array's of the same shape, so every pair of layouts can be
 * checked without the runtime changing a layout in place. Run under
 * mpiexec -n 1..4. */
#include "comm.h"
#include "array.h"

#include <stdio.h>

enum { N = 9, M = 14 };

static double value_at(dvmh_idx i, dvmh_idx j)
{
    return (double)(i * 1000 + j) + 0.5;
}

static dvmh_array *make(int kind0, int kind1)
{
    return dvmh_array_create(__FILE__, __LINE__, 2, sizeof(double), DVMH_T_DOUBLE,
                             (const dvmh_idx[]){N, M}, NULL, NULL,
                             (dvmh_distr[]){{kind0, NULL, 0, 0}, {kind1, NULL, 0, 0}});
}

static double *at(dvmh_array *a, dvmh_idx i, dvmh_idx j)
{
    return (double *)dvmh_elem_addr(a, (const dvmh_idx[]){i, j});
}

int main(int argc, char **argv)
{
    dvmh_init(&argc, &argv);
    int kinds[3][2] = {{DVMH_DISTR_BLOCK, DVMH_DISTR_BLOCK},
                       {DVMH_DISTR_BLOCK, DVMH_DISTR_NONE},
                       {DVMH_DISTR_NONE, DVMH_DISTR_BLOCK}};
    int wrong = 0;
    for (int from = 0; from < 3; from++)
        for (int to = 0; to < 3; to++) {
            dvmh_array *old = make(kinds[from][0], kinds[from][1]);
            dvmh_array *fresh = make(kinds[to][0], kinds[to][1]);
            for (dvmh_idx i = old->head.own_lo[0]; i <= old->head.own_hi[0]; i++)
                for (dvmh_idx j = old->head.own_lo[1]; j <= old->head.own_hi[1]; j++)
                    *at(old, i, j) = value_at(i, j);
            comm_redistribute(fresh, &old->head);
            for (dvmh_idx i = fresh->head.own_lo[0]; i <= fresh->head.own_hi[0]; i++)
                for (dvmh_idx j = fresh->head.own_lo[1]; j <= fresh->head.own_hi[1]; j++)
                    if (*at(fresh, i, j) != value_at(i, j)) {
                        if (wrong++ < 3)
                            fprintf(stderr, "process %d: layout %d -> %d: [%ld][%ld] = %g\n",
                                    comm_process_rank(), from, to, (long)i, (long)j,
                                    *at(fresh, i, j));
                    }
            dvmh_array_destroy(fresh);
            dvmh_array_destroy(old);
        }
    comm_allreduce(DVMH_RED_MAX, DVMH_T_INT, &wrong, 1, NULL, 0, 0);
    return dvmh_finish(wrong != 0);
}
