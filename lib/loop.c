/* loop.c: parallel loops: built from their clauses, then run through their
 * stages: exchanges between processes (loop_comm.c), the local part in
 * pieces on the devices (loop_piece.c, or compare.c's comparative run),
 * and the reductions (loop_reduce.c). */
#include "loop.h"
#include "alloc.h"
#include "array.h"
#include "check.h"
#include "comm.h"
#include "compare.h"
#include "context.h"
#include "data.h"
#include "device.h"
#include "reduce.h"
#include "stats.h"
#include "trace.h"

#include <stdlib.h>
#include <string.h>

/* The exact last iteration value, or first - step when there is none. */
static dvmh_idx last_iteration(dvmh_idx first, dvmh_idx bound, dvmh_idx step)
{
    if (step > 0)
        return bound < first ? first - step : first + (bound - first) / step * step;
    return bound > first ? first - step : first - (first - bound) / (-step) * (-step);
}

dvmh_loop *dvmh_loop_create(const char *file, int line, int rank, const dvmh_idx *lo,
                            const dvmh_idx *hi, const dvmh_idx *step)
{
    if (rank < 1 || rank > DVMH_MAX_RANK)
        dvmh_fatal(file, line, "parallel loop rank %d is out of range", rank);
    dvmh_loop *l = dvmh_xcalloc(1, sizeof *l);
    l->file = file;
    l->line = line;
    l->rank = rank;
    for (int d = 0; d < rank; d++) {
        if (step[d] == 0)
            dvmh_fatal(file, line, "parallel loop with a zero step");
        l->first[d] = lo[d];
        l->step[d] = step[d];
        l->last[d] = last_iteration(lo[d], hi[d], step[d]);
    }
    return l;
}

int dvmh_loop_final(const dvmh_loop *l, int dim, dvmh_idx *value)
{
    for (int d = 0; d < dim; d++)
        if (l->step[d] > 0 ? l->last[d] < l->first[d] : l->last[d] > l->first[d])
            return 0;
    /* an empty dimension's last is first - step: the variable stays first */
    *value = l->last[dim] + l->step[dim];
    return 1;
}

void dvmh_loop_map(dvmh_loop *l, void *target, const dvmh_rule *rules)
{
    if (!array_is_array(target) && !array_is_template(target))
        dvmh_fatal(l->file, l->line, "'on' names something that is not a distributed array "
                                     "or template");
    int trank = object_rank(target);
    for (int k = 0; k < trank; k++) {
        if (rules[k].kind == DVMH_RULE_LINEAR && (rules[k].dim < 0 || rules[k].dim >= l->rank))
            dvmh_fatal(l->file, l->line, "'on' rule names loop dimension %d", rules[k].dim + 1);
        l->rules[k] = rules[k];
    }
    l->target = target;
}

int dvmh_loop_array(dvmh_loop *l, dvmh_array *a, unsigned access)
{
    if (!array_is_array(a))
        dvmh_fatal(l->file, l->line, "a parallel loop uses a distributed array that does not "
                                     "exist (yet)");
    if (!a->allocated)
        dvmh_fatal(l->file, l->line, "a parallel loop uses a distributed array that is not "
                                     "allocated or distributed");
    if (access & DVMH_WRITE)
        array_changed(a);
    l->data = dvmh_xrealloc(l->data, sizeof *l->data * (size_t)(l->data_count + 1));
    l->data[l->data_count] = (loop_data){.array = a, .rank = a->head.rank,
                                         .elem_size = a->head.elem_size, .access = access,
                                         .var = a->var, .type = a->type};
    for (int k = 0; k < DVMH_MAX_RANK; k++)
        l->data[l->data_count].reach_dim[k] = -1;
    return l->data_count++;
}

