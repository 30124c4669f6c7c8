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

/* ---- Algorithm L (LTF_MFT_ACC): rigid tasks with communication ----------
 * N tasks of one processor each on M processors; task z runs X(z); an edge
 * (a, b, cost) says b receives data from a, which costs C(a,b) on b's
 * processor when a and b are on different processors. */
typedef struct dvmh_map_rigid {
    int ntasks, nprocs, nedges;
    double *exec;    /* X(z) > 0 */
    int *src, *dst;  /* edge e: dst[e] receives from src[e] */
    double *cost;    /* C(src, dst) >= 0 */
} dvmh_map_rigid;

/* Per task: processor, start, and finish = start + X(z) + the receiving
 * costs charged when z was placed; costs charged later (a receiver placed
 * before its sender) come after on the receiver's processor. makespan is
 * the largest processor load. */
typedef struct dvmh_map_rigid_schedule {
    int ntasks;
    int *proc;
    double *start, *finish;
    double makespan;
} dvmh_map_rigid_schedule;

/* Zeroed instance to fill; NULL when out of memory. */
dvmh_map_rigid *dvmh_map_rigid_new(int ntasks, int nprocs, int nedges);
void dvmh_map_rigid_free(dvmh_map_rigid *inst);
/* Format "N M E", N times X(z), E lines "a b cost" (b receives from a,
 * 0-based); on error NULL and "line L: reason" in err. */
dvmh_map_rigid *dvmh_map_rigid_read(FILE *in, char *err, int errlen);
/* Largest task first, each on the least loaded processor (lowest number on
 * ties), O((N + E) log M). NULL when out of memory or the instance is bad. */
dvmh_map_rigid_schedule *dvmh_map_algo_l(const dvmh_map_rigid *inst);
void dvmh_map_rigid_schedule_free(dvmh_map_rigid_schedule *s);
/* 0 when every task is on a processor, tasks on one processor do not
 * overlap, each finish is start + X + its receiving costs at most, and the
 * makespan is the largest load (execution plus every cross-processor cost
 * charged to the receiver); otherwise -1 with a reason in err. */
int dvmh_map_rigid_validate(const dvmh_map_rigid *inst, const dvmh_map_rigid_schedule *s, char *err,
                            int errlen);

/* ---- Algorithm S (POS): a DAG of subtasks on multi-core nodes ------------
 * Vertex v takes t_v / min(j, m_v) on j cores of one node; an edge (a, b,
 * volume) says b starts after a finishes, plus volume when they are on
 * different nodes. Every node has the same number of cores; nodes are as
 * many as needed (the algorithm uses few). */
typedef struct dvmh_map_dag {
    int nvertices, nedges, cores; /* cores per node */
    int *width;                   /* m_v >= 1 */
    double *work;                 /* t_v > 0: time on one core */
    int *src, *dst;               /* edge e: src[e] before dst[e] */
    double *volume;               /* >= 0 */
} dvmh_map_dag;

/* Per vertex: node (0..nnodes-1), cores, level of the level form, start,
 * finish; makespan = largest finish. */
typedef struct dvmh_map_dag_schedule {
    int nvertices, nnodes;
    int *node, *cores, *level;
    double *start, *finish;
    double makespan;
} dvmh_map_dag_schedule;

dvmh_map_dag *dvmh_map_dag_new(int nvertices, int nedges, int cores);
void dvmh_map_dag_free(dvmh_map_dag *dag);
/* Format "V E C", V lines "m t", E lines "a b volume" (0-based, a before
 * b); cycles are refused. On error NULL and "line L: reason" in err. */
dvmh_map_dag *dvmh_map_dag_read(FILE *in, char *err, int errlen);
/* POS: level form, merging along sub-critical paths with undo, compaction.
 * NULL when out of memory or the graph has a cycle. */
dvmh_map_dag_schedule *dvmh_map_algo_s(const dvmh_map_dag *dag);
void dvmh_map_dag_schedule_free(dvmh_map_dag_schedule *s);
/* 0 when cores and times match, every edge's order and transfer hold and no
 * node ever runs more than its cores; otherwise -1 with a reason in err. */
int dvmh_map_dag_validate(const dvmh_map_dag *dag, const dvmh_map_dag_schedule *s, char *err, int errlen);

#endif
