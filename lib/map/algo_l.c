/* algo_l.c: Algorithm L, LTF_MFT_ACC (mapping.md): rigid tasks with
 * communication costs, largest first onto the least loaded processor; the
 * loads sit in an indexed heap because placing a task also raises the loads
 * of the processors of its already placed receivers. */
#include "dvmh_map.h"
#include "map_reader.h"

#include <stdlib.h>
#include <string.h>

dvmh_map_rigid *dvmh_map_rigid_new(int ntasks, int nprocs, int nedges)
{
    dvmh_map_rigid *inst = calloc(1, sizeof *inst);
    if (!inst)
        return NULL;
    inst->ntasks = ntasks;
    inst->nprocs = nprocs;
    inst->nedges = nedges;
    inst->exec = calloc((size_t)ntasks + 1, sizeof(double));
    inst->src = calloc((size_t)nedges + 1, sizeof(int));
    inst->dst = calloc((size_t)nedges + 1, sizeof(int));
    inst->cost = calloc((size_t)nedges + 1, sizeof(double));
    if (!inst->exec || !inst->src || !inst->dst || !inst->cost) {
        dvmh_map_rigid_free(inst);
        return NULL;
    }
    return inst;
}

void dvmh_map_rigid_free(dvmh_map_rigid *inst)
{
    if (!inst)
        return;
    free(inst->exec);
    free(inst->src);
    free(inst->dst);
    free(inst->cost);
    free(inst);
}

dvmh_map_rigid *dvmh_map_rigid_read(FILE *in, char *err, int errlen)
{
    map_reader r;
    map_reader_init(&r, in, err, errlen);
    long n, m, e;
    if (map_read_long(&r, 1, 10000000, &n, "task count N") ||
        map_read_long(&r, 1, 10000000, &m, "processor count M") ||
        map_read_long(&r, 0, 100000000, &e, "edge count E"))
        return NULL;
    dvmh_map_rigid *inst = dvmh_map_rigid_new((int)n, (int)m, (int)e);
    if (!inst) {
        snprintf(err, (size_t)errlen, "out of memory");
        return NULL;
    }
    char what[64];
    for (int z = 0; z < n; z++) {
        snprintf(what, sizeof what, "task %d: execution time", z);
        if (map_read_double(&r, 0, 1e300, 1, &inst->exec[z], what))
            goto fail;
    }
    for (int i = 0; i < e; i++) {
        long a, b;
        snprintf(what, sizeof what, "edge %d: cost", i);
        if (map_read_long(&r, 0, n - 1, &a, "edge sender (0..N-1)") ||
            map_read_long(&r, 0, n - 1, &b, "edge receiver (0..N-1)") ||
            map_read_double(&r, 0, 1e300, 0, &inst->cost[i], what))
            goto fail;
        if (a == b) {
            map_read_fail(&r, "edge %d: a task does not send to itself", i);
            goto fail;
        }
        inst->src[i] = (int)a;
        inst->dst[i] = (int)b;
    }
    if (map_read_end(&r, "the last edge"))
        goto fail;
    return inst;
fail:
    dvmh_map_rigid_free(inst);
    return NULL;
}

void dvmh_map_rigid_schedule_free(dvmh_map_rigid_schedule *s)
{
    if (!s)
        return;
    free(s->proc);
    free(s->start);
    free(s->finish);
    free(s);
}

static dvmh_map_rigid_schedule *map_rigid_schedule_new(int ntasks)
{
    dvmh_map_rigid_schedule *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->ntasks = ntasks;
    s->proc = malloc(sizeof(int) * ((size_t)ntasks + 1));
    s->start = calloc((size_t)ntasks + 1, sizeof(double));
    s->finish = calloc((size_t)ntasks + 1, sizeof(double));
    if (!s->proc || !s->start || !s->finish) {
        dvmh_map_rigid_schedule_free(s);
        return NULL;
    }
    for (int z = 0; z < ntasks; z++)
        s->proc[z] = -1;
    return s;
}

/* Min-heap of processors by (load, number); where[p] is p's slot. */
typedef struct map_load_heap {
    int n;
    int *heap, *where;
    double *load;
} map_load_heap;

