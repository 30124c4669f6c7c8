/* dvmh_map.h: public C API of the multi-block subtask mapping algorithms.
 * N moldable tasks on M identical processors; each algorithm fills a
 * schedule (start, k, processors). */
#ifndef DVMH_MAP_H
#define DVMH_MAP_H

#include <stdio.h>

typedef struct dvmh_map_instance {
    int ntasks;    /* N */
    int nprocs;    /* M */
    int *kmin;     /* per task */
    int *kmax;     /* per task */
    double **time; /* time[t][k - kmin[t]] for kmin <= k <= kmax */
} dvmh_map_instance;

typedef struct dvmh_map_schedule {
    int ntasks;
    double *start; /* per task */
    int *k;        /* per task: processor count */
    int **procs;   /* per task: k processor numbers */
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
    double *exec;   /* X(z) > 0 */
    int *src, *dst; /* edge e: dst[e] receives from src[e] */
    double *cost;   /* C(src, dst) >= 0 */
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
int dvmh_map_dag_validate(const dvmh_map_dag *dag, const dvmh_map_dag_schedule *s, char *err,
                          int errlen);

/* ---- Algorithm W: dynamic splitting with work stealing --------------------
 * A reduction over the range [lo, hi) whose costs are not known: each
 * process keeps a queue of ranges and of partial results; a worker thread
 * computes ranges and merges adjacent results; the calling thread steals
 * ranges from other processes over MPI when its queue runs dry (it is the
 * only thread that calls MPI, so MPI_THREAD_FUNNELED is enough when it is
 * the main thread). Without MPI, or before MPI_Init, it runs on one process.
 * Collective over MPI_COMM_WORLD when MPI is initialised. */
typedef struct dvmh_reduce_ops {
    size_t result_size;
    /* The result of [lo, hi) into result (result_size bytes). */
    void (*compute)(long long lo, long long hi, void *result, void *user);
    /* A point strictly inside (lo, hi), anything else when the range is
     * indivisible; must give the same answer on every process. NULL halves
     * down to single elements. */
    long long (*split)(long long lo, long long hi, void *user);
    /* left = left (+) right, where right's range follows left's. Associative;
     * it need not be commutative: results are merged in range order. */
    void (*merge)(void *left, const void *right, void *user);
    void *user;
} dvmh_reduce_ops;

typedef enum dvmh_split_mode {
    DVMH_SPLIT_LARGEST, /* split the largest part until >= P parts, one each */
    DVMH_SPLIT_MID,     /* >= P^2 parts, dealt round the processes */
    DVMH_SPLIT_ADAPTIVE /* halve into >= P parts, give the largest ones to the
                           least loaded processes, halve the rest again, until
                           all is given out */
} dvmh_split_mode;

typedef struct dvmh_reduce_stats {
    int processes;
    long long initial_parts; /* this process's parts after the initial split */
    long long computed;      /* compute calls on this process */
    long long stolen;        /* ranges this process stole */
    long long given;         /* ranges other processes stole from it */
} dvmh_reduce_stats;

/* Every process gets the whole result in result. stats may be NULL.
 * Returns 0, or -1 (bad arguments, out of memory, a split that does not
 * agree across processes, MPI usable only from the main thread). */
int dvmh_parallel_reduce(long long lo, long long hi, const dvmh_reduce_ops *ops,
                         dvmh_split_mode mode, void *result, dvmh_reduce_stats *stats);

#endif
