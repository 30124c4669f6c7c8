/* task.c: multi-block subtasks: task arrays, their schedule on processor
 * groups (lib/map's algorithms, or the program's manual 'onto'), task
 * regions, and the loops that run every subtask on its group while keeping
 * the sequential program's output and data after the loop. */
#include "task.h"
#include "alloc.h"
#include "comm.h"
#include "dvmh_map.h"
#include "env.h"
#include "io.h"
#include "reduce.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define DVMH_TASK_MAGIC 0x4454534bu

/* How one subtask was mapped by the program. */
typedef struct task_spec {
    enum { SPEC_NONE, SPEC_AUTO, SPEC_ONTO } kind;
    double weight;
    long kmin, kmax;                /* <= 0: not given */
    int model;
    double serial;
    double (*fn)(int, int);
    long first, last;               /* onto */
} task_spec;

struct dvmh_task {
    uint32_t magic;
    const char *file, *name;
    int line;
    int count;
    task_spec *spec;
    /* task_link(name[a], name[b], volume): b receives volume from a */
    struct task_link_edge { int a, b; double volume; } *links;
    int link_count;
    /* the schedule, valid while 'scheduled' and computed on 'system' */
    bool scheduled;
    comm_group *system;
    int *order;                     /* subtasks in execution order */
    int **members;                  /* per subtask: ranks in 'system', ascending */
    int *member_count;
    comm_group **group;             /* per subtask: this process's group, or NULL */
    bool in_region;
    struct dvmh_task *next_live;    /* task arrays not destroyed, in creation order */
};

static dvmh_task *live_tasks, **live_tail = &live_tasks;

/* One stored change of a loop's data made by one subtask. */
typedef struct task_data {
    char *addr;
    size_t bytes;
} task_data;

/* reduction(op(var)) on a loop over a task array */
typedef struct task_reduction {
    int op, type, count;
    void *var, *loc;
    size_t var_bytes, loc_bytes;
    unsigned char *initial;         /* var then loc before the loop */
} task_reduction;

struct dvmh_task_loop {
    dvmh_task *task;
    const char *file;
    int line;
    dvmh_idx lo, step, a, b;
    int iterations;
    int *runs;                      /* iteration numbers this process runs, in order */
    int run_count, next;
    int current;                    /* the running iteration, -1 between them */
    task_data *data;
    int data_count;
    char *snapshot;                 /* the data before the running body */
    FILE *capture;                  /* stdout of the running body (group's I/O process) */
    char *capture_text;
    size_t capture_size;
    char **packets;                 /* per iteration: what its group's I/O process sends */
    size_t *packet_size;
    dvmh_task_loop *outer;          /* the loop whose body this one runs in */
    task_reduction *reds;
    int red_count;
};

static struct {
    dvmh_task_loop *running;        /* innermost loop inside a body */
    const char *map_algorithm;      /* DVMH_MAP */
    bool node_unit;                 /* DVMH_MAP_UNIT=node */
} tasks = {NULL, "best", false};

void task_check_env(void)
{
    static const char *const algorithms[] = {"best", "P", "P-area", "two-phase", "L", NULL};
    env_choice("DVMH_MAP", algorithms);
    const char *text = getenv("DVMH_MAP");
    if (text && *text)
        tasks.map_algorithm = text;
    static const char *const units[] = {"process", "node", NULL};
    env_choice("DVMH_MAP_UNIT", units);
    text = getenv("DVMH_MAP_UNIT");
    tasks.node_unit = text && !strcmp(text, "node");
}

/* ------------------------------------------------------------------------
 * Task arrays and their mapping
 * ------------------------------------------------------------------------ */

static dvmh_task *task_check(const char *file, int line, dvmh_task *t)
{
    if (!t || t->magic != DVMH_TASK_MAGIC)
        dvmh_fatal(file, line, "not a task array (declared by 'task' and not destroyed)");
    return t;
}

static void task_check_index(const char *file, int line, const dvmh_task *t, long index)
{
    if (index < 0 || index >= t->count)
        dvmh_fatal(file, line, "subtask %s[%ld] is outside the task array (0..%d)", t->name,
                   index, t->count - 1);
}

