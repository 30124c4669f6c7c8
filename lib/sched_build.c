/* sched_build.c: the whole-program scheme of the dynamic mode: one split
 * per launch variant, weighing each variant's time under the split against
 * the cost of moving its data from and to the variants around it
 * (lib/sched_model.h, sched_build_scheme). */
#include "sched_internal.h"
#include "alloc.h"

#include <math.h>
#include <string.h>

#define MAX_SWEEPS 100

typedef struct build_edge {
    int from, to;                   /* indices into the model's variants */
    double count, bytes;            /* transitions; mean bytes */
} build_edge;

typedef struct build {
    sched_model *m;
    sched_cost_fn cost;
    void *ctx;
    bool *ready;                    /* per variant: in the scheme */
    double (*own)[SCHED_MAX_DEVICES];   /* each variant's best split alone */
    double (*cur)[SCHED_MAX_DEVICES];   /* the split being improved */
    double common[SCHED_MAX_DEVICES];
    build_edge *edges;
    int nedges;
} build;

static double default_cost(void *ctx, int ndev, const double *from, const double *to,
                           double bytes)
{
    const sched_model *m = ctx;
    double moved = sched_split_moved(ndev, from, to);
    if (!(bytes > 0) || moved <= 1e-12)
        return 0;
    return m->latency + moved * bytes / m->bandwidth;
}

/* A variant's loops have all run and been timed on every device offered. */
static bool variant_ready(const sched_variant *v)
{
    if (v->entries == 0)
        return false;
    for (int k = 0; k < v->nloops; k++) {
        const sched_loop *l = v->loops[k];
        if (l->runs == 0)
            return false;
        for (int d = 0; d < v->model->ndev; d++)
            if ((l->usable & (1u << d)) && !sched_loop_timed(l, d))
                return false;
    }
    return true;
}

bool sched_variant_needs_scheme(const sched_variant *v)
{
    if (v->model->scheme_mode || v->is_host || v->nloops == 0 || v->nloops == v->scheme_loops ||
        !variant_ready(v))
        return false;
    for (int k = 0; k < v->nloops; k++)
        if (v->loops[k]->runs < SCHED_EXPLORE_RUNS)
            return false;
    return true;
}

/* Seconds of one run of l when the variant's split is s: the devices that
 * can run l share it in proportion to s; INFINITY when s gives them
 * nothing. */
static double loop_time(const sched_loop *l, int ndev, const double *s)
{
    double sum = 0, w = l->work_sum / (double)l->runs, finish = 0;
    for (int d = 0; d < ndev; d++)
        if (l->usable & (1u << d))
            sum += s[d];
    if (!(sum > 0))
        return INFINITY;
    for (int d = 0; d < ndev; d++)
        if ((l->usable & (1u << d)) && s[d] > 0)
            finish = fmax(finish, sched_predict(l, d, w * s[d] / sum, NULL));
    return finish;
}

/* Seconds of one entry of v under split s: its constant time, its loops
 * under s, and for its loops on one device the move of their data
 * between that device and the split, there and back. */
static double variant_time(const sched_variant *v, const double *s)
{
    const sched_model *m = v->model;
    double t = v->serial_sum / (double)v->entries;
    for (int k = 0; k < v->nfixed; k++) {
        const sched_fixed *f = &v->fixed[k];
        double moved = 1 - s[f->device];
        if (moved > 1e-12 && f->bytes > 0)
            t += (double)f->runs / (double)v->entries * 2 *
                 (m->latency + moved * f->bytes / m->bandwidth);
    }
    for (int k = 0; k < v->nloops; k++) {
        const sched_loop *l = v->loops[k];
        t += (double)l->runs / (double)v->entries * loop_time(l, v->model->ndev, s);
    }
    return t;
}

/* Devices' summed time functions over a set of loops: device d doing
 * fraction f of every loop (the split a set of variants shares), each loop
 * weighed by its runs. */
typedef struct aggregate {
    const sched_loop *const *loops;
    int nloops;
    int devs[SCHED_MAX_DEVICES];
} aggregate;

static double aggregate_time(void *arg, int k, double f)
{
    const aggregate *a = arg;
    double t = 0;
    int d = a->devs[k];
    for (int j = 0; j < a->nloops; j++) {
        const sched_loop *l = a->loops[j];
        if (l->usable & (1u << d))
            t += (double)l->runs * sched_predict(l, d, f * l->work_sum / (double)l->runs, NULL);
    }
    return t;
}

/* The split balancing the summed time functions of loops (over the devices
 * any of them can use); all on the host when there are none. */
