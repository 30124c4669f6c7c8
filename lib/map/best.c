/* best.c: the default mapping: the best of P, P-area and list schedules of
 * deadline allotments over a fine grid of deadlines and two list orders,
 * then local improvement of the best allotment and order. It never loses
 * to P, P-area or two-phase at the lower bound (that deadline is tried). */
#include "dvmh_map.h"
#include "map_list.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The search: allotment (frontier index) and priority per task; the list
 * order is the tasks by decreasing priority. */
typedef struct map_search {
    map_list ls;
    const map_prep *prep;
    int n;
    int *alloc, *order;
    double *prio, *start;
    int *best_alloc, *best_order;
    double best;
    unsigned long long rng;
} map_search;

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

static unsigned map_random(map_search *sr, unsigned n)
{
    sr->rng = sr->rng * 6364136223846793005ULL + 1442695040888963407ULL;
    return (unsigned)(sr->rng >> 33) % n;
}

static void map_search_record(map_search *sr, double makespan)
{
    if (makespan < sr->best) {
        sr->best = makespan;
        memcpy(sr->best_alloc, sr->alloc, sizeof(int) * (size_t)sr->n);
        memcpy(sr->best_order, sr->order, sizeof(int) * (size_t)sr->n);
    }
}

/* Tries deadline d with the list ordered by time, then by area. */
static void map_try_deadline(map_search *sr, double d)
{
    const map_prep *prep = sr->prep;
    for (int t = 0; t < sr->n; t++) {
        sr->alloc[t] = map_front_within(prep, t, d);
        sr->prio[t] = map_front_time(prep, t, sr->alloc[t]);
    }
    if (map_list_order(sr->n, sr->prio, sr->order))
        return;
    map_search_record(sr, map_list_run(&sr->ls, sr->alloc, sr->order, NULL, NULL, NULL));
    for (int t = 0; t < sr->n; t++)
        sr->prio[t] *= map_front_k(prep, t, sr->alloc[t]);
    if (map_list_order(sr->n, sr->prio, sr->order))
        return;
    map_search_record(sr, map_list_run(&sr->ls, sr->alloc, sr->order, NULL, NULL, NULL));
}

/* Position of task t in the order (linear: the order changes by moves). */
static int map_position(const map_search *sr, int t)
{
    for (int i = 0; i < sr->n; i++)
        if (sr->order[i] == t)
            return i;
    return -1;
}

/* Moves task t from position from to position to, shifting the others. */
static void map_move(map_search *sr, int from, int to)
{
    int t = sr->order[from];
    if (from < to)
        memmove(sr->order + from, sr->order + from + 1, sizeof(int) * (size_t)(to - from));
    else if (from > to)
        memmove(sr->order + to + 1, sr->order + to, sizeof(int) * (size_t)(from - to));
    sr->order[to] = t;
}

/* Local improvement from the best allotment and order: each step changes
 * one task's allotment by one frontier entry or moves one task earlier in
 * the list, favouring the task that finishes last; a step is kept when the
 * makespan does not grow (plateaus are crossed), the best one seen wins. */
static void map_improve(map_search *sr, int steps)
{
    const map_prep *prep = sr->prep;
    int n = sr->n;
    memcpy(sr->alloc, sr->best_alloc, sizeof(int) * (size_t)n);
    memcpy(sr->order, sr->best_order, sizeof(int) * (size_t)n);
    int critical;
    double current = map_list_run(&sr->ls, sr->alloc, sr->order, sr->start, &critical, NULL);
    for (int step = 0; step < steps; step++) {
        int kind = (int)map_random(sr, 4);
        int t = (kind < 2) ? critical : (int)map_random(sr, (unsigned)n);
        int old_alloc = sr->alloc[t], from = -1, to = -1;
        if (kind == 0 || kind == 2) {
            /* Grow the critical task (faster) or reshape a random one. */
            int delta = kind == 0 ? 1 : (map_random(sr, 2) ? 1 : -1);
            int j = old_alloc + delta;
            if (j < 0 || j >= map_front_len(prep, t))
                continue;
            sr->alloc[t] = j;
        } else {
            /* Place the task earlier in the list. */
            from = map_position(sr, t);
            if (from <= 0)
                continue;
            to = (int)map_random(sr, (unsigned)from);
            map_move(sr, from, to);
        }
        int now_critical;
        double made = map_list_run(&sr->ls, sr->alloc, sr->order, sr->start, &now_critical, NULL);
        if (made <= current) {
            current = made;
            critical = now_critical;
            map_search_record(sr, made);
        } else if (from >= 0) {
            map_move(sr, to, from);
        } else {
            sr->alloc[t] = old_alloc;
        }
    }
}

/* Small instances: every combination of useful allotments, each list
 * scheduled in both orders; then, for a handful of tasks, every list order
 * of the best allotment. Bounded by limit list schedules. */