dvmh_task *dvmh_task_create(const char *file, int line, const char *name, long count)
{
    if (count < 1 || count > 1 << 24)
        dvmh_fatal(file, line, "task array '%s' has %ld subtasks (must be 1..%d)", name, count,
                   1 << 24);
    dvmh_task *t = dvmh_xcalloc(1, sizeof *t);
    *live_tail = t;
    live_tail = &t->next_live;
    t->magic = DVMH_TASK_MAGIC;
    t->file = file;
    t->line = line;
    t->name = name;
    t->count = (int)count;
    t->spec = dvmh_xcalloc((size_t)count, sizeof *t->spec);
    return t;
}

/* Frees the schedule and its groups (every process does it in the same
 * order, as it created them). */
static void task_unschedule(dvmh_task *t)
{
    if (!t->scheduled)
        return;
    for (int k = 0; k < t->count; k++) {
        int s = t->order[k];
        comm_group_free(t->group[s]);
        free(t->members[s]);
    }
    free(t->order);
    free(t->members);
    free(t->member_count);
    free(t->group);
    t->scheduled = false;
}

void dvmh_task_destroy(dvmh_task *t)
{
    if (!t)
        return;
    task_check(NULL, 0, t);
    task_unschedule(t);
    for (dvmh_task **p = &live_tasks; *p; p = &(*p)->next_live)
        if (*p == t) {
            *p = t->next_live;
            if (live_tail == &t->next_live)
                live_tail = p;
            break;
        }
    free(t->spec);
    free(t->links);
    t->magic = 0;
    free(t);
}

void task_release_all(void)
{
    for (dvmh_task *t = live_tasks; t; t = t->next_live)
        task_unschedule(t);
}

void dvmh_task_release(dvmh_task **t)
{
    dvmh_task_destroy(*t);
    *t = NULL;
}

void dvmh_task_map(const char *file, int line, dvmh_task *t, long index, double weight,
                   long kmin, long kmax, int model, double serial, double (*fn)(int, int))
{
    task_check(file, line, t);
    task_check_index(file, line, t, index);
    if (t->in_region)
        dvmh_fatal(file, line, "'map' of %s inside its task_region", t->name);
    if (!(weight > 0) && model != DVMH_TIME_USER)
        dvmh_fatal(file, line, "subtask %s[%ld] has weight %g (must be positive)", t->name, index,
                   weight);
    if (kmin > 0 && kmax > 0 && kmin > kmax)
        dvmh_fatal(file, line, "subtask %s[%ld]: procs(%ld : %ld) is an empty range", t->name,
                   index, kmin, kmax);
    if ((kmin <= 0 && kmin != -1) || (kmax <= 0 && kmax != -1))
        dvmh_fatal(file, line, "subtask %s[%ld]: procs(%ld : %ld) must be at least 1", t->name,
                   index, kmin, kmax);
    if (model == DVMH_TIME_AMDAHL && !(serial >= 0 && serial <= 1))
        dvmh_fatal(file, line, "subtask %s[%ld]: amdahl(%g) needs a serial fraction in 0..1",
                   t->name, index, serial);
    if (model == DVMH_TIME_USER && !fn)
        dvmh_fatal(file, line, "subtask %s[%ld]: no time function", t->name, index);
    task_spec *s = &t->spec[index];
    *s = (task_spec){SPEC_AUTO, weight, kmin, kmax, model, serial, fn, 0, 0};
    task_unschedule(t);
}

void dvmh_task_onto(const char *file, int line, dvmh_task *t, long index, long first, long last)
{
    task_check(file, line, t);
    task_check_index(file, line, t, index);
    if (t->in_region)
        dvmh_fatal(file, line, "'map' of %s inside its task_region", t->name);
    if (first < 0 || first > last)
        dvmh_fatal(file, line, "subtask %s[%ld]: onto(%ld : %ld) is not a range of processors",
                   t->name, index, first, last);
    task_spec *s = &t->spec[index];
    *s = (task_spec){SPEC_ONTO, 1.0, 0, 0, DVMH_TIME_LINEAR, 0, NULL, first, last};
    task_unschedule(t);
}