int dvmh_loop_data(dvmh_loop *l, const void *addr, int rank, const dvmh_idx *ext,
                   size_t elem_size, unsigned access)
{
    l->data = dvmh_xrealloc(l->data, sizeof *l->data * (size_t)(l->data_count + 1));
    loop_data *d = &l->data[l->data_count];
    *d = (loop_data){.addr = addr, .rank = rank, .elem_size = elem_size, .access = access,
                     .type = DVMH_T_OTHER};
    for (int k = 0; k < DVMH_MAX_RANK; k++)
        d->reach_dim[k] = -1;
    for (int k = 0; k < rank; k++)
        d->ext[k] = ext[k];
    dvmh_idx lead;
    d->var = data_var(l->file, l->line, addr, rank, ext, elem_size, &lead);
    if (d->var)
        d->ext[0] = lead;
    return l->data_count++;
}

int dvmh_loop_scalar(dvmh_loop *l, const void *addr, size_t size)
{
    (void)size;
    l->scalars = dvmh_xrealloc(l->scalars, sizeof *l->scalars * (size_t)(l->scalar_count + 1));
    l->scalars[l->scalar_count] = addr;
    return l->scalar_count++;
}

void dvmh_loop_reduction(dvmh_loop *l, int op, int type, void *var, int count, void *loc,
                         int loc_count, size_t loc_elem_size)
{
    if (reduce_type_size(type) == 0)
        dvmh_fatal(l->file, l->line, "reduction variable of a type that cannot be reduced");
    if (count < 1)
        count = 1;
    l->reds = dvmh_xrealloc(l->reds, sizeof *l->reds * (size_t)(l->red_count + 1));
    loop_reduction *r = &l->reds[l->red_count++];
    *r = (loop_reduction){.op = op, .type = type, .count = count, .var = var, .loc = loc};
    r->var_bytes = reduce_type_size(type) * (size_t)count;
    r->loc_bytes = loc ? (size_t)loc_count * loc_elem_size : 0;
    r->loc_elem = loc ? loc_elem_size : 0;
}

void dvmh_loop_shadow_renew(dvmh_loop *l, int data, const dvmh_idx *lo, const dvmh_idx *hi,
                            int corner)
{
    if (data < 0 || data >= l->data_count || !l->data[data].array)
        dvmh_fatal(l->file, l->line, "shadow_renew of something that is not a distributed array");
    l->shadows = dvmh_xrealloc(l->shadows, sizeof *l->shadows * (size_t)(l->shadow_count + 1));
    loop_shadow *s = &l->shadows[l->shadow_count++];
    memset(s, 0, sizeof *s);
    s->data = data;
    s->all = !lo;
    s->corner = corner;
    const dvmh_array *a = l->data[data].array;
    bool dist[DVMH_MAX_RANK];
    if (lo)
        array_distributed_dims(a, dist);
    for (int d = 0; lo && d < l->data[data].rank; d++) {
        s->lo[d] = lo[d];
        s->hi[d] = hi[d];
        /* wider than the edges: the elements beyond them are not there
         * (along a dimension not divided the renewal has nothing to do) */
        dvmh_idx wlo = array_shadow_width(a, d, false), whi = array_shadow_width(a, d, true);
        if (dist[d] && (lo[d] > wlo || hi[d] > whi))
            dvmh_fatal(l->file, l->line,
                       "shadow_renew of %s with widths [%lld:%lld] in dimension %d, wider than "
                       "its shadow edges there [%lld:%lld] (declare them with shadow[...])",
                       a->name[0] ? a->name : "an array", (long long)lo[d], (long long)hi[d],
                       d + 1, (long long)wlo, (long long)whi);
    }
}

void dvmh_loop_shadow_renew_edge(dvmh_loop *l, int data, const char *name)
{
    dvmh_loop_shadow_renew(l, data, NULL, NULL, 0);
    l->shadows[l->shadow_count - 1].edge = name;
}

