/* dvmh_map.h: public C API of the multi-block subtask mapping algorithms
 * (spec: shared/spec/mapping.md). N moldable tasks on M identical
 * processors; each algorithm fills a schedule (start, k, processors). */
#ifndef DVMH_MAP_H
#define DVMH_MAP_H

#include <stdio.h>

typedef struct dvmh_map_instance {
    int ntasks;      /* N */
    int nprocs;      /* M */
    int *kmin;       /* per task */
    int *kmax;       /* per task */
    double **time;   /* time[t][k - kmin[t]] for kmin <= k <= kmax */
} dvmh_map_instance;

typedef struct dvmh_map_schedule {
    int ntasks;
    double *start;   /* per task */
    int *k;          /* per task: processor count */
    int **procs;     /* per task: k processor numbers */
    double makespan;
} dvmh_map_schedule;

/* Instances: allocate with task count and processor count, then fill. */
dvmh_map_instance *dvmh_map_instance_new(int ntasks, int nprocs);
/* Sets task t's range and copies its kmax-kmin+1 times. Returns 0 or -1. */
int dvmh_map_instance_set_task(dvmh_map_instance *inst, int t, int kmin, int kmax,
                               const double *times);
void dvmh_map_instance_free(dvmh_map_instance *inst);
/* Reads the moldable format ("N M", then per task "kmin kmax t..."); on error
 * returns NULL and writes "line L: reason" into err. */
dvmh_map_instance *dvmh_map_instance_read(FILE *in, char *err, int errlen);

double dvmh_map_time(const dvmh_map_instance *inst, int t, int k);
/* max(max_t min_k time, sum_t min_k time*k / M) */
double dvmh_map_lower_bound_trivial(const dvmh_map_instance *inst);
/* Smallest deadline d such that every task on its fewest processors finishing
 * within d fits in M*d; never below the trivial bound. */
double dvmh_map_lower_bound(const dvmh_map_instance *inst);

dvmh_map_schedule *dvmh_map_schedule_new(int ntasks);
void dvmh_map_schedule_free(dvmh_map_schedule *s);
/* Sets task t's placement (copies procs); makespan is recomputed by validate. */
void dvmh_map_schedule_set(dvmh_map_schedule *s, int t, double start, int k, const int *procs);
/* 0 when valid (and s->makespan updated); otherwise -1 with a reason in err. */
int dvmh_map_validate(const dvmh_map_instance *inst, dvmh_map_schedule *s, char *err, int errlen);

/* Algorithms; each returns a valid schedule or NULL on allocation failure. */
dvmh_map_schedule *dvmh_map_algo_p(const dvmh_map_instance *inst);
dvmh_map_schedule *dvmh_map_algo_p_area(const dvmh_map_instance *inst);
/* Allotment from deadline d (fewest processors finishing within d), then
 * longest-first list scheduling. */
dvmh_map_schedule *dvmh_map_two_phase(const dvmh_map_instance *inst, double deadline);
/* Best of P, P-area and two-phase over several deadlines. */
dvmh_map_schedule *dvmh_map_best(const dvmh_map_instance *inst);

#endif