void dvmh_task_link(const char *file, int line, dvmh_task *t, long a, long b, double volume)
{
    task_check(file, line, t);
    task_check_index(file, line, t, a);
    task_check_index(file, line, t, b);
    if (!(volume >= 0))
        dvmh_fatal(file, line, "task_link of %s[%ld] and %s[%ld]: volume %g is negative", t->name,
                   a, t->name, b, volume);
    /* Kept for Algorithm L (DVMH_MAP=L); the moldable algorithms schedule
     * independent subtasks. Executed again with the same volume (a loop of
     * task_links before each task_region): nothing changes. */
    for (int k = 0; k < t->link_count; k++)
        if (t->links[k].a == (int)a && t->links[k].b == (int)b) {
            if (t->links[k].volume != volume) {
                t->links[k].volume = volume;
                task_unschedule(t);
            }
            return;
        }
    t->links = dvmh_xrealloc(t->links, sizeof *t->links * (size_t)(t->link_count + 1));
    t->links[t->link_count++] = (struct task_link_edge){(int)a, (int)b, volume};
    task_unschedule(t);
}

/* ------------------------------------------------------------------------
 * The schedule
 * ------------------------------------------------------------------------ */

static double task_time(const task_spec *s, int index, int kmin, int k)
{
    switch (s->model) {
    case DVMH_TIME_AMDAHL:
        return s->weight * (s->serial + (1 - s->serial) * (double)kmin / k);
    case DVMH_TIME_USER:
        return s->fn(index, k);
    default:
        return s->weight * (double)kmin / k;
    }
}

static int clamp_units(long v, int units)
{
    return v < 1 ? 1 : v > units ? units : (int)v;
}

/* Whether Algorithm L can place the subtasks (each on one unit); checked
 * on every process, so that all stop together. */
static void task_check_rigid(dvmh_task *t)
{
    for (int s = 0; s < t->count; s++)
        if (t->spec[s].kind == SPEC_AUTO && t->spec[s].kmin > 1)
            dvmh_fatal(t->file, t->line, "DVMH_MAP=L runs every subtask on one processor, but "
                       "%s[%d] needs at least %ld", t->name, s, t->spec[s].kmin);
}

/* DVMH_MAP=L (LTF_MFT_ACC): every subtask on one unit, its time there the
 * execution time, task_link volumes the communication costs. */
static dvmh_map_schedule *task_rigid_schedule(dvmh_task *t, int units)
{
    dvmh_map_rigid *inst = dvmh_map_rigid_new(t->count, units, t->link_count);
    dvmh_map_schedule *sched = dvmh_map_schedule_new(t->count);
    if (!inst || !sched)
        dvmh_fatal(t->file, t->line, "out of memory scheduling %s", t->name);
    for (int s = 0; s < t->count; s++) {
        task_spec *spec = &t->spec[s];
        if (spec->kind == SPEC_NONE)
            *spec = (task_spec){SPEC_AUTO, 1.0, -1, -1, DVMH_TIME_LINEAR, 0, NULL, 0, 0};
        inst->exec[s] = task_time(spec, s, 1, 1);
        if (!(inst->exec[s] > 0))
            dvmh_fatal(t->file, t->line, "subtask %s[%d] takes time %g (must be positive)",
                       t->name, s, inst->exec[s]);
    }
    for (int k = 0; k < t->link_count; k++) {
        inst->src[k] = t->links[k].a;
        inst->dst[k] = t->links[k].b;
        inst->cost[k] = t->links[k].volume;
    }
    dvmh_map_rigid_schedule *rs = dvmh_map_algo_l(inst);
    if (!rs)
        dvmh_fatal(t->file, t->line, "cannot schedule %s with Algorithm L", t->name);
    for (int s = 0; s < t->count; s++)
        dvmh_map_schedule_set(sched, s, rs->start[s], 1, &rs->proc[s]);
    dvmh_map_rigid_schedule_free(rs);
    dvmh_map_rigid_free(inst);
    return sched;
}

/* Units (processes or nodes) of each subtask and start times, by the
 * algorithm DVMH_MAP names. */
