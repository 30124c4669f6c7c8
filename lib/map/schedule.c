/* schedule.c: the schedule type (start, processor count and processors per
 * task) and its validator. */
#include "dvmh_map.h"

#include <stdlib.h>
#include <string.h>

dvmh_map_schedule *dvmh_map_schedule_new(int ntasks)
{
    dvmh_map_schedule *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->ntasks = ntasks;
    s->start = calloc((size_t)ntasks + 1, sizeof(double));
    s->k = calloc((size_t)ntasks + 1, sizeof(int));
    s->procs = calloc((size_t)ntasks + 1, sizeof(int *));
    if (!s->start || !s->k || !s->procs) {
        dvmh_map_schedule_free(s);
        return NULL;
    }
    return s;
}

void dvmh_map_schedule_free(dvmh_map_schedule *s)
{
    if (!s)
        return;
    if (s->procs)
        for (int t = 0; t < s->ntasks; t++)
            free(s->procs[t]);
    free(s->procs);
    free(s->start);
    free(s->k);
    free(s);
}

void dvmh_map_schedule_set(dvmh_map_schedule *s, int t, double start, int k, const int *procs)
{
    free(s->procs[t]);
    s->procs[t] = malloc(sizeof(int) * (size_t)(k > 0 ? k : 1));
    if (s->procs[t] && k > 0)
        memcpy(s->procs[t], procs, sizeof(int) * (size_t)k);
    s->start[t] = start;
    s->k[t] = s->procs[t] ? k : 0;
}

typedef struct map_busy {
    int proc;
    double from, to;
    int task;
} map_busy;

static int map_cmp_busy(const void *a, const void *b)
{
    const map_busy *x = a, *y = b;
    if (x->proc != y->proc)
        return x->proc - y->proc;
    return (x->from > y->from) - (x->from < y->from);
}

int dvmh_map_validate(const dvmh_map_instance *inst, dvmh_map_schedule *s, char *err, int errlen)
{
    if (s->ntasks != inst->ntasks) {
        snprintf(err, (size_t)errlen, "schedule has %d tasks, instance %d", s->ntasks, inst->ntasks);
        return -1;
    }
    size_t total = 0;
    double makespan = 0;
    for (int t = 0; t < inst->ntasks; t++) {
        if (s->k[t] < inst->kmin[t] || s->k[t] > inst->kmax[t] || !s->procs[t]) {
            snprintf(err, (size_t)errlen, "task %d: k=%d outside [%d,%d]", t, s->k[t], inst->kmin[t],
                     inst->kmax[t]);
            return -1;
        }
        if (!(s->start[t] >= 0)) {
            snprintf(err, (size_t)errlen, "task %d: negative start", t);
            return -1;
        }
        double end = s->start[t] + dvmh_map_time(inst, t, s->k[t]);
        if (end > makespan)
            makespan = end;
        total += (size_t)s->k[t];
    }
    map_busy *busy = malloc(sizeof(map_busy) * (total + 1));
    if (!busy) {
        snprintf(err, (size_t)errlen, "out of memory");
        return -1;
    }
    size_t n = 0;
    for (int t = 0; t < inst->ntasks; t++) {
        /* One start and one time per task: its processors start and finish together. */
        double end = s->start[t] + dvmh_map_time(inst, t, s->k[t]);
        for (int i = 0; i < s->k[t]; i++) {
            int p = s->procs[t][i];
            if (p < 0 || p >= inst->nprocs) {
                snprintf(err, (size_t)errlen, "task %d: processor %d out of range", t, p);
                free(busy);
                return -1;
            }
            busy[n++] = (map_busy){p, s->start[t], end, t};
        }
    }
    qsort(busy, n, sizeof *busy, map_cmp_busy);
    for (size_t i = 1; i < n; i++) {
        if (busy[i].proc != busy[i - 1].proc)
            continue;
        /* Relative tolerance: times are sums of the same doubles. */
        double eps = 1e-9 * (busy[i - 1].to > 1 ? busy[i - 1].to : 1);
        if (busy[i].from < busy[i - 1].to - eps) {
            snprintf(err, (size_t)errlen, "processor %d runs tasks %d and %d at once", busy[i].proc,
                     busy[i - 1].task, busy[i].task);
            free(busy);
            return -1;
        }
    }
    free(busy);
    if (s->makespan != 0 && (s->makespan < makespan * (1 - 1e-12) || s->makespan > makespan * (1 + 1e-12))) {
        snprintf(err, (size_t)errlen, "makespan %g reported, %g actual", s->makespan, makespan);
        return -1;
    }
    s->makespan = makespan;
    return 0;
}
