/* dag.c: DAG instances of Algorithm S (vertices with width and work, edges
 * with volumes), their text format, and the validator of their schedules. */
#include "dvmh_map.h"
#include "map_reader.h"

#include <stdlib.h>

dvmh_map_dag *dvmh_map_dag_new(int nvertices, int nedges, int cores)
{
    dvmh_map_dag *dag = calloc(1, sizeof *dag);
    if (!dag)
        return NULL;
    dag->nvertices = nvertices;
    dag->nedges = nedges;
    dag->cores = cores;
    dag->width = calloc((size_t)nvertices + 1, sizeof(int));
    dag->work = calloc((size_t)nvertices + 1, sizeof(double));
    dag->src = calloc((size_t)nedges + 1, sizeof(int));
    dag->dst = calloc((size_t)nedges + 1, sizeof(int));
    dag->volume = calloc((size_t)nedges + 1, sizeof(double));
    if (!dag->width || !dag->work || !dag->src || !dag->dst || !dag->volume) {
        dvmh_map_dag_free(dag);
        return NULL;
    }
    return dag;
}

void dvmh_map_dag_free(dvmh_map_dag *dag)
{
    if (!dag)
        return;
    free(dag->width);
    free(dag->work);
    free(dag->src);
    free(dag->dst);
    free(dag->volume);
    free(dag);
}

void dvmh_map_dag_schedule_free(dvmh_map_dag_schedule *s)
{
    if (!s)
        return;
    free(s->node);
    free(s->cores);
    free(s->level);
    free(s->start);
    free(s->finish);
    free(s);
}

/* 1 when the edges leave no cycle (Kahn's order covers every vertex). */
static int map_dag_acyclic(const dvmh_map_dag *dag)
{
    int n = dag->nvertices;
    int *indeg = calloc((size_t)n + 1, sizeof(int)), *queue = malloc(sizeof(int) * ((size_t)n + 1));
    int *first = calloc((size_t)n + 2, sizeof(int)),
        *out = malloc(sizeof(int) * ((size_t)dag->nedges + 1));
    int ok = -1;
    if (indeg && queue && first && out) {
        for (int e = 0; e < dag->nedges; e++) {
            indeg[dag->dst[e]]++;
            first[dag->src[e] + 1]++;
        }
        for (int v = 0; v < n; v++)
            first[v + 1] += first[v];
        for (int e = 0; e < dag->nedges; e++)
            out[first[dag->src[e]]++] = dag->dst[e];
        for (int v = n; v > 0; v--)
            first[v] = first[v - 1];
        first[0] = 0;
        int head = 0, tail = 0;
        for (int v = 0; v < n; v++)
            if (!indeg[v])
                queue[tail++] = v;
        while (head < tail) {
            int v = queue[head++];
            for (int i = first[v]; i < first[v + 1]; i++)
                if (--indeg[out[i]] == 0)
                    queue[tail++] = out[i];
        }
        ok = tail == n;
    }
    free(indeg);
    free(queue);
    free(first);
    free(out);
    return ok;
}

dvmh_map_dag *dvmh_map_dag_read(FILE *in, char *err, int errlen)
{
    map_reader r;
    map_reader_init(&r, in, err, errlen);
    long n, e, c;
    if (map_read_long(&r, 1, 10000000, &n, "vertex count V") ||
        map_read_long(&r, 0, 100000000, &e, "edge count E") ||
        map_read_long(&r, 1, 1000000, &c, "cores per node C"))
        return NULL;
    dvmh_map_dag *dag = dvmh_map_dag_new((int)n, (int)e, (int)c);
    if (!dag) {
        snprintf(err, (size_t)errlen, "out of memory");
        return NULL;
    }
    char what[64];
    for (int v = 0; v < n; v++) {
        long m;
        snprintf(what, sizeof what, "vertex %d: time t", v);
        if (map_read_long(&r, 1, 1000000000L, &m, "vertex width m (>= 1)") ||
            map_read_double(&r, 0, 1e300, 1, &dag->work[v], what))
            goto fail;
        dag->width[v] = (int)m;
    }
    for (int i = 0; i < e; i++) {
        long a, b;
        snprintf(what, sizeof what, "edge %d: volume", i);
        if (map_read_long(&r, 0, n - 1, &a, "edge source (0..V-1)") ||
            map_read_long(&r, 0, n - 1, &b, "edge target (0..V-1)") ||
            map_read_double(&r, 0, 1e300, 0, &dag->volume[i], what))
            goto fail;
        if (a == b) {
            map_read_fail(&r, "edge %d: a vertex cannot precede itself", i);
            goto fail;
        }
        dag->src[i] = (int)a;
        dag->dst[i] = (int)b;
    }
    if (map_read_end(&r, "the last edge"))
        goto fail;
    int acyclic = map_dag_acyclic(dag);
    if (acyclic <= 0) {
        if (acyclic < 0)
            snprintf(err, (size_t)errlen, "out of memory");
        else
            map_read_fail(&r, "the edges form a cycle");
        goto fail;
    }
    return dag;
fail:
    dvmh_map_dag_free(dag);
    return NULL;
}