static dvmh_map_schedule *task_auto_schedule(dvmh_task *t, int units)
{
    if (!strcmp(tasks.map_algorithm, "L"))
        return task_rigid_schedule(t, units);
    dvmh_map_instance *inst = dvmh_map_instance_new(t->count, units);
    if (!inst)
        dvmh_fatal(t->file, t->line, "out of memory scheduling %s", t->name);
    double *times = dvmh_xcalloc((size_t)units, sizeof *times);
    for (int s = 0; s < t->count; s++) {
        task_spec *spec = &t->spec[s];
        if (spec->kind == SPEC_NONE)
            *spec = (task_spec){SPEC_AUTO, 1.0, -1, -1, DVMH_TIME_LINEAR, 0, NULL, 0, 0};
        /* a program runs on any number of processes: with fewer than a
         * subtask asks for, it gets them all */
        int kmin = spec->kmin > 0 ? clamp_units(spec->kmin, units) : 1;
        int kmax = spec->kmax > 0 ? clamp_units(spec->kmax, units) : units;
        if (kmax < kmin)
            kmax = kmin;
        for (int k = kmin; k <= kmax; k++) {
            times[k - kmin] = task_time(spec, s, kmin, k);
            if (!(times[k - kmin] > 0))
                dvmh_fatal(t->file, t->line, "subtask %s[%d] on %d processors takes time %g "
                           "(must be positive)", t->name, s, k, times[k - kmin]);
        }
        if (dvmh_map_instance_set_task(inst, s, kmin, kmax, times) != 0)
            dvmh_fatal(t->file, t->line, "cannot schedule subtask %s[%d]", t->name, s);
    }
    free(times);
    const char *algo = tasks.map_algorithm;
    dvmh_map_schedule *sched;
    if (!strcmp(algo, "P"))
        sched = dvmh_map_algo_p(inst);
    else if (!strcmp(algo, "P-area"))
        sched = dvmh_map_algo_p_area(inst);
    else if (!strcmp(algo, "two-phase"))
        sched = dvmh_map_two_phase(inst, dvmh_map_lower_bound(inst));
    else
        sched = dvmh_map_best(inst);
    if (!sched)
        dvmh_fatal(t->file, t->line, "out of memory scheduling %s", t->name);
    dvmh_map_instance_free(inst);
    return sched;
}

static double *sort_key;

static int by_key(const void *x, const void *y)
{
    int a = *(const int *)x, b = *(const int *)y;
    if (sort_key[a] != sort_key[b])
        return sort_key[a] < sort_key[b] ? -1 : 1;
    return a - b;
}

static int by_int(const void *x, const void *y)
{
    return *(const int *)x - *(const int *)y;
}

static void task_schedule(dvmh_task *t)
{
    int processes = comm_process_count();
    int *node = dvmh_xcalloc((size_t)processes, sizeof *node);
    int units = processes;
    if (tasks.node_unit)
        units = comm_nodes(node);
    else
        for (int q = 0; q < processes; q++)
            node[q] = q;
    int onto = 0;
    for (int s = 0; s < t->count; s++)
        onto += t->spec[s].kind == SPEC_ONTO;
    if (onto && onto != t->count)
        dvmh_fatal(t->file, t->line, "task array '%s': %d of its %d subtasks are mapped with "
                   "'onto' and the others are not (map all of them onto processors, or none)",
                   t->name, onto, t->count);
    double *start = dvmh_xcalloc((size_t)t->count, sizeof *start);
    int **unit_list = dvmh_xcalloc((size_t)t->count, sizeof *unit_list);
    int *unit_count = dvmh_xcalloc((size_t)t->count, sizeof *unit_count);
    dvmh_map_schedule *sched = NULL;
    if (onto) {
        /* manual: processors first..last, cut to the processors there are */
        for (int s = 0; s < t->count; s++) {
            int first = clamp_units(t->spec[s].first + 1, units) - 1;
            int last = clamp_units(t->spec[s].last + 1, units) - 1;
            unit_count[s] = last - first + 1;
            unit_list[s] = dvmh_xcalloc((size_t)unit_count[s], sizeof(int));
            for (int u = first; u <= last; u++)
                unit_list[s][u - first] = u;
            start[s] = 0;
        }
    } else {
        /* The algorithms may search with time limits or random moves: one
         * process schedules, so that every process runs the same plan. */
        if (!strcmp(tasks.map_algorithm, "L"))
            task_check_rigid(t);
        if (comm_process_rank() == 0)
            sched = task_auto_schedule(t, units);
        for (int s = 0; s < t->count; s++) {
            if (sched) {
                start[s] = sched->start[s];
                unit_count[s] = sched->k[s];
            }
        }
        comm_bcast(start, sizeof *start * (size_t)t->count, 0);
        comm_bcast(unit_count, sizeof *unit_count * (size_t)t->count, 0);
        for (int s = 0; s < t->count; s++) {
            unit_list[s] = dvmh_xcalloc((size_t)unit_count[s], sizeof(int));
            if (sched)
                memcpy(unit_list[s], sched->procs[s], sizeof(int) * (size_t)unit_count[s]);
            comm_bcast(unit_list[s], sizeof(int) * (size_t)unit_count[s], 0);
        }
    }
    t->order = dvmh_xcalloc((size_t)t->count, sizeof *t->order);
    t->members = dvmh_xcalloc((size_t)t->count, sizeof *t->members);
    t->member_count = dvmh_xcalloc((size_t)t->count, sizeof *t->member_count);
    t->group = dvmh_xcalloc((size_t)t->count, sizeof *t->group);
    for (int s = 0; s < t->count; s++) {
        t->order[s] = s;
        t->members[s] = dvmh_xcalloc((size_t)processes, sizeof(int));
        for (int q = 0; q < processes; q++)
            for (int u = 0; u < unit_count[s]; u++)
                if (node[q] == unit_list[s][u]) {
                    t->members[s][t->member_count[s]++] = q;
                    break;
                }
        qsort(t->members[s], (size_t)t->member_count[s], sizeof(int), by_int);
    }
    /* One order for every process (by start time, then index), so that
     * groups sharing processes are created and run in the same order
     * everywhere and nobody waits for a group its partners enter later. */
    sort_key = start;
    qsort(t->order, (size_t)t->count, sizeof(int), by_key);
    sort_key = NULL;
    for (int k = 0; k < t->count; k++) {
        int s = t->order[k];
        t->group[s] = comm_group_create(t->members[s], t->member_count[s], s % 32768);
    }
    for (int s = 0; s < t->count; s++)
        free(unit_list[s]);
    if (sched)
        dvmh_map_schedule_free(sched);
    free(unit_list);
    free(unit_count);
    free(start);
    free(node);
    t->system = comm_group_current();
    t->scheduled = true;
}

