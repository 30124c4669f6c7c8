/* group_test.c: the stack of processor systems (comm_group_*): inside a
 * group, process count and rank, allreduce and bcast stay inside it;
 * groups nest; arrays remember the system they were created on. Run under
 * mpiexec -n 1..4. */
#include "comm.h"
#include "array.h"

#include <stdio.h>
#include <stdlib.h>

static int failures;

#define CHECK(cond)                                                                    \
    do {                                                                               \
        if (!(cond)) {                                                                 \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond);   \
            failures++;                                                                \
        }                                                                              \
    } while (0)

int main(int argc, char **argv)
{
    dvmh_init(&argc, &argv);
    int n = comm_process_count(), me = comm_process_rank();
    CHECK(comm_group_current() == NULL);
    /* two groups: even and odd ranks (the odd one is empty on 1 process) */
    int members[2][64], count[2] = {0, 0};
    for (int q = 0; q < n; q++)
        members[q % 2][count[q % 2]++] = q;
    comm_group *mine = NULL;
    for (int k = 0; k < 2; k++) {
        if (count[k] == 0)
            continue;
        comm_group *g = comm_group_create(members[k], count[k], k);
        CHECK((g != NULL) == (me % 2 == k));
        if (g)
            mine = g;
    }
    CHECK(mine != NULL);
    comm_group_push(mine);
    CHECK(comm_group_current() == mine);
    CHECK(comm_process_count() == count[me % 2]);
    CHECK(comm_process_rank() == me / 2);
    int sum = me;
    comm_allreduce(DVMH_RED_SUM, DVMH_T_INT, &sum, 1, NULL, 0, 0);
    int expected = 0;
    for (int k = 0; k < count[me % 2]; k++)
        expected += members[me % 2][k];
    CHECK(sum == expected);
    int root_value = comm_process_rank() == 0 ? 100 + me : -1;
    comm_bcast(&root_value, sizeof root_value, 0);
    CHECK(root_value == 100 + me % 2);
    /* an array created here is distributed over the group */
    dvmh_array *a = dvmh_array_create(__FILE__, __LINE__, 1, sizeof(double), DVMH_T_DOUBLE,
                                      (const dvmh_idx[]){10}, NULL, NULL,
                                      (const dvmh_distr[]){{DVMH_DISTR_BLOCK, NULL, 0, 0}});
    CHECK(a->group == mine);
    long owned = a->head.own_hi[0] - a->head.own_lo[0] + 1;
    comm_allreduce(DVMH_RED_SUM, DVMH_T_LONG, &owned, 1, NULL, 0, 0);
    CHECK(owned == 10);
    dvmh_array_destroy(a);
    /* a nested group: the group's first process alone */
    comm_group *inner = comm_group_create((const int[]){0}, 1, 7);
    CHECK((inner != NULL) == (comm_process_rank() == 0));
    if (inner) {
        comm_group_push(inner);
        CHECK(comm_process_count() == 1 && comm_process_rank() == 0);
        comm_barrier();
        comm_group_pop();
        comm_group_free(inner);
    }
    comm_group_pop();
    CHECK(comm_group_current() == NULL);
    CHECK(comm_process_count() == n && comm_process_rank() == me);
    comm_group_free(mine);
    comm_allreduce(DVMH_RED_SUM, DVMH_T_INT, &failures, 1, NULL, 0, 0);
    if (me == 0)
        printf("group test: %s\n", failures ? "FAILED" : "ok");
    return dvmh_finish(failures != 0);
}