void dvmh_loop_across(dvmh_loop *l, int data, const dvmh_idx *flow, const dvmh_idx *anti,
                      int out)
{
    (void)out;
    if (data < 0 || data >= l->data_count)
        dvmh_fatal(l->file, l->line, "across of unknown data");
    l->ordered = true;
    /* Ordinary data is replicated and its loop is not divided between
     * processes: the handler keeps the order, nothing to pipeline. */
    if (!l->data[data].array) {
        l->across_ordinary = true;
        l->ord_across++;
        return;
    }
    indirect_refuse(l->file, l->line, l->data[data].array, "across");
    l->across = true;
    l->acrosses = dvmh_xrealloc(l->acrosses, sizeof *l->acrosses * (size_t)(l->across_count + 1));
    loop_across *x = &l->acrosses[l->across_count++];
    memset(x, 0, sizeof *x);
    x->data = data;
    /* across(A) without widths: the widths of A's shadow edges */
    const dvmh_array *a = l->data[data].array;
    for (int d = 0; d < l->data[data].rank; d++) {
        x->flow[d] = flow ? flow[d] : array_shadow_width(a, d, false);
        x->anti[d] = anti ? anti[d] : array_shadow_width(a, d, true);
    }
}

dvmh_idx dvmh_loop_across_width(const dvmh_piece *p, int data, int dim)
{
    const dvmh_loop *l = p->internal->loop;
    dvmh_idx w = 0;
    for (int x = 0; x < l->across_count; x++) {
        const loop_across *ac = &l->acrosses[x];
        if (ac->data == data && dim >= 0 && dim < l->data[data].rank) {
            w = ac->flow[dim] > w ? ac->flow[dim] : w;
            w = ac->anti[dim] > w ? ac->anti[dim] : w;
        }
    }
    return w;
}

void dvmh_loop_across_skewed(dvmh_loop *l, int data)
{
    for (int x = 0; x < l->across_count; x++)
        if (l->acrosses[x].data == data)
            l->acrosses[x].skewed = true;
}

void dvmh_loop_across_dims(dvmh_loop *l, int data, const dvmh_idx *widths, int skewed)
{
    if (data < 0 || data >= l->data_count || l->data[data].array)
        dvmh_fatal(l->file, l->line, "across widths of unknown ordinary data");
    for (int d = 0; d < l->rank; d++)
        if (widths[d] > l->ord_width[d])
            l->ord_width[d] = widths[d];
    l->ord_skewed |= skewed != 0;
    l->ord_described++;
}

void dvmh_loop_remote(dvmh_loop *l, int data, const dvmh_rule *rules)
{
    if (data < 0 || data >= l->data_count)
        dvmh_fatal(l->file, l->line, "remote_access of unknown data");
    if (!l->data[data].array)
        return; /* ordinary data is replicated: every element is local */
    indirect_refuse(l->file, l->line, l->data[data].array, "remote_access");
    l->remotes = dvmh_xrealloc(l->remotes, sizeof *l->remotes * (size_t)(l->remote_count + 1));
    l->remote_rules =
        dvmh_xrealloc(l->remote_rules, sizeof *l->remote_rules * (size_t)(l->remote_count + 1));
    l->remotes[l->remote_count] = data;
    memcpy(l->remote_rules[l->remote_count], rules,
           sizeof(dvmh_rule) * (size_t)l->data[data].rank);
    l->remote_count++;
}

void dvmh_loop_tie(dvmh_loop *l, int data, const dvmh_rule *rules)
{
    if (data < 0 || data >= l->data_count)
        dvmh_fatal(l->file, l->line, "tie of unknown data");
    loop_data *d = &l->data[data];
    for (int k = 0; k < d->rank; k++) {
        if (rules[k].kind == DVMH_RULE_LINEAR && (rules[k].dim < 0 || rules[k].dim >= l->rank))
            dvmh_fatal(l->file, l->line, "'tie' rule names loop dimension %d", rules[k].dim + 1);
        d->map[k] = rules[k];
    }
    d->tied = true;
}

void dvmh_loop_describe(dvmh_loop *l, int data, const char *name, int type)
{
    if (data == -1) {
        l->target_name = name;
        return;
    }
    if (data < 0 || data >= l->data_count)
        dvmh_fatal(l->file, l->line, "description of unknown data");
    l->data[data].name = name;
    if (type >= 0)
        l->data[data].type = type;
}

