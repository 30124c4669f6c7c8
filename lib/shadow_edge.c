/* shadow_edge.c: the named shadow edges shadow_add gives an indirectly
 * distributed dimension: which non-owned indices each process reads
 * (computed once, collectively, at the directive), and their renewal from
 * the owners (shadow_renew(A["name"])). */
#include "indirect.h"
#include "actual.h"
#include "alloc.h"
#include "array.h"
#include "comm.h"
#include "distrib.h"

#include <stdlib.h>
#include <string.h>

struct dvmh_shadow_edge {
    const char *file;
    int line;
    char *name;
    indirect_map map;               /* of the object shadow_add named */
    const int *owner;               /* the distribution it was computed for */
    dvmh_idx *points;               /* space indices read (collecting) */
    size_t count, cap;
    /* per process q: the indices received from q and sent to q */
    size_t *need_count, *give_count;
    dvmh_idx *need, *give;          /* packed in process order */
    dvmh_array **include;
    int include_count;
    struct dvmh_shadow_edge *next;
};

static dvmh_shadow_edge *edges;

dvmh_shadow_edge *dvmh_shadow_add_begin(const char *file, int line, void *obj, const char *name)
{
    dvmh_shadow_edge *e = dvmh_xcalloc(1, sizeof *e);
    e->file = file;
    e->line = line;
    size_t len = strlen(name) + 1;
    e->name = dvmh_xmalloc(len);
    memcpy(e->name, name, len);
    if (!array_is_array(obj) && !array_is_template(obj))
        dvmh_fatal(file, line, "shadow_add of something that is not a template or a distributed "
                               "array");
    if (object_rank(obj) != 1)
        dvmh_fatal(file, line, "not supported yet: shadow_add on a %d-dimensional template or "
                   "array", object_rank(obj));
    indirect_map_of(obj, &e->map);
    if (e->map.dim < 0)
        dvmh_fatal(file, line, "shadow_add on a dimension that is not distributed indirectly "
                               "(redistribute it with indirect(...) first)");
    e->owner = e->map.owner;
    if (array_is_array(obj))
        dvmh_shadow_add_include(e, obj);
    return e;
}

dvmh_idx dvmh_shadow_add_owned_count(const dvmh_shadow_edge *e)
{
    return e->map.owned_count;
}

/* The object's index of the k-th owned space index. */
dvmh_idx dvmh_shadow_add_owned(const dvmh_shadow_edge *e, dvmh_idx k)
{
    return (e->map.owned[k] - e->map.b) / e->map.a;
}

void dvmh_shadow_add_point(dvmh_shadow_edge *e, dvmh_idx index)
{
    dvmh_idx t = e->map.a * index + e->map.b;
    if (t < 0 || t >= e->map.size)
        dvmh_fatal(e->file, e->line, "shadow_add \"%s\": the neighbour %lld is outside the "
                   "dimension's range 0..%lld", e->name, (long long)index,
                   (long long)(e->map.size - 1));
    if (e->owner[t] == e->map.me)
        return;
    if (e->count == e->cap) {
        e->cap = e->cap ? 2 * e->cap : 64;
        e->points = dvmh_xrealloc(e->points, sizeof(dvmh_idx) * e->cap);
    }
    e->points[e->count++] = t;
}

void dvmh_shadow_add_include(dvmh_shadow_edge *e, dvmh_array *a)
{
    if (!array_is_array(a))
        dvmh_fatal(e->file, e->line, "include_to names something that is not a distributed array");
    indirect_map m;
    indirect_map_of(a, &m);
    if (m.dim < 0 || m.space != e->map.space)
        dvmh_fatal(e->file, e->line, "include_to: the array created at %s:%d is not aligned with "
                   "the indirectly distributed dimension of shadow_add \"%s\"", a->file, a->line,
                   e->name);
    for (int k = 0; k < e->include_count; k++)
        if (e->include[k] == a)
            return;
    e->include = dvmh_xrealloc(e->include, sizeof *e->include * (size_t)(e->include_count + 1));
    e->include[e->include_count++] = a;
}

static int cmp_idx(const void *x, const void *y)
{
    dvmh_idx a = *(const dvmh_idx *)x, b = *(const dvmh_idx *)y;
    return a < b ? -1 : a > b;
}