void dvmh_task_region_begin(const char *file, int line, dvmh_task *t)
{
    task_check(file, line, t);
    if (t->in_region)
        dvmh_fatal(file, line, "task_region of %s inside another task_region of it", t->name);
    if (t->scheduled && t->system != comm_group_current())
        task_unschedule(t);
    if (!t->scheduled)
        task_schedule(t);
    t->in_region = true;
}

void dvmh_task_region_end(const char *file, int line, dvmh_task *t)
{
    task_check(file, line, t);
    t->in_region = false;
}

/* ------------------------------------------------------------------------
 * Loops over a task array
 * ------------------------------------------------------------------------ */

dvmh_task_loop *dvmh_task_loop_create(const char *file, int line, dvmh_task *t, dvmh_idx lo,
                                      dvmh_idx hi, dvmh_idx step, dvmh_idx a, dvmh_idx b)
{
    task_check(file, line, t);
    if (!t->in_region)
        dvmh_fatal(file, line, "a parallel loop on %s outside its task_region", t->name);
    if (step == 0 || a == 0)
        dvmh_fatal(file, line, "a parallel loop on %s needs a non-zero step and index", t->name);
    dvmh_idx count = (step > 0 ? hi - lo : lo - hi) / (step > 0 ? step : -step) + 1;
    if (count < 0)
        count = 0;
    if (count > t->count)
        dvmh_fatal(file, line, "a parallel loop on %s runs %lld iterations, the task array has "
                   "%d subtasks", t->name, (long long)count, t->count);
    dvmh_task_loop *l = dvmh_xcalloc(1, sizeof *l);
    l->task = t;
    l->file = file;
    l->line = line;
    l->lo = lo;
    l->step = step;
    l->a = a;
    l->b = b;
    l->iterations = (int)count;
    l->current = -1;
    l->packets = dvmh_xcalloc((size_t)(count + 1), sizeof *l->packets);
    l->packet_size = dvmh_xcalloc((size_t)(count + 1), sizeof *l->packet_size);
    /* which iteration runs which subtask, then the ones this process
     * runs in the schedule's order */
    int *iteration_of = dvmh_xcalloc((size_t)t->count, sizeof(int));
    for (int s = 0; s < t->count; s++)
        iteration_of[s] = -1;
    for (int it = 0; it < l->iterations; it++) {
        dvmh_idx s = a * (lo + it * step) + b;
        if (s < 0 || s >= t->count)
            dvmh_fatal(file, line, "iteration %lld runs subtask %s[%lld], outside the task array",
                       (long long)(lo + it * step), t->name, (long long)s);
        iteration_of[s] = it;
    }
    l->runs = dvmh_xcalloc((size_t)(count + 1), sizeof(int));
    for (int k = 0; k < t->count; k++) {
        int s = t->order[k];
        if (iteration_of[s] >= 0 && t->group[s])
            l->runs[l->run_count++] = iteration_of[s];
    }
    free(iteration_of);
    return l;
}

