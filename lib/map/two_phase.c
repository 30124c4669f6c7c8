/* two_phase.c: allotment from a deadline (each task its fewest processors
 * finishing within it), then longest-first list scheduling on the pool. */
#include "dvmh_map.h"
#include "map_pool.h"

#include <stdlib.h>

typedef struct map_job {
    double len;
    int task, k;
} map_job;

static int map_cmp_job_desc(const void *a, const void *b)
{
    const map_job *x = a, *y = b;
    if (x->len != y->len)
        return (x->len < y->len) - (x->len > y->len);
    return x->task - y->task;
}

dvmh_map_schedule *dvmh_map_two_phase(const dvmh_map_instance *inst, double deadline)
{
    int n = inst->ntasks, m = inst->nprocs;
    dvmh_map_schedule *s = dvmh_map_schedule_new(n);
    map_job *jobs = malloc(sizeof(map_job) * (size_t)n);
    int *chosen = malloc(sizeof(int) * (size_t)m);
    map_pool pool;
    if (!s || !jobs || !chosen || map_pool_init(&pool, m)) {
        dvmh_map_schedule_free(s);
        free(jobs);
        free(chosen);
        return NULL;
    }
    for (int t = 0; t < n; t++) {
        int pick = -1, fastest = inst->kmin[t];
        for (int k = inst->kmin[t]; k <= inst->kmax[t]; k++) {
            double x = dvmh_map_time(inst, t, k);
            if (x < dvmh_map_time(inst, t, fastest))
                fastest = k;
            if (pick < 0 && x <= deadline)
                pick = k;
        }
        /* No count meets the deadline: the fastest one is the best try. */
        jobs[t].k = pick < 0 ? fastest : pick;
        jobs[t].len = dvmh_map_time(inst, t, jobs[t].k);
        jobs[t].task = t;
    }
    qsort(jobs, (size_t)n, sizeof *jobs, map_cmp_job_desc);
    double makespan = 0;
    for (int i = 0; i < n; i++) {
        int k = jobs[i].k;
        double x0 = pool.release[k - 1]; /* earliest moment k processors are free */
        map_pool_take(&pool, x0, k, x0 + jobs[i].len, chosen);
        dvmh_map_schedule_set(s, jobs[i].task, x0, k, chosen);
        if (x0 + jobs[i].len > makespan)
            makespan = x0 + jobs[i].len;
    }
    s->makespan = makespan;
    map_pool_free(&pool);
    free(jobs);
    free(chosen);
    return s;
}