void dvmh_loop_reach(dvmh_loop *l, int data, const int *loop_dim, const dvmh_idx *lo,
                     const dvmh_idx *hi)
{
    if (data < 0 || data >= l->data_count)
        dvmh_fatal(l->file, l->line, "reach of unknown data");
    loop_data *d = &l->data[data];
    for (int k = 0; k < d->rank; k++) {
        d->reach_dim[k] = loop_dim[k] < l->rank ? loop_dim[k] : -1;
        d->reach_lo[k] = lo[k];
        d->reach_hi[k] = hi[k];
    }
}

void dvmh_loop_stage(dvmh_loop *l, dvmh_idx stage)
{
    if (stage < 0)
        dvmh_fatal(l->file, l->line, "stage(%lld) must not be negative", (long long)stage);
    l->stage = stage;
}

void dvmh_loop_host_only(dvmh_loop *l)
{
    l->host_only = true;
}

void dvmh_loop_cuda_block(dvmh_loop *l, int x, int y, int z)
{
    if (x <= 0 || y <= 0 || z <= 0)
        dvmh_fatal(l->file, l->line, "cuda_block sizes must be positive (got %d, %d, %d)", x, y, z);
}

void dvmh_loop_handler(dvmh_loop *l, int device_kind, dvmh_handler fn)
{
    if (device_kind == DVMH_DEV_HOST)
        l->host_handler = fn;
    else if (device_kind == DVMH_DEV_CUDA)
        l->cuda_handler = fn;
}

/* The local part on the devices of the region: each piece gets its data
 * actualized, runs, and owns what it wrote; with comparative debugging,
 * the accelerators' results are checked against the host's. */
static void run_local_part(dvmh_loop *l)
{
    loop_piece pieces[DEVICE_MAX];
    int n = piece_make(l, pieces);
    bool accelerators = false;
    for (int k = 0; k < n; k++)
        accelerators |= pieces[k].device != 0;
    if (accelerators && compare_enabled())
        compare_run(l, pieces, n);
    else
        piece_run_all(l, pieces, n);
}

/* Ordinary (replicated) data a loop divided between processes wrote: each
 * process's copy holds only its own iterations' elements, which a
 * sequential program would have in every copy. With 'tie' the written part
 * of each process is known (the tie's image of its iterations), and the
 * processes exchange those parts; without it the loop stops, naming the
 * variable. Collective: every process of the group runs the same loops. */
