/* loop_indirect.c: a parallel loop on an indirectly distributed dimension
 * runs exactly the iterations whose 'on' index this process owns: one
 * handler call per run of consecutive owned iterations, all on one device
 * of the process (its data made current there once, what the loop wrote
 * recorded once), so that a scattered partition costs no bookkeeping per
 * run; on the host the piece is set up once and the handler called
 * straight for each run (piece_run_ranges). */
#include "indirect.h"
#include "alloc.h"
#include "array.h"
#include "compare.h"
#include "device.h"
#include "loop.h"

#include <stdlib.h>

/* Runs shorter than this go to one host thread: waking a team of threads
 * for a few iterations costs more than the iterations. */
#define SHORT_RUN 512

typedef struct run_list {
    dvmh_idx (*runs)[2];
    size_t count, cap;
} run_list;

static void add_run(run_list *r, dvmh_idx first, dvmh_idx last)
{
    if (r->count == r->cap) {
        r->cap = r->cap ? 2 * r->cap : 16;
        r->runs = dvmh_xrealloc(r->runs, sizeof *r->runs * r->cap);
    }
    r->runs[r->count][0] = first;
    r->runs[r->count][1] = last;
    r->count++;
}

static const char *target_name(const dvmh_loop *l)
{
    return l->target_name ? l->target_name : "the target";
}

/* The owned iterations of loop dimension d (mapped by r on the target's
 * indirect dimension of map m), as runs in the loop's order. */
static void owned_runs(dvmh_loop *l, const indirect_map *m, const dvmh_rule *r, int d,
                       run_list *out)
{
    dvmh_idx first = l->first[d], last = l->last[d], step = l->step[d];
    dvmh_idx extent = object_extent(l->target, m->dim);
    dvmh_idx run_first = 0, run_last = 0;
    bool in_run = false;
    for (dvmh_idx v = first; step > 0 ? v <= last : v >= last; v += step) {
        dvmh_idx x = r->a * v + r->b;
        if (x < 0 || x >= extent)
            dvmh_fatal(l->file, l->line, "the parallel loop's iteration %lld is mapped on index "
                       "%lld of %s's indirectly distributed dimension %d, outside its range "
                       "0..%lld: it has no owner", (long long)v, (long long)x, target_name(l),
                       m->dim + 1, (long long)(extent - 1));
        bool mine = indirect_owns(m, x);
        if (mine && !in_run)
            run_first = v;
        if (mine)
            run_last = v;
        if (in_run && !mine)
            add_run(out, run_first, run_last);
        in_run = mine;
    }
    if (in_run)
        add_run(out, run_first, run_last);
}

/* Every run on the device of the region that would take the largest
 * share of the loop's span. */
static void run_on_one_device(dvmh_loop *l, int d, const run_list *rl)
{
    l->first[d] = rl->runs[0][0];
    l->last[d] = rl->runs[rl->count - 1][1];
    loop_piece pieces[DEVICE_MAX];
    int n = piece_make(l, pieces), best = 0;
    for (int k = 1; k < n; k++)
        if (device_get(pieces[k].device)->weight > device_get(pieces[best].device)->weight)
            best = k;
    loop_piece span = pieces[best];
    for (int e = 0; e < l->rank; e++) {
        span.first[e] = l->first[e];
        span.last[e] = l->last[e];
    }
    piece_actualize(l, &span);
    if (device_get(span.device)->kind == DEVICE_HOST) {
        piece_run_ranges(l, &span, d, (const dvmh_idx(*)[2])rl->runs, rl->count, SHORT_RUN);
        red_fold(l);
    } else {
        for (size_t k = 0; k < rl->count; k++) {
            loop_piece p = span;
            p.first[d] = rl->runs[k][0];
            p.last[d] = rl->runs[k][1];
            l->thread_limit = (p.last[d] - p.first[d]) / l->step[d] + 1 < SHORT_RUN ? 1 : 0;
            piece_run(l, &p);
            red_fold(l);
        }
        l->thread_limit = 0;
    }
    /* the span's elements between the runs belong to other processes:
     * their values here are not current anyway (a shadow renewal brings
     * them), so the whole span may be recorded as written on the device */
    piece_written(l, &span);
}

bool indirect_loop_runs(dvmh_loop *l, void (*run)(dvmh_loop *l))
{
    if (!l->target)
        return false;
    indirect_map m;
    indirect_map_of(l->target, &m);
    if (m.dim < 0 || m.procs == 1)
        return false; /* one process owns every index: the ordinary local part */
    const dvmh_rule *r = &l->rules[m.dim];
    if (r->kind != DVMH_RULE_LINEAR)
        dvmh_fatal(l->file, l->line, "not supported yet: a parallel loop on %s whose subscript of "
                   "its indirectly distributed dimension %d is not a loop variable",
                   target_name(l), m.dim + 1);
    int d = r->dim;
    dvmh_idx first = l->first[d], last = l->last[d];
    run_list rl = {0};
    owned_runs(l, &m, r, d, &rl);
    if (rl.count > 0 && compare_enabled()) {
        /* comparative debugging compares each run's pieces */
        for (size_t k = 0; k < rl.count; k++) {
            l->first[d] = rl.runs[k][0];
            l->last[d] = rl.runs[k][1];
            run(l);
        }
    } else if (rl.count > 0) {
        run_on_one_device(l, d, &rl);
    }
    free(rl.runs);
    l->first[d] = first;
    l->last[d] = last;
    return true;
}