static int map_heap_less(const map_load_heap *h, int a, int b)
{
    return h->load[a] < h->load[b] || (h->load[a] == h->load[b] && a < b);
}

static void map_heap_swap(map_load_heap *h, int i, int j)
{
    int a = h->heap[i], b = h->heap[j];
    h->heap[i] = b;
    h->heap[j] = a;
    h->where[b] = i;
    h->where[a] = j;
}

/* Restores the order after the load of processor p grew. */
static void map_heap_raised(map_load_heap *h, int p)
{
    int i = h->where[p];
    for (;;) {
        int l = 2 * i + 1, r = l + 1, least = i;
        if (l < h->n && map_heap_less(h, h->heap[l], h->heap[least]))
            least = l;
        if (r < h->n && map_heap_less(h, h->heap[r], h->heap[least]))
            least = r;
        if (least == i)
            return;
        map_heap_swap(h, i, least);
        i = least;
    }
}

typedef struct map_by_exec {
    double exec;
    int task;
} map_by_exec;

static int map_cmp_exec_desc(const void *a, const void *b)
{
    const map_by_exec *x = a, *y = b;
    if (x->exec != y->exec)
        return (x->exec < y->exec) - (x->exec > y->exec);
    return x->task - y->task;
}

/* Edges of every task in compressed form: first[z]..first[z+1]-1. */
static int *map_edges_by(int ntasks, int nedges, const int *end, int **first_out)
{
    int *first = calloc((size_t)ntasks + 1, sizeof(int));
    int *list = malloc(sizeof(int) * ((size_t)nedges + 1));
    if (!first || !list) {
        free(first);
        free(list);
        return NULL;
    }
    for (int e = 0; e < nedges; e++)
        first[end[e] + 1]++;
    for (int z = 0; z < ntasks; z++)
        first[z + 1] += first[z];
    int *fill = malloc(sizeof(int) * ((size_t)ntasks + 1));
    if (!fill) {
        free(first);
        free(list);
        return NULL;
    }
    memcpy(fill, first, sizeof(int) * (size_t)ntasks);
    for (int e = 0; e < nedges; e++)
        list[fill[end[e]]++] = e;
    free(fill);
    *first_out = first;
    return list;
}

dvmh_map_rigid_schedule *dvmh_map_algo_l(const dvmh_map_rigid *inst)
{
    int n = inst->ntasks, m = inst->nprocs;
    if (n < 1 || m < 1)
        return NULL;
    for (int e = 0; e < inst->nedges; e++)
        if (inst->src[e] < 0 || inst->src[e] >= n || inst->dst[e] < 0 || inst->dst[e] >= n)
            return NULL;
    dvmh_map_rigid_schedule *s = map_rigid_schedule_new(n);
    map_by_exec *order = malloc(sizeof(map_by_exec) * (size_t)n);
    map_load_heap h = {m, malloc(sizeof(int) * (size_t)m), malloc(sizeof(int) * (size_t)m),
                       calloc((size_t)m, sizeof(double))};
    int *in_first = NULL, *out_first = NULL;
    int *in_edges = map_edges_by(n, inst->nedges, inst->dst, &in_first);
    int *out_edges = map_edges_by(n, inst->nedges, inst->src, &out_first);
    if (!s || !order || !h.heap || !h.where || !h.load || !in_edges || !out_edges) {
        dvmh_map_rigid_schedule_free(s);
        s = NULL;
        goto done;
    }
    for (int p = 0; p < m; p++)
        h.heap[p] = h.where[p] = p;
    for (int z = 0; z < n; z++)
        order[z] = (map_by_exec){inst->exec[z], z};
    qsort(order, (size_t)n, sizeof *order, map_cmp_exec_desc);
    for (int i = 0; i < n; i++) {
        int z = order[i].task, p = h.heap[0];
        s->proc[z] = p;
        s->start[z] = h.load[p];
        h.load[p] += inst->exec[z];
        /* Data from placed senders on other processors arrives at p. */
        for (int j = in_first[z]; j < in_first[z + 1]; j++) {
            int e = in_edges[j], r = inst->src[e];
            if (s->proc[r] >= 0 && s->proc[r] != p)
                h.load[p] += inst->cost[e];
        }
        s->finish[z] = h.load[p];
        map_heap_raised(&h, p);
        /* Placed receivers on other processors now wait for z's data. */
        for (int j = out_first[z]; j < out_first[z + 1]; j++) {
            int e = out_edges[j], q = s->proc[inst->dst[e]];
            if (q >= 0 && q != p && inst->cost[e] > 0) {
                h.load[q] += inst->cost[e];
                map_heap_raised(&h, q);
            }
        }
    }
    s->makespan = 0;
    for (int p = 0; p < m; p++)
        if (h.load[p] > s->makespan)
            s->makespan = h.load[p];
done:
    free(order);
    free(h.heap);
    free(h.where);
    free(h.load);
    free(in_edges);
    free(out_edges);
    free(in_first);
    free(out_first);
    return s;
}