static void aggregate_split(const sched_model *m, const sched_loop *const *loops, int nloops,
                            double *s)
{
    aggregate a = {loops, nloops, {0}};
    unsigned used = 0;
    for (int j = 0; j < nloops; j++)
        used |= loops[j]->usable;
    int n = 0;
    for (int d = 0; d < m->ndev; d++)
        if (used & (1u << d))
            a.devs[n++] = d;
    memset(s, 0, sizeof(double) * SCHED_MAX_DEVICES);
    if (n == 0) {
        s[0] = 1;
        return;
    }
    double f[SCHED_MAX_DEVICES];
    sched_balance(n, aggregate_time, &a, 1.0, f);
    for (int k = 0; k < n; k++)
        s[a.devs[k]] = f[k];
}

/* A variant's best split alone: the balance of its summed loops, one
 * loop's own balance, or all on one device, whichever its time says is
 * faster. */
static void own_split(const sched_model *m, const sched_variant *v, double *s)
{
    aggregate_split(m, (const sched_loop *const *)v->loops, v->nloops, s);
    double best = variant_time(v, s);
    for (int d = 0; d < m->ndev; d++) {
        double c[SCHED_MAX_DEVICES] = {0};
        c[d] = 1;
        double t = variant_time(v, c);
        if (t < best) {
            best = t;
            memcpy(s, c, sizeof c);
        }
    }
    for (int j = 0; j < v->nloops; j++) {
        double c[SCHED_MAX_DEVICES];
        aggregate_split(m, (const sched_loop *const *)&v->loops[j], 1, c);
        double t = variant_time(v, c);
        if (t < best) {
            best = t;
            memcpy(s, c, sizeof c);
        }
    }
}

static double edge_cost(const build *b, const build_edge *e, const double *from,
                        const double *to)
{
    return e->count * b->cost(b->ctx, b->m->ndev, from, to, e->bytes);
}

/* The split of variant i in the current assignment, s for i itself. */
static const double *split_of(const build *b, int i, int self, const double *s)
{
    return i == self ? s : b->cur[i];
}

/* What variant vi adds to the total with split s: its entries' time and
 * its transitions from and to the variants around it. */
static double local_cost(const build *b, int vi, const double *s)
{
    const sched_variant *v = b->m->vars[vi];
    double c = (double)v->entries * variant_time(v, s);
    for (int e = 0; e < b->nedges; e++) {
        const build_edge *x = &b->edges[e];
        if (x->from == vi || x->to == vi)
            c += edge_cost(b, x, split_of(b, x->from, vi, s), split_of(b, x->to, vi, s));
    }
    return c;
}

static double total_cost(const build *b)
{
    double c = 0;
    for (int i = 0; i < b->m->nvars; i++)
        if (b->ready[i] && !b->m->vars[i]->is_host)
            c += (double)b->m->vars[i]->entries * variant_time(b->m->vars[i], b->cur[i]);
    for (int e = 0; e < b->nedges; e++)
        c += edge_cost(b, &b->edges[e], b->cur[b->edges[e].from], b->cur[b->edges[e].to]);
    return c;
}

/* Tries split s for variant vi; keeps it when it lowers the total. */
static bool try_split(build *b, int vi, const double *s, double *best)
{
    double c = local_cost(b, vi, s);
    if (!(c < *best * (1 - 1e-9)))
        return false;
    *best = c;
    memcpy(b->cur[vi], s, sizeof(double) * SCHED_MAX_DEVICES);
    return true;
}

/* One pass of iterative improvement over variant vi: its own split, the
 * common one, those of the variants around it and blends of them. */
static bool improve(build *b, int vi)
{
    int ndev = b->m->ndev;
    double best = local_cost(b, vi, b->cur[vi]), s[SCHED_MAX_DEVICES];
    bool changed = try_split(b, vi, b->own[vi], &best);
    changed |= try_split(b, vi, b->common, &best);
    for (int e = 0; e < b->nedges; e++) {
        const build_edge *x = &b->edges[e];
        if (x->from != vi && x->to != vi)
            continue;
        int other = x->from == vi ? x->to : x->from;
        if (other == vi)
            continue;
        double near[SCHED_MAX_DEVICES];
        memcpy(near, b->cur[other], sizeof near);
        changed |= try_split(b, vi, near, &best);
        for (int q = 1; q < 4; q++) {
            double f = q / 4.0;
            for (int d = 0; d < SCHED_MAX_DEVICES; d++)
                s[d] = d < ndev ? (1 - f) * b->own[vi][d] + f * near[d] : 0;
            changed |= try_split(b, vi, s, &best);
        }
    }
    return changed;
}

static void start_from(build *b, bool own)
{
    for (int i = 0; i < b->m->nvars; i++)
        if (b->ready[i] && !b->m->vars[i]->is_host)
            memcpy(b->cur[i], own ? b->own[i] : b->common, sizeof b->cur[i]);
}

