/* algo_s.c: Algorithm S, POS (mapping.md): the DAG in its canonical level
 * form, every vertex first on a node of its own; merges along sub-critical
 * paths, each undone when the critical path grows; then compaction of
 * single-vertex nodes into clusters with free cores.
 *
 * Timing of a configuration: a vertex starts when its predecessors' data
 * have arrived and every vertex of lower level on its node has finished;
 * vertices of one level on one node run side by side, so their cores must
 * fit in the node. Levels stay above the levels of the predecessors. */
#include "dvmh_map.h"

#include <stdlib.h>
#include <string.h>

typedef struct map_pos {
    const dvmh_map_dag *dag;
    int n, levels;
    int *cores, *node, *level, *count; /* count: vertices per node */
    int *used;                         /* cores per node and level */
    int *in_first, *in_edge, *out_first, *out_edge;
    int *by_level, *level_first; /* vertices sorted by level */
    double *len, *start, *finish, *tail, *node_time;
    int *pred_edge, *node_vertex; /* how each start was reached */
    unsigned char *fixed, *examined;
} map_pos;

static double map_edge_cost(const map_pos *ps, int e)
{
    return ps->node[ps->dag->src[e]] != ps->node[ps->dag->dst[e]] ? ps->dag->volume[e] : 0;
}

static void map_sort_by_level(map_pos *ps)
{
    memset(ps->level_first, 0, sizeof(int) * ((size_t)ps->levels + 1));
    for (int v = 0; v < ps->n; v++)
        ps->level_first[ps->level[v] + 1]++;
    for (int l = 0; l < ps->levels; l++)
        ps->level_first[l + 1] += ps->level_first[l];
    for (int v = 0; v < ps->n; v++)
        ps->by_level[ps->level_first[ps->level[v]]++] = v;
    for (int l = ps->levels; l > 0; l--)
        ps->level_first[l] = ps->level_first[l - 1];
    ps->level_first[0] = 0;
}

/* Starts, finishes and longest tails of the configuration; returns the
 * makespan. node_time is scratch per node. */
static double map_pos_evaluate(map_pos *ps)
{
    const dvmh_map_dag *dag = ps->dag;
    map_sort_by_level(ps);
    double makespan = 0;
    for (int v = 0; v < ps->n; v++) {
        ps->node_time[v] = 0;
        ps->node_vertex[v] = -1;
    }
    for (int l = 0; l < ps->levels; l++) {
        int a = ps->level_first[l], b = ps->level_first[l + 1];
        for (int i = a; i < b; i++) {
            int v = ps->by_level[i];
            double at = ps->node_time[ps->node[v]];
            int via = -1;
            for (int j = ps->in_first[v]; j < ps->in_first[v + 1]; j++) {
                int e = ps->in_edge[j];
                double ready = ps->finish[dag->src[e]] + map_edge_cost(ps, e);
                if (ready > at) {
                    at = ready;
                    via = e;
                }
            }
            ps->start[v] = at;
            ps->pred_edge[v] = via;
            ps->finish[v] = at + ps->len[v];
            if (ps->finish[v] > makespan)
                makespan = ps->finish[v];
        }
        /* The next level on each node waits for this one. */
        for (int i = a; i < b; i++) {
            int v = ps->by_level[i], nd = ps->node[v];
            if (ps->finish[v] > ps->node_time[nd]) {
                ps->node_time[nd] = ps->finish[v];
                ps->node_vertex[nd] = v;
            }
        }
    }
    for (int v = 0; v < ps->n; v++)
        ps->node_time[v] = 0;
    for (int l = ps->levels - 1; l >= 0; l--) {
        int a = ps->level_first[l], b = ps->level_first[l + 1];
        for (int i = a; i < b; i++) {
            int v = ps->by_level[i];
            double after = ps->node_time[ps->node[v]];
            for (int j = ps->out_first[v]; j < ps->out_first[v + 1]; j++) {
                int e = ps->out_edge[j];
                double x = map_edge_cost(ps, e) + ps->tail[dag->dst[e]];
                if (x > after)
                    after = x;
            }
            ps->tail[v] = ps->len[v] + after;
        }
        for (int i = a; i < b; i++) {
            int v = ps->by_level[i], nd = ps->node[v];
            if (ps->tail[v] > ps->node_time[nd])
                ps->node_time[nd] = ps->tail[v];
        }
    }
    return makespan;
}

/* Moves vertex x onto node nd at its level, or one level lower when the
 * node lacks cores there and x's successors stay below; returns 0 when it
 * does not fit. */