void dvmh_task_loop_data(dvmh_task_loop *l, const void *addr, int rank, const dvmh_idx *ext,
                         size_t elem_size)
{
    size_t bytes = elem_size;
    for (int d = 0; d < rank; d++) {
        if (ext[d] < 0)
            dvmh_fatal(l->file, l->line, "not supported yet: heap data of unknown extent written "
                       "in a subtask (use an array)");
        bytes *= (size_t)ext[d];
    }
    l->data = dvmh_xrealloc(l->data, sizeof *l->data * (size_t)(l->data_count + 1));
    l->data[l->data_count++] = (task_data){(char *)addr, bytes};
}

void dvmh_task_loop_reduction(dvmh_task_loop *l, int op, int type, void *var, int count,
                              void *loc, int loc_count, size_t loc_elem_size)
{
    if (reduce_type_size(type) == 0)
        dvmh_fatal(l->file, l->line, "reduction variable of a type that cannot be reduced");
    l->reds = dvmh_xrealloc(l->reds, sizeof *l->reds * (size_t)(l->red_count + 1));
    task_reduction *r = &l->reds[l->red_count++];
    *r = (task_reduction){.op = op, .type = type, .count = count < 1 ? 1 : count, .var = var,
                          .loc = loc};
    r->var_bytes = reduce_type_size(type) * (size_t)r->count;
    r->loc_bytes = loc ? (size_t)loc_count * loc_elem_size : 0;
    r->initial = dvmh_xmalloc(r->var_bytes + r->loc_bytes);
    memcpy(r->initial, var, r->var_bytes);
    if (r->loc_bytes)
        memcpy(r->initial + r->var_bytes, loc, r->loc_bytes);
}

static int task_of(const dvmh_task_loop *l, int it)
{
    return (int)(l->a * (l->lo + it * l->step) + l->b);
}

static void packet_add(char **p, size_t *size, size_t *cap, const void *bytes, size_t n)
{
    if (*size + n > *cap) {
        *cap = (*size + n) * 2 + 64;
        *p = dvmh_xrealloc(*p, *cap);
    }
    memcpy(*p + *size, bytes, n);
    *size += n;
}

/* The group's I/O process records what the body printed, its reduction
 * results and which bytes of the data it changed:
 * [output size][output]{[var][loc]}{[data][offset][length][bytes]}. */
static void task_record(dvmh_task_loop *l, int it)
{
    char *p = NULL;
    size_t size = 0, cap = 0;
    uint64_t out = l->capture_size;
    packet_add(&p, &size, &cap, &out, sizeof out);
    packet_add(&p, &size, &cap, l->capture_text, l->capture_size);
    for (int k = 0; k < l->red_count; k++) {
        task_reduction *r = &l->reds[k];
        packet_add(&p, &size, &cap, r->var, r->var_bytes);
        if (r->loc_bytes)
            packet_add(&p, &size, &cap, r->loc, r->loc_bytes);
    }
    size_t base = 0;
    for (int k = 0; k < l->data_count; k++) {
        const char *now = l->data[k].addr, *before = l->snapshot + base;
        size_t n = l->data[k].bytes;
        for (size_t i = 0; i < n;) {
            if (now[i] == before[i]) {
                i++;
                continue;
            }
            /* a run of changes, joined across gaps shorter than a record */
            size_t end = i + 1, last = i;
            while (end < n && end - last <= 16) {
                if (now[end] != before[end])
                    last = end;
                end++;
            }
            uint64_t head[3] = {(uint64_t)k, i, last - i + 1};
            packet_add(&p, &size, &cap, head, sizeof head);
            packet_add(&p, &size, &cap, now + i, last - i + 1);
            i = last + 1;
        }
        base += n;
    }
    l->packets[it] = p;
    l->packet_size[it] = size;
}