static void edge_free(dvmh_shadow_edge *e)
{
    free(e->name);
    free(e->points);
    free(e->need_count);
    free(e->give_count);
    free(e->need);
    free(e->give);
    free(e->include);
    free(e);
}

/* The process number of grid coordinate c of the indirect dimension. */
static int process_of(const indirect_map *m, int c)
{
    return comm_grid_process(1, &m->procs, &c);
}

void dvmh_shadow_add_end(dvmh_shadow_edge *e)
{
    int procs = comm_process_count();
    if (e->count > 0) /* on one process no point is another's: no list at all */
        qsort(e->points, e->count, sizeof(dvmh_idx), cmp_idx);
    size_t n = 0;
    for (size_t k = 0; k < e->count; k++)
        if (n == 0 || e->points[n - 1] != e->points[k])
            e->points[n++] = e->points[k];
    /* the needed indices, grouped by their owner's process */
    e->need_count = dvmh_xcalloc((size_t)procs, sizeof(size_t));
    e->give_count = dvmh_xcalloc((size_t)procs, sizeof(size_t));
    e->need = dvmh_xmalloc(sizeof(dvmh_idx) * (n + 1));
    size_t *at = dvmh_xcalloc((size_t)procs + 1, sizeof(size_t));
    for (size_t k = 0; k < n; k++)
        at[process_of(&e->map, e->owner[e->points[k]]) + 1]++;
    for (int q = 0; q < procs; q++) {
        e->need_count[q] = at[q + 1];
        at[q + 1] += at[q];
    }
    for (size_t k = 0; k < n; k++)
        e->need[at[process_of(&e->map, e->owner[e->points[k]])]++] = e->points[k];
    free(at);
    free(e->points);
    e->points = NULL;
    /* each owner learns what it gives */
    size_t *sb = dvmh_xmalloc(sizeof(size_t) * (size_t)procs);
    size_t *rb = dvmh_xmalloc(sizeof(size_t) * (size_t)procs), total = 0;
    for (int q = 0; q < procs; q++)
        sb[q] = e->need_count[q] * sizeof(dvmh_idx);
    comm_exchange_sizes(sb, rb);
    for (int q = 0; q < procs; q++) {
        e->give_count[q] = rb[q] / sizeof(dvmh_idx);
        total += e->give_count[q];
    }
    e->give = dvmh_xmalloc(sizeof(dvmh_idx) * (total + 1));
    comm_exchange_bytes(e->need, sb, e->give, rb);
    free(sb);
    free(rb);
    /* a new edge of the same name on the same space replaces the old one;
     * edges of earlier distributions go too */
    for (dvmh_shadow_edge **p = &edges; *p;) {
        dvmh_shadow_edge *old = *p;
        if (old->map.space == e->map.space &&
            (!strcmp(old->name, e->name) || old->map.generation != e->map.generation)) {
            *p = old->next;
            edge_free(old);
        } else {
            p = &old->next;
        }
    }
    e->next = edges;
    edges = e;
}

static bool edge_includes(const dvmh_shadow_edge *e, const dvmh_array *a)
{
    for (int k = 0; k < e->include_count; k++)
        if (e->include[k] == a)
            return true;
    return false;
}

/* The elements of a at space index t: the slice along the other
 * dimensions (false: t has no element of a). */
static bool slice_box(const dvmh_array *a, dvmh_idx t, box *b)
{
    const indirect_map *m = &a->ind;
    if ((t - m->b) % m->a != 0)
        return false;
    dvmh_idx i = (t - m->b) / m->a;
    if (i < 0 || i >= a->size[m->dim])
        return false;
    b->rank = a->head.rank;
    for (int d = 0; d < b->rank; d++) {
        b->lo[d] = d == m->dim ? i : a->alloc_lo[d];
        b->hi[d] = d == m->dim ? i : a->alloc_hi[d];
    }
    return true;
}

/* Copies the slices of the listed space indices between the host copy and
 * buf (to_buf: out of the array); the bytes copied. */