static int map_pos_place(map_pos *ps, int x, int nd)
{
    int l = ps->level[x], c = ps->cores[x], cap = ps->dag->cores;
    int target = -1;
    if (ps->used[nd * ps->levels + l] + c <= cap) {
        target = l;
    } else if (l + 1 < ps->levels && ps->used[nd * ps->levels + l + 1] + c <= cap) {
        target = l + 1;
        for (int j = ps->out_first[x]; j < ps->out_first[x + 1]; j++)
            if (ps->level[ps->dag->dst[ps->out_edge[j]]] <= l + 1)
                target = -1;
    }
    if (target < 0)
        return 0;
    int old = ps->node[x];
    ps->used[old * ps->levels + l] -= c;
    ps->count[old]--;
    ps->used[nd * ps->levels + target] += c;
    ps->count[nd]++;
    ps->node[x] = nd;
    ps->level[x] = target;
    return 1;
}

static void map_pos_unplace(map_pos *ps, int x, int old_node, int old_level)
{
    int c = ps->cores[x];
    ps->used[ps->node[x] * ps->levels + ps->level[x]] -= c;
    ps->count[ps->node[x]]--;
    ps->used[old_node * ps->levels + old_level] += c;
    ps->count[old_node]++;
    ps->node[x] = old_node;
    ps->level[x] = old_level;
}

/* The first unexamined edge of the costliest path through an unexamined
 * edge (the sub-critical path); -1 when every edge is examined. */
static int map_pos_next_edge(map_pos *ps)
{
    const dvmh_map_dag *dag = ps->dag;
    int best = -1;
    double cost = -1;
    for (int e = 0; e < dag->nedges; e++) {
        if (ps->examined[e])
            continue;
        double x = ps->finish[dag->src[e]] + map_edge_cost(ps, e) + ps->tail[dag->dst[e]];
        if (x > cost) {
            cost = x;
            best = e;
        }
    }
    if (best < 0)
        return -1;
    /* Walk back along the edges that set each start: an unexamined edge
     * there comes first on the path. */
    int first = best;
    for (int v = dag->src[best]; ps->pred_edge[v] >= 0; v = dag->src[ps->pred_edge[v]])
        if (!ps->examined[ps->pred_edge[v]])
            first = ps->pred_edge[v];
    return first;
}

static void map_pos_free(map_pos *ps)
{
    void *all[] = {ps->cores,       ps->node,      ps->level,       ps->count,    ps->used,
                   ps->in_first,    ps->in_edge,   ps->out_first,   ps->out_edge, ps->by_level,
                   ps->level_first, ps->len,       ps->start,       ps->finish,   ps->tail,
                   ps->node_time,   ps->pred_edge, ps->node_vertex, ps->fixed,    ps->examined};
    for (unsigned i = 0; i < sizeof all / sizeof all[0]; i++)
        free(all[i]);
}

/* Adjacency, canonical levels (longest edge count from a source), one node
 * per vertex with min(m, C) cores. Returns -1 when out of memory or cyclic. */
static int map_pos_init(map_pos *ps, const dvmh_map_dag *dag)
{
    int n = dag->nvertices, ne = dag->nedges;
    size_t sn = (size_t)n + 2, se = (size_t)ne + 1;
    memset(ps, 0, sizeof *ps);
    ps->dag = dag;
    ps->n = n;
    ps->cores = malloc(sizeof(int) * sn);
    ps->node = malloc(sizeof(int) * sn);
    ps->level = calloc(sn, sizeof(int));
    ps->count = malloc(sizeof(int) * sn);
    ps->in_first = calloc(sn, sizeof(int));
    ps->out_first = calloc(sn, sizeof(int));
    ps->in_edge = malloc(sizeof(int) * se);
    ps->out_edge = malloc(sizeof(int) * se);
    ps->by_level = malloc(sizeof(int) * sn);
    ps->len = malloc(sizeof(double) * sn);
    ps->start = malloc(sizeof(double) * sn);
    ps->finish = malloc(sizeof(double) * sn);
    ps->tail = malloc(sizeof(double) * sn);
    ps->node_time = malloc(sizeof(double) * sn);
    ps->pred_edge = malloc(sizeof(int) * sn);
    ps->node_vertex = malloc(sizeof(int) * sn);
    ps->fixed = calloc(sn, 1);
    ps->examined = calloc(se, 1);
    if (!ps->cores || !ps->node || !ps->level || !ps->count || !ps->in_first || !ps->out_first ||
        !ps->in_edge || !ps->out_edge || !ps->by_level || !ps->len || !ps->start || !ps->finish ||
        !ps->tail || !ps->node_time || !ps->pred_edge || !ps->node_vertex || !ps->fixed ||
        !ps->examined)
        return -1;
    for (int e = 0; e < ne; e++) {
        if (dag->src[e] < 0 || dag->src[e] >= n || dag->dst[e] < 0 || dag->dst[e] >= n)
            return -1;
        ps->in_first[dag->dst[e] + 1]++;
        ps->out_first[dag->src[e] + 1]++;
    }
    for (int v = 0; v < n; v++) {
        ps->in_first[v + 1] += ps->in_first[v];
        ps->out_first[v + 1] += ps->out_first[v];
    }
    int *fill = ps->by_level; /* scratch until the levels exist */
    memcpy(fill, ps->in_first, sizeof(int) * (size_t)n);
    for (int e = 0; e < ne; e++)
        ps->in_edge[fill[dag->dst[e]]++] = e;
    memcpy(fill, ps->out_first, sizeof(int) * (size_t)n);
    for (int e = 0; e < ne; e++)
        ps->out_edge[fill[dag->src[e]]++] = e;
    /* Kahn's order gives the canonical levels. */
    int *indeg = ps->count, *queue = ps->node, head = 0, tail = 0;
    for (int v = 0; v < n; v++) {
        indeg[v] = ps->in_first[v + 1] - ps->in_first[v];
        if (!indeg[v])
            queue[tail++] = v;
    }
    while (head < tail) {
        int v = queue[head++];
        for (int j = ps->out_first[v]; j < ps->out_first[v + 1]; j++) {
            int w = dag->dst[ps->out_edge[j]];
            if (ps->level[v] + 1 > ps->level[w])
                ps->level[w] = ps->level[v] + 1;
            if (--indeg[w] == 0)
                queue[tail++] = w;
        }
    }
    if (tail != n)
        return -1;
    for (int v = 0; v < n; v++)
        if (ps->level[v] + 1 > ps->levels)
            ps->levels = ps->level[v] + 1;
    ps->level_first = malloc(sizeof(int) * ((size_t)ps->levels + 2));
    ps->used = calloc((size_t)n * (size_t)ps->levels + 1, sizeof(int));
    if (!ps->level_first || !ps->used)
        return -1;
    for (int v = 0; v < n; v++) {
        ps->cores[v] = dag->width[v] < dag->cores ? dag->width[v] : dag->cores;
        ps->len[v] = dag->work[v] / ps->cores[v];
        ps->node[v] = v;
        ps->count[v] = 1;
        ps->used[v * ps->levels + ps->level[v]] = ps->cores[v];
    }
    return 0;
}