static void task_leave(dvmh_task_loop *l)
{
    int it = l->current;
    if (l->capture) {
        fclose(l->capture);
        l->capture = NULL;
    }
    if (comm_process_rank() == 0)
        task_record(l, it);
    free(l->capture_text);
    l->capture_text = NULL;
    l->capture_size = 0;
    free(l->snapshot);
    l->snapshot = NULL;
    l->current = -1;
    comm_group_pop();
    tasks.running = l->outer;
    /* the output goes on where the enclosing body's goes */
    io_set_stdout(tasks.running ? tasks.running->capture : NULL);
}

static void task_enter(dvmh_task_loop *l, int it)
{
    comm_group_push(l->task->group[task_of(l, it)]);
    l->outer = tasks.running;
    tasks.running = l;
    size_t total = 0;
    for (int k = 0; k < l->data_count; k++)
        total += l->data[k].bytes;
    l->snapshot = dvmh_xmalloc(total);
    size_t base = 0;
    for (int k = 0; k < l->data_count; k++) {
        memcpy(l->snapshot + base, l->data[k].addr, l->data[k].bytes);
        base += l->data[k].bytes;
    }
    for (int k = 0; k < l->red_count; k++) {
        task_reduction *r = &l->reds[k];
        reduce_identity(r->op, r->type, r->var, r->count);
        if (r->loc_bytes)
            memcpy(r->loc, r->initial + r->var_bytes, r->loc_bytes);
    }
    if (comm_process_rank() == 0) {
        l->capture = open_memstream(&l->capture_text, &l->capture_size);
        if (!l->capture)
            dvmh_fatal(l->file, l->line, "cannot capture the output of a subtask");
    }
    /* what the body prints to stdout is kept for the end of the loop,
     * which prints it in the sequential order of the subtasks */
    io_set_stdout(l->capture);
    l->current = it;
}

/* In the sequential order of the iterations, each group's I/O process
 * sends what its subtask printed and changed to every process of the
 * system; the output is printed as the sequential program prints it and
 * the changes applied in that order. */
static void task_finish(dvmh_task_loop *l)
{
    dvmh_task *t = l->task;
    /* the reductions start from their values before the loop */
    for (int k = 0; k < l->red_count; k++) {
        task_reduction *r = &l->reds[k];
        memcpy(r->var, r->initial, r->var_bytes);
        if (r->loc_bytes)
            memcpy(r->loc, r->initial + r->var_bytes, r->loc_bytes);
    }
    for (int it = 0; it < l->iterations; it++) {
        int s = task_of(l, it);
        int root = t->members[s][0];
        uint64_t size = l->packet_size[it];
        comm_bcast(&size, sizeof size, root);
        char *p = l->packets[it];
        if (comm_process_rank() != root) {
            p = dvmh_xmalloc((size_t)size);
        }
        comm_bcast(p, (size_t)size, root);
        uint64_t out;
        memcpy(&out, p, sizeof out);
        if (out)
            dvmh_fwrite(p + sizeof out, 1, (size_t)out, stdout);
        size_t at = sizeof out + (size_t)out;
        for (int k = 0; k < l->red_count; k++) {
            task_reduction *r = &l->reds[k];
            /* the packet packs values at any offset: combine an aligned copy */
            char *v = dvmh_xmalloc(r->var_bytes + r->loc_bytes);
            memcpy(v, p + at, r->var_bytes + r->loc_bytes);
            /* into the variable, whose own value wins ties: the earlier
             * subtask's result then wins them too */
            reduce_combine(r->op, r->type, r->var, v, r->count, r->loc,
                           r->loc_bytes ? v + r->var_bytes : NULL, r->loc_bytes, 0);
            free(v);
            at += r->var_bytes + r->loc_bytes;
        }
        while (at < size) {
            uint64_t head[3];
            memcpy(head, p + at, sizeof head);
            at += sizeof head;
            memcpy(l->data[head[0]].addr + head[1], p + at, (size_t)head[2]);
            at += (size_t)head[2];
        }
        free(p);
        l->packets[it] = NULL;
    }
}

int dvmh_task_loop_next(dvmh_task_loop *l, dvmh_idx *iteration)
{
    if (l->current >= 0)
        task_leave(l);
    if (l->next < l->run_count) {
        int it = l->runs[l->next++];
        task_enter(l, it);
        *iteration = l->lo + it * l->step;
        return 1;
    }
    task_finish(l);
    for (int k = 0; k < l->red_count; k++)
        free(l->reds[k].initial);
    free(l->reds);
    free(l->runs);
    free(l->data);
    free(l->packets);
    free(l->packet_size);
    free(l);
    return 0;
}