typedef struct map_span {
    int proc;
    double from, to;
    int task;
} map_span;

static int map_cmp_span(const void *a, const void *b)
{
    const map_span *x = a, *y = b;
    if (x->proc != y->proc)
        return x->proc - y->proc;
    return (x->from > y->from) - (x->from < y->from);
}

int dvmh_map_rigid_validate(const dvmh_map_rigid *inst, const dvmh_map_rigid_schedule *s, char *err,
                            int errlen)
{
    int n = inst->ntasks, m = inst->nprocs;
    if (s->ntasks != n) {
        snprintf(err, (size_t)errlen, "schedule has %d tasks, instance %d", s->ntasks, n);
        return -1;
    }
    double *load = calloc((size_t)m, sizeof(double));
    double *recv = calloc((size_t)n + 1, sizeof(double));
    map_span *span = malloc(sizeof(map_span) * ((size_t)n + 1));
    int bad = !load || !recv || !span;
    if (bad)
        snprintf(err, (size_t)errlen, "out of memory");
    for (int z = 0; z < n && !bad; z++) {
        if (s->proc[z] < 0 || s->proc[z] >= m) {
            snprintf(err, (size_t)errlen, "task %d: processor %d out of range", z, s->proc[z]);
            bad = 1;
        } else {
            load[s->proc[z]] += inst->exec[z];
            span[z] = (map_span){s->proc[z], s->start[z], s->finish[z], z};
        }
    }
    for (int e = 0; e < inst->nedges && !bad; e++) {
        int a = inst->src[e], b = inst->dst[e];
        if (s->proc[a] != s->proc[b]) {
            load[s->proc[b]] += inst->cost[e];
            recv[b] += inst->cost[e];
        }
    }
    double makespan = 0;
    for (int p = 0; p < m && !bad; p++)
        if (load[p] > makespan)
            makespan = load[p];
    for (int z = 0; z < n && !bad; z++) {
        double eps = 1e-9 * (s->finish[z] > 1 ? s->finish[z] : 1);
        double least = s->start[z] + inst->exec[z];
        if (!(s->start[z] >= 0) || s->finish[z] < least - eps ||
            s->finish[z] > least + recv[z] + eps) {
            snprintf(err, (size_t)errlen,
                     "task %d: [%g, %g) does not hold its execution %g and receiving %g", z,
                     s->start[z], s->finish[z], inst->exec[z], recv[z]);
            bad = 1;
        }
    }
    if (!bad) {
        qsort(span, (size_t)n, sizeof *span, map_cmp_span);
        for (int i = 1; i < n && !bad; i++) {
            double eps = 1e-9 * (span[i - 1].to > 1 ? span[i - 1].to : 1);
            if (span[i].proc == span[i - 1].proc && span[i].from < span[i - 1].to - eps) {
                snprintf(err, (size_t)errlen, "processor %d runs tasks %d and %d at once",
                         span[i].proc, span[i - 1].task, span[i].task);
                bad = 1;
            }
        }
    }
    if (!bad && (s->makespan < makespan * (1 - 1e-12) || s->makespan > makespan * (1 + 1e-12))) {
        snprintf(err, (size_t)errlen, "makespan %g reported, largest load %g", s->makespan,
                 makespan);
        bad = 1;
    }
    free(load);
    free(recv);
    free(span);
    return bad ? -1 : 0;
}