static void map_exhaust(map_search *sr, long limit)
{
    const map_prep *prep = sr->prep;
    int n = sr->n;
    long combos = 1;
    for (int t = 0; t < n; t++) {
        combos *= map_front_len(prep, t);
        if (combos > limit / 2)
            return;
    }
    for (long c = 0; c < combos; c++) {
        long rest = c;
        for (int t = 0; t < n; t++) {
            sr->alloc[t] = (int)(rest % map_front_len(prep, t));
            rest /= map_front_len(prep, t);
            sr->prio[t] = map_front_time(prep, t, sr->alloc[t]);
        }
        if (map_list_order(n, sr->prio, sr->order))
            return;
        map_search_record(sr, map_list_run(&sr->ls, sr->alloc, sr->order, NULL, NULL, NULL));
        for (int t = 0; t < n; t++)
            sr->prio[t] *= map_front_k(prep, t, sr->alloc[t]);
        if (map_list_order(n, sr->prio, sr->order))
            return;
        map_search_record(sr, map_list_run(&sr->ls, sr->alloc, sr->order, NULL, NULL, NULL));
    }
    long perms = 1;
    for (int k = 2; k <= n; k++)
        if ((perms *= k) > limit)
            return;
    /* every order of the best allotment (Heap's algorithm) */
    memcpy(sr->alloc, sr->best_alloc, sizeof(int) * (size_t)n);
    memcpy(sr->order, sr->best_order, sizeof(int) * (size_t)n);
    int stack[16] = {0};
    int i = 1;
    while (i < n) {
        if (stack[i] < i) {
            int j = i % 2 ? stack[i] : 0, tmp = sr->order[j];
            sr->order[j] = sr->order[i];
            sr->order[i] = tmp;
            map_search_record(sr, map_list_run(&sr->ls, sr->alloc, sr->order, NULL, NULL, NULL));
            stack[i]++;
            i = 1;
        } else {
            stack[i++] = 0;
        }
    }
}

static int map_search_init(map_search *sr, const map_prep *prep)
{
    int n = prep->inst->ntasks;
    memset(sr, 0, sizeof *sr);
    sr->prep = prep;
    sr->n = n;
    sr->best = INFINITY;
    sr->rng = 0x9e3779b97f4a7c15ULL ^ (unsigned long long)n * 1315423911ULL;
    size_t sz = (size_t)(n > 0 ? n : 1);
    sr->alloc = malloc(sizeof(int) * sz);
    sr->order = malloc(sizeof(int) * sz);
    sr->best_alloc = malloc(sizeof(int) * sz);
    sr->best_order = malloc(sizeof(int) * sz);
    sr->prio = malloc(sizeof(double) * sz);
    sr->start = malloc(sizeof(double) * sz);
    if (!sr->alloc || !sr->order || !sr->best_alloc || !sr->best_order || !sr->prio || !sr->start)
        return -1;
    return map_list_init(&sr->ls, prep);
}

static void map_search_free(map_search *sr)
{
    if (sr->ls.chosen)
        map_list_free(&sr->ls);
    free(sr->alloc);
    free(sr->order);
    free(sr->best_alloc);
    free(sr->best_order);
    free(sr->prio);
    free(sr->start);
}

dvmh_map_schedule *dvmh_map_best(const dvmh_map_instance *inst)
{
    map_prep prep;
    if (map_prep_init(&prep, inst))
        return NULL;
    int n = inst->ntasks, m = inst->nprocs;
    dvmh_map_schedule *best = NULL;
    map_keep_better(&best, dvmh_map_algo_p(inst));
    map_keep_better(&best, dvmh_map_algo_p_area(inst));
    map_search sr;
    if (!map_search_init(&sr, &prep)) {
        /* Effort in list schedules: thousands for small instances, a few
         * dozen at N=4096, M=1024, where one costs about a millisecond. */
        double cost = n * (log2(n + 1.0) + 2) + m / 4.0;
        int budget = (int)(1.5e6 / cost);
        if (budget > 1500)
            budget = 1500;
        if (budget < 24)
            budget = 24;
        int deadlines = budget / 6 < 8 ? 8 : (budget / 6 > 200 ? 200 : budget / 6);
        /* Deadlines from the bound up, densest near it, where allotments
         * change most; the bound itself first. */
        for (int i = 0; i < deadlines; i++) {
            double x = (double)i / deadlines;
            map_try_deadline(&sr, prep.lb * (1 + x * x * 1.5));
        }
        map_exhaust(&sr, 60000);
        map_improve(&sr, budget - 2 * deadlines > 0 ? budget - 2 * deadlines : 0);
        if (sr.best < (best ? best->makespan : INFINITY)) {
            dvmh_map_schedule *s = dvmh_map_schedule_new(n);
            if (s) {
                map_list_run(&sr.ls, sr.best_alloc, sr.best_order, NULL, NULL, s);
                map_keep_better(&best, s);
            }
        }
    }
    map_search_free(&sr);
    map_prep_free(&prep);
    return best;
}
