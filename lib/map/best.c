/* best.c: the default mapping: the best of P, P-area and the two-phase
 * method over several deadlines, so it never loses to any of them. */
#include "dvmh_map.h"

static void map_keep_better(dvmh_map_schedule **best, dvmh_map_schedule *s)
{
    if (!s)
        return;
    if (!*best || s->makespan < (*best)->makespan) {
        dvmh_map_schedule_free(*best);
        *best = s;
    } else {
        dvmh_map_schedule_free(s);
    }
}

dvmh_map_schedule *dvmh_map_best(const dvmh_map_instance *inst)
{
    /* Deadlines just above the bound matter most: allotments change there. */
    static const double stretch[] = {1.0, 1.005, 1.01, 1.02, 1.03, 1.05, 1.08, 1.12, 1.2, 1.35, 1.6, 2.0};
    double lb = dvmh_map_lower_bound(inst);
    dvmh_map_schedule *best = NULL;
    map_keep_better(&best, dvmh_map_algo_p(inst));
    map_keep_better(&best, dvmh_map_algo_p_area(inst));
    for (unsigned i = 0; i < sizeof stretch / sizeof stretch[0]; i++)
        map_keep_better(&best, dvmh_map_two_phase(inst, lb * stretch[i]));
    return best;
}
