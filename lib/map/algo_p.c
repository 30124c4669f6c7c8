/* algo_p.c: Algorithm P of the DVMH dissertation (mapping.md) and its
 * variant P-area, whose third term is the whole-machine area bound. */
#include "dvmh_map.h"
#include "map_pool.h"

#include <stdlib.h>

typedef struct map_order {
    double key;
    int task;
} map_order;

static int map_cmp_order_desc(const void *a, const void *b)
{
    const map_order *x = a, *y = b;
    if (x->key != y->key)
        return (x->key < y->key) - (x->key > y->key);
    return x->task - y->task;
}

static dvmh_map_schedule *map_algo_p_run(const dvmh_map_instance *inst, int area_term)
{
    int n = inst->ntasks, m = inst->nprocs;
    dvmh_map_schedule *s = dvmh_map_schedule_new(n);
    map_order *order = malloc(sizeof(map_order) * (size_t)n);
    int *chosen = malloc(sizeof(int) * (size_t)m);
    map_pool pool;
    if (!s || !order || !chosen || map_pool_init(&pool, m)) {
        dvmh_map_schedule_free(s);
        free(order);
        free(chosen);
        return NULL;
    }
    double rest_min = 0;
    for (int t = 0; t < n; t++) {
        order[t].key = dvmh_map_time(inst, t, inst->kmin[t]) * inst->kmin[t];
        order[t].task = t;
        rest_min += order[t].key;
    }
    qsort(order, (size_t)n, sizeof *order, map_cmp_order_desc);
    double t_max = 0, occupied = 0;
    for (int i = 0; i < n; i++) {
        int t = order[i].task;
        rest_min -= order[i].key;
        if (rest_min < 0)
            rest_min = 0;
        double best = -1, best_x = 0;
        int best_k = inst->kmin[t];
        /* Moments: where the free set changes, ascending. Every duration up
         * to the longest admits every k, so each k is examined at the first
         * moment k processors are free, release[k - 1]; moments and k rise
         * together, so the first minimum has the smallest x, then k. */
        const double *times = inst->time[t];
        double spread = occupied + rest_min;
        for (int k = inst->kmin[t]; k <= inst->kmax[t]; k++) {
            double x = pool.release[k - 1];
            double tk = times[k - inst->kmin[t]];
            double sug = x + tk;
            if (t_max > sug)
                sug = t_max;
            double third = area_term ? (pool.release_sum + tk * k + rest_min) / m : x + spread / k;
            if (third > sug)
                sug = third;
            if (best < 0 || sug < best) {
                best = sug;
                best_x = x;
                best_k = k;
            }
        }
        double tk = dvmh_map_time(inst, t, best_k);
        if (best_x + tk > t_max)
            t_max = best_x + tk;
        occupied += tk * best_k;
        map_pool_take(&pool, best_x, best_k, best_x + tk, chosen);
        dvmh_map_schedule_set(s, t, best_x, best_k, chosen);
    }
    map_pool_free(&pool);
    free(order);
    free(chosen);
    s->makespan = t_max;
    return s;
}

dvmh_map_schedule *dvmh_map_algo_p(const dvmh_map_instance *inst)
{
    return map_algo_p_run(inst, 0);
}

dvmh_map_schedule *dvmh_map_algo_p_area(const dvmh_map_instance *inst)
{
    return map_algo_p_run(inst, 1);
}