typedef struct map_event {
    double at;
    int node, delta;
} map_event;

static int map_cmp_event(const void *a, const void *b)
{
    const map_event *x = a, *y = b;
    if (x->node != y->node)
        return x->node - y->node;
    if (x->at != y->at)
        return (x->at > y->at) - (x->at < y->at);
    return x->delta - y->delta; /* releases before takes at one moment */
}

int dvmh_map_dag_validate(const dvmh_map_dag *dag, const dvmh_map_dag_schedule *s, char *err,
                          int errlen)
{
    int n = dag->nvertices;
    if (s->nvertices != n) {
        snprintf(err, (size_t)errlen, "schedule has %d vertices, graph %d", s->nvertices, n);
        return -1;
    }
    double makespan = 0;
    for (int v = 0; v < n; v++) {
        int limit = dag->width[v] < dag->cores ? dag->width[v] : dag->cores;
        if (s->node[v] < 0 || s->node[v] >= s->nnodes || s->cores[v] < 1 || s->cores[v] > limit) {
            snprintf(err, (size_t)errlen, "vertex %d: node %d or cores %d out of range", v,
                     s->node[v], s->cores[v]);
            return -1;
        }
        double len = dag->work[v] / s->cores[v];
        double eps = 1e-9 * (s->finish[v] > 1 ? s->finish[v] : 1);
        if (!(s->start[v] >= 0) || s->finish[v] < s->start[v] + len - eps ||
            s->finish[v] > s->start[v] + len + eps) {
            snprintf(err, (size_t)errlen, "vertex %d: [%g, %g) is not its time %g", v, s->start[v],
                     s->finish[v], len);
            return -1;
        }
        if (s->finish[v] > makespan)
            makespan = s->finish[v];
    }
    for (int e = 0; e < dag->nedges; e++) {
        int a = dag->src[e], b = dag->dst[e];
        double ready = s->finish[a] + (s->node[a] != s->node[b] ? dag->volume[e] : 0);
        if (s->start[b] < ready - 1e-9 * (ready > 1 ? ready : 1)) {
            snprintf(err, (size_t)errlen,
                     "edge %d: vertex %d starts at %g before its data from %d at %g", e, b,
                     s->start[b], a, ready);
            return -1;
        }
    }
    map_event *ev = malloc(sizeof(map_event) * (2 * (size_t)n + 1));
    if (!ev) {
        snprintf(err, (size_t)errlen, "out of memory");
        return -1;
    }
    for (int v = 0; v < n; v++) {
        ev[2 * v] = (map_event){s->start[v], s->node[v], s->cores[v]};
        /* Finishing a hair early keeps rounding from counting as overlap. */
        double eps = 1e-9 * (s->finish[v] > 1 ? s->finish[v] : 1);
        ev[2 * v + 1] = (map_event){s->finish[v] - eps, s->node[v], -s->cores[v]};
    }
    qsort(ev, 2 * (size_t)n, sizeof *ev, map_cmp_event);
    int used = 0, bad = 0;
    for (size_t i = 0; i < 2 * (size_t)n && !bad; i++) {
        if (i > 0 && ev[i].node != ev[i - 1].node)
            used = 0;
        used += ev[i].delta;
        if (used > dag->cores) {
            snprintf(err, (size_t)errlen, "node %d runs %d cores at %g, has %d", ev[i].node, used,
                     ev[i].at, dag->cores);
            bad = 1;
        }
    }
    free(ev);
    if (!bad && (s->makespan < makespan * (1 - 1e-12) || s->makespan > makespan * (1 + 1e-12))) {
        snprintf(err, (size_t)errlen, "makespan %g reported, %g actual", s->makespan, makespan);
        bad = 1;
    }
    return bad ? -1 : 0;
}
