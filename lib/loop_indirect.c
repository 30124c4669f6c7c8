/* loop_indirect.c: a parallel loop on an indirectly distributed dimension
 * runs exactly the iterations whose 'on' index this process owns: one
 * piece (divided between the devices as any local part) per run of
 * consecutive owned iterations. */
#include "indirect.h"
#include "array.h"
#include "loop.h"

static const char *target_name(const dvmh_loop *l)
{
    return l->target_name ? l->target_name : "the target";
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
    dvmh_idx first = l->first[d], last = l->last[d], step = l->step[d];
    dvmh_idx extent = object_extent(l->target, m.dim);
    dvmh_idx run_first = 0, run_last = 0;
    bool in_run = false;
    for (dvmh_idx v = first; step > 0 ? v <= last : v >= last; v += step) {
        dvmh_idx x = r->a * v + r->b;
        if (x < 0 || x >= extent)
            dvmh_fatal(l->file, l->line, "the parallel loop's iteration %lld is mapped on index "
                       "%lld of %s's indirectly distributed dimension %d, outside its range "
                       "0..%lld: it has no owner", (long long)v, (long long)x, target_name(l),
                       m.dim + 1, (long long)(extent - 1));
        bool mine = indirect_owns(&m, x);
        if (mine && !in_run)
            run_first = v;
        if (mine)
            run_last = v;
        if (in_run && !mine) {
            l->first[d] = run_first;
            l->last[d] = run_last;
            run(l);
        }
        in_run = mine;
    }
    if (in_run) {
        l->first[d] = run_first;
        l->last[d] = run_last;
        run(l);
    }
    l->first[d] = first;
    l->last[d] = last;
    return true;
}
