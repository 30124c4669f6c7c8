/* map_list.h: the list scheduler shared by the moldable algorithms: tasks
 * with a fixed allotment (a frontier entry each, map_prep.h) placed in list
 * order, each at the earliest moment its processors are free (map_pool.h). */
#ifndef MAP_LIST_H
#define MAP_LIST_H

#include "map_pool.h"
#include "map_prep.h"

typedef struct map_list {
    const map_prep *prep;
    map_pool pool;
    int *chosen; /* processors of the task being placed */
} map_list;

int map_list_init(map_list *ls, const map_prep *prep);
void map_list_free(map_list *ls);
/* Places the tasks of order[0..n) with alloc[t] (frontier index); returns the
 * makespan, writes each start into start and the last task to finish into
 * *critical when they are not NULL, and fills s when it is not NULL. */
double map_list_run(map_list *ls, const int *alloc, const int *order, double *start, int *critical,
                    dvmh_map_schedule *s);
/* order = tasks by decreasing key (ties: lower task first). Returns -1 when
 * out of memory. */
int map_list_order(int n, const double *key, int *order);

#endif