static size_t copy_slices(dvmh_array *a, const dvmh_idx *list, size_t count, char *buf,
                          bool to_buf)
{
    size_t es = a->head.elem_size, at = 0;
    for (size_t k = 0; k < count; k++) {
        box b;
        if (!slice_box(a, list[k], &b))
            continue;
        dvmh_idx idx[DVMH_MAX_RANK];
        memcpy(idx, b.lo, sizeof idx);
        do {
            size_t row = (size_t)(b.hi[b.rank - 1] - b.lo[b.rank - 1] + 1) * es;
            char *mem = dvmh_elem_addr(a, idx);
            if (buf)
                memcpy(to_buf ? buf + at : mem, to_buf ? mem : buf + at, row);
            at += row;
        } while (box_next_row(&b, idx));
    }
    return at;
}

/* Marks the slices of the listed indices on the host: actual before they
 * are sent, written after they arrive (one box per element of a 1-D
 * array: skipped where the host copy is the only one). */
static void note_slices(dvmh_array *a, const dvmh_idx *list, size_t count, bool arrived)
{
    if (!a->var || var_host_only(a->var))
        return;
    for (size_t k = 0; k < count; k++) {
        box b;
        if (!slice_box(a, list[k], &b))
            continue;
        if (arrived)
            var_written(a->var, 0, &b);
        else
            var_actualize(a->var, 0, &b, MOVE_SHADOW);
    }
}

static size_t renew_one(dvmh_array *a, const dvmh_shadow_edge *e)
{
    int procs = comm_process_count();
    size_t gives = 0, needs = 0;
    for (int q = 0; q < procs; q++) {
        gives += e->give_count[q];
        needs += e->need_count[q];
    }
    note_slices(a, e->give, gives, false);
    size_t *sb = dvmh_xmalloc(sizeof(size_t) * (size_t)procs);
    size_t *rb = dvmh_xmalloc(sizeof(size_t) * (size_t)procs);
    size_t send_total = 0, recv_total = 0, sent = 0;
    const dvmh_idx *g = e->give, *nd = e->need;
    for (int q = 0; q < procs; q++) {
        sb[q] = copy_slices(a, g, e->give_count[q], NULL, true);
        rb[q] = copy_slices(a, nd, e->need_count[q], NULL, false);
        g += e->give_count[q];
        nd += e->need_count[q];
        send_total += sb[q];
        recv_total += rb[q];
        if (q != comm_process_rank())
            sent += sb[q];
    }
    char *send = dvmh_xmalloc(send_total + 1), *recv = dvmh_xmalloc(recv_total + 1);
    copy_slices(a, e->give, gives, send, true);
    comm_exchange_bytes(send, sb, recv, rb);
    copy_slices(a, e->need, needs, recv, false);
    note_slices(a, e->need, needs, true);
    free(send);
    free(recv);
    free(sb);
    free(rb);
    return sent;
}

size_t indirect_renew_edge(const char *file, int line, dvmh_array *a, const char *name)
{
    if (a->ind.dim < 0) {
        if (name)
            dvmh_fatal(file, line, "shadow_renew of edge \"%s\" of an array (created at %s:%d) "
                       "that has no indirectly distributed dimension", name, a->file, a->line);
        return 0;
    }
    double t0 = dvmh_wtime();
    size_t sent = 0;
    bool found = false;
    for (dvmh_shadow_edge *e = edges; e; e = e->next) {
        if (e->map.space != a->ind.space || (name && strcmp(e->name, name)) ||
            (!name && e->map.generation != a->ind.generation))
            continue;
        if (!edge_includes(e, a)) {
            if (name)
                dvmh_fatal(file, line, "shadow_renew: the shadow edge \"%s\" does not include the "
                           "array created at %s:%d (name it in shadow_add's include_to)", name,
                           a->file, a->line);
            continue;
        }
        if (e->map.generation != a->ind.generation)
            dvmh_fatal(file, line, "shadow_renew: the shadow edge \"%s\" (added at %s:%d) was "
                       "computed for a distribution that has changed since (add it again)",
                       e->name, e->file, e->line);
        found = true;
        sent += renew_one(a, e);
    }
    if (name && !found)
        dvmh_fatal(file, line, "shadow_renew: no shadow edge \"%s\" was added to the array created "
                   "at %s:%d (shadow_add(...) = \"%s\" include_to(...))", name, a->file, a->line,
                   name);
    if (a->var)
        var_count_processes(a->var, MOVE_SHADOW, sent, t0);
    return sent;
}