static void share_ordinary_writes(dvmh_loop *l, bool has_part)
{
    if (!l->target || comm_process_count() < 2)
        return;
    bool writes = false;
    for (int k = 0; k < l->data_count; k++)
        writes |= !l->data[k].array && (l->data[k].access & DVMH_WRITE);
    if (!writes)
        return;
    /* divided: the processes' iterations differ (every process computes
     * the same set for a loop its target does not divide) */
    double bounds[2 * (2 * DVMH_MAX_RANK + 1)]; /* the values, then their negations */
    int count = 2 * l->rank + 1;
    for (int x = 0; x < l->rank; x++) {
        bounds[2 * x] = has_part ? (double)l->first[x] : -1;
        bounds[2 * x + 1] = has_part ? (double)l->last[x] : -1;
    }
    bounds[count - 1] = has_part;
    for (int x = 0; x < count; x++)
        bounds[count + x] = -bounds[x];
    comm_allreduce(DVMH_RED_MAX, DVMH_T_DOUBLE, bounds, 2 * count, NULL, 0, 0);
    bool divided = false;
    for (int x = 0; x < count; x++)
        divided |= bounds[x] != -bounds[count + x];
    if (!divided)
        return;
    for (int k = 0; k < l->data_count; k++) {
        loop_data *d = &l->data[k];
        if (d->array || !(d->access & DVMH_WRITE))
            continue;
        if (!d->tied)
            dvmh_fatal(l->file, l->line,
                       "not supported yet: a parallel loop divided between processes that writes "
                       "the ordinary array %s without 'tie' (each process would hold only its own "
                       "iterations' elements): tie it to the loop (tie(%s[i])), distribute it, "
                       "or make it private if each iteration writes what it reads",
                       d->name, d->name);
        dvmh_idx lo[DVMH_MAX_RANK], hi[DVMH_MAX_RANK];
        for (int x = 0; x < d->rank; x++) {
            const dvmh_rule *r = &d->map[x];
            lo[x] = 0;
            hi[x] = d->ext[x] - 1;
            if (r->kind == DVMH_RULE_CONST) {
                lo[x] = hi[x] = r->b;
            } else if (r->kind == DVMH_RULE_LINEAR) {
                dvmh_idx first = r->a * l->first[r->dim] + r->b;
                dvmh_idx last = r->a * l->last[r->dim] + r->b;
                lo[x] = first < last ? first : last;
                hi[x] = first < last ? last : first;
            }
            if (lo[x] < 0)
                lo[x] = 0;
            if (hi[x] > d->ext[x] - 1)
                hi[x] = d->ext[x] - 1;
            if (!has_part)
                hi[x] = lo[x] - 1;
        }
        if (d->var)
            var_actualize_host_all(d->var, MOVE_SHARE);
        size_t bytes = 0;
        if (!comm_share_boxes((void *)d->addr, d->rank, d->elem_size, d->ext, lo, hi, &bytes))
            dvmh_fatal(l->file, l->line,
                       "not supported yet: a parallel loop divided between processes whose "
                       "processes write overlapping parts of the ordinary array %s", d->name);
        if (d->var) {
            var_written(d->var, 0, &d->var->whole);
            var_count_processes(d->var, MOVE_SHARE, bytes, -1.0);
        }
    }
}

void dvmh_loop_run(dvmh_loop *l)
{
    if (!l->host_handler)
        dvmh_fatal(l->file, l->line, "parallel loop without a host handler");
    stats_loop_begin(l->file, l->line);
    trace_scope_begin(TRACE_LOOP, l->file, l->line, 0);
    dvmh_context *c = dvmh_ctx();
    const char *outer_file = c->site_file;
    int outer_line = c->site_line;
    c->site_file = l->file;
    c->site_line = l->line;
    for (int k = 0; !l->target && k < l->data_count; k++) {
        const dvmh_array *a = l->data[k].array;
        indirect_refuse(l->file, l->line, a, "a parallel loop without 'on' over elements");
        /* every process would run every iteration on its own part: the
         * elements it does not hold would be read and written wrongly */
        if (a && !a->head.owns_all && piece_buffer_view(l, k) == NULL)
            dvmh_fatal(l->file, l->line,
                       "not supported yet: a parallel loop without 'on' that references the "
                       "distributed array %s%s(created at %s:%d) on several processes: map the "
                       "loop onto it with 'on'", a->name, a->name[0] ? " " : "", a->file, a->line);
    }
    piece_compute_maps(l);
    if (l->check_vars)
        check_loop_begin(l);
    if (l->across && comm_process_count() > 1 && lcomm_across_crosses(l)) {
        lcomm_run_across(l);
        share_ordinary_writes(l, piece_local_part(l));
    } else {
        lcomm_renew_shadows(l);
        bool has_part = piece_local_part(l);
        lcomm_fetch_remotes(l, has_part);
        if (has_part && !indirect_loop_runs(l, run_local_part))
            run_local_part(l);
        share_ordinary_writes(l, has_part);
    }
    if (l->check_vars)
        check_loop_end(l);
    red_finish(l);
    lcomm_finish_remotes(l);
    stats_loop_end();
    trace_scope_end();
    c->site_file = outer_file;
    c->site_line = outer_line;
    free(l->remotes);
    free(l->remote_rules);
    free(l->acrosses);
    free(l->data);
    free(l->scalars);
    free(l->reds);
    free(l->shadows);
    free(l->results);
    free(l);
}
