/* two_phase.c: allotment from a deadline (each task its fewest processors
 * finishing within it), then longest-first list scheduling. */
#include "dvmh_map.h"
#include "map_list.h"

#include <stdlib.h>

dvmh_map_schedule *dvmh_map_two_phase(const dvmh_map_instance *inst, double deadline)
{
    int n = inst->ntasks;
    map_prep prep;
    if (map_prep_init(&prep, inst))
        return NULL;
    map_list ls;
    dvmh_map_schedule *s = dvmh_map_schedule_new(n);
    int *alloc = malloc(sizeof(int) * (size_t)n);
    int *order = malloc(sizeof(int) * (size_t)n);
    double *key = malloc(sizeof(double) * (size_t)n);
    int ok = s && alloc && order && key && !map_list_init(&ls, &prep);
    if (ok) {
        /* No count meets the deadline: the fastest one is the best try. */
        for (int t = 0; t < n; t++) {
            alloc[t] = map_front_within(&prep, t, deadline);
            key[t] = map_front_time(&prep, t, alloc[t]);
        }
        ok = !map_list_order(n, key, order);
        if (ok)
            map_list_run(&ls, alloc, order, NULL, NULL, s);
        map_list_free(&ls);
    }
    if (!ok) {
        dvmh_map_schedule_free(s);
        s = NULL;
    }
    map_prep_free(&prep);
    free(alloc);
    free(order);
    free(key);
    return s;
}