static double optimise(build *b)
{
    for (int sweep = 0; sweep < MAX_SWEEPS; sweep++) {
        bool changed = false;
        for (int i = 0; i < b->m->nvars; i++)
            if (b->ready[i] && !b->m->vars[i]->is_host)
                changed |= improve(b, i);
        if (!changed)
            break;
    }
    return total_cost(b);
}

/* The transitions between variants that both take part. */
static void collect_edges(build *b)
{
    sched_model *m = b->m;
    int cap = 0;
    for (int i = 0; i < m->nvars; i++)
        cap += m->vars[i]->npreds;
    b->edges = dvmh_xcalloc((size_t)cap, sizeof *b->edges);
    for (int i = 0; i < m->nvars; i++) {
        const sched_variant *v = m->vars[i];
        for (int p = 0; p < v->npreds; p++) {
            const sched_edge *e = &v->preds[p];
            if (!b->ready[i] || !b->ready[e->from->index] || e->from->index == i)
                continue;
            b->edges[b->nedges++] = (build_edge){e->from->index, i, (double)e->count,
                                                 e->bytes_sum / (double)e->count};
        }
    }
}

/* Stores the found splits in the variants and their loops. */
static void apply(build *b)
{
    sched_model *m = b->m;
    for (int i = 1; i < m->nvars; i++) {
        sched_variant *v = m->vars[i];
        v->in_scheme = b->ready[i];
        v->scheme_loops = b->ready[i] ? v->nloops : -1;
        for (int k = 0; k < v->nloops; k++)
            v->loops[k]->in_scheme = false;
        if (!b->ready[i])
            continue;
        memcpy(v->split, b->cur[i], sizeof v->split);
        for (int k = 0; k < v->nloops; k++) {
            sched_loop *l = v->loops[k];
            double sum = 0, w = l->work_sum / (double)l->runs;
            for (int d = 0; d < m->ndev; d++)
                sum += l->usable & (1u << d) ? v->split[d] : 0;
            if (!(sum > 0))
                continue; /* left to the model */
            l->in_scheme = true;
            for (int d = 0; d < m->ndev; d++) {
                l->scheme_fraction[d] = l->usable & (1u << d) ? v->split[d] / sum : 0;
                l->scheme_handler[d] = 0;
                sched_predict(l, d, w * l->scheme_fraction[d], &l->scheme_handler[d]);
            }
        }
    }
}

double sched_build_scheme(sched_model *m, sched_cost_fn cost, void *ctx)
{
    build b = {m, cost ? cost : default_cost, cost ? ctx : m, NULL, NULL, NULL, {0}, NULL, 0};
    size_t nv = (size_t)m->nvars;
    b.ready = dvmh_xcalloc(nv, sizeof *b.ready);
    b.own = dvmh_xcalloc(nv, sizeof *b.own);
    b.cur = dvmh_xcalloc(nv, sizeof *b.cur);
    int *part = dvmh_xcalloc(nv, sizeof *part), nready = 0;
    b.ready[0] = true; /* host sections: fixed, all on the host */
    memcpy(b.cur[0], m->vars[0]->split, sizeof b.cur[0]);
    for (int i = 1; i < m->nvars; i++)
        if ((b.ready[i] = variant_ready(m->vars[i])))
            part[nready++] = i;
    int nloops = 0;
    for (int i = 0; i < nready; i++)
        nloops += m->vars[part[i]]->nloops;
    const sched_loop **loops = dvmh_xcalloc((size_t)nloops, sizeof *loops);
    nloops = 0;
    for (int i = 0; i < nready; i++)
        for (int j = 0; j < m->vars[part[i]]->nloops; j++)
            loops[nloops++] = m->vars[part[i]]->loops[j];
    aggregate_split(m, loops, nloops, b.common);
    free(loops);
    for (int i = 0; i < nready; i++)
        own_split(m, m->vars[part[i]], b.own[part[i]]);
    collect_edges(&b);
    start_from(&b, true);
    double total = optimise(&b);
    double (*first)[SCHED_MAX_DEVICES] = b.cur;
    b.cur = dvmh_xcalloc(nv, sizeof *b.cur);
    memcpy(b.cur[0], first[0], sizeof b.cur[0]);
    start_from(&b, false);
    double other = optimise(&b);
    if (!(other < total)) {
        free(b.cur);
        b.cur = first;
    } else {
        free(first);
        total = other;
    }
    apply(&b);
    /* a periodic build doubles the interval; one for a variant that
     * became ready (sched_variant_needs_scheme) leaves it */
    if (m->entries >= m->next_rebuild) {
        m->rebuild_every = m->rebuild_every < 1024 ? 2 * m->rebuild_every : 1024;
        m->next_rebuild = m->entries + m->rebuild_every;
    }
    free(b.ready);
    free(b.own);
    free(b.cur);
    free(b.edges);
    free(part);
    return total;
}