/* Tries x on node nd; keeps the move when the makespan does not grow. */
static int map_pos_try(map_pos *ps, int x, int nd, double *makespan)
{
    int old_node = ps->node[x], old_level = ps->level[x];
    if (!map_pos_place(ps, x, nd))
        return 0;
    double made = map_pos_evaluate(ps);
    if (made <= *makespan * (1 + 1e-12)) {
        *makespan = made;
        return 1;
    }
    map_pos_unplace(ps, x, old_node, old_level);
    map_pos_evaluate(ps);
    return 0;
}

dvmh_map_dag_schedule *dvmh_map_algo_s(const dvmh_map_dag *dag)
{
    map_pos ps;
    memset(&ps, 0, sizeof ps);
    dvmh_map_dag_schedule *s = NULL;
    if (dag->nvertices < 1 || dag->cores < 1 || map_pos_init(&ps, dag))
        goto done;
    double makespan = map_pos_evaluate(&ps);
    /* Merging along sub-critical paths. */
    for (int e; (e = map_pos_next_edge(&ps)) >= 0;) {
        ps.examined[e] = 1;
        int u = dag->src[e], v = dag->dst[e];
        if (ps.node[u] == ps.node[v])
            continue;
        int x = !ps.fixed[v] ? v : (!ps.fixed[u] ? u : -1);
        if (x < 0)
            continue;
        if (map_pos_try(&ps, x, ps.node[x == v ? u : v], &makespan))
            ps.fixed[u] = ps.fixed[v] = 1;
    }
    /* Compaction: single-vertex nodes into clusters with free cores. */
    for (int x = 0; x < ps.n; x++) {
        if (ps.count[ps.node[x]] != 1)
            continue;
        for (int nd = 0; nd < ps.n; nd++)
            if (nd != ps.node[x] && ps.count[nd] >= 2 && map_pos_try(&ps, x, nd, &makespan))
                break;
    }
    s = calloc(1, sizeof *s);
    if (!s)
        goto done;
    size_t sn = (size_t)ps.n + 1;
    s->nvertices = ps.n;
    s->node = malloc(sizeof(int) * sn);
    s->cores = malloc(sizeof(int) * sn);
    s->level = malloc(sizeof(int) * sn);
    s->start = malloc(sizeof(double) * sn);
    s->finish = malloc(sizeof(double) * sn);
    if (!s->node || !s->cores || !s->level || !s->start || !s->finish) {
        dvmh_map_dag_schedule_free(s);
        s = NULL;
        goto done;
    }
    s->makespan = map_pos_evaluate(&ps);
    /* Nodes renumbered in order of their first vertex. */
    int *number = ps.node_vertex;
    for (int nd = 0; nd < ps.n; nd++)
        number[nd] = -1;
    for (int v = 0; v < ps.n; v++) {
        if (number[ps.node[v]] < 0)
            number[ps.node[v]] = s->nnodes++;
        s->node[v] = number[ps.node[v]];
        s->cores[v] = ps.cores[v];
        s->level[v] = ps.level[v];
        s->start[v] = ps.start[v];
        s->finish[v] = ps.finish[v];
    }
done:
    map_pos_free(&ps);
    return s;
}
