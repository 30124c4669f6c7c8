/* loop_piece.c: a parallel loop's local part, in pieces on the devices. */
#include "loop.h"
#include "actual.h"
#include "array.h"
#include "boxes.h"
#include "comm.h"
#include "context.h"
#include "data.h"
#include "device.h"
#include "distrib.h"
#include "region.h"
#include "stats.h"
#include "trace.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* The remote_access view of datum k when it has a buffer of its own
 * (else the loop reads the array's own memory, remote elements fetched
 * into its shadow edges). */
static const comm_remote_view *buffer_view(const dvmh_loop *l, int k)
{
    for (int m = 0; l->remote_views && m < l->remote_count; m++)
        if (l->remotes[m] == k && l->remote_views[m].buffer)
            return &l->remote_views[m];
    return NULL;
}

/* Restricts loop dimension d to the iterations whose mapped target index
 * this process owns. Returns false when none remain. */
static bool restrict_dim(dvmh_loop *l, int d, dvmh_idx vlo, dvmh_idx vhi)
{
    dvmh_idx f = l->first[d], la = l->last[d], s = l->step[d];
    if (s > 0) {
        if (vlo > f)
            f += (vlo - f + s - 1) / s * s;
        if (vhi < la)
            la = f > vhi ? f - s : f + (vhi - f) / s * s;
        if (f > la)
            return false;
    } else {
        dvmh_idx m = -s;
        if (vhi < f)
            f -= (f - vhi + m - 1) / m * m;
        if (vlo > la)
            la = f < vlo ? f + m : f - (f - vlo) / m * m;
        if (f < la)
            return false;
    }
    l->first[d] = f;
    l->last[d] = la;
    return true;
}

static bool dim_empty(const dvmh_loop *l, int d)
{
    return l->step[d] > 0 ? l->first[d] > l->last[d] : l->first[d] < l->last[d];
}

/* The name of the loop's 'on' target in messages. */
static const char *target_name(const dvmh_loop *l)
{
    return l->target_name ? l->target_name
                          : array_is_template(l->target) ? "the template" : "the array";
}

/* A constant subscript of the 'on' target outside its extent: the
 * iterations have no owner, an error (before any restriction, so that the
 * message shows the loop's whole ranges). */
static void check_constant_subscripts(const dvmh_loop *l)
{
    int trank = object_rank(l->target);
    for (int k = 0; k < trank; k++) {
        const dvmh_rule *r = &l->rules[k];
        dvmh_idx extent = object_extent(l->target, k);
        if (r->kind != DVMH_RULE_CONST || (r->b >= 0 && r->b < extent))
            continue;
        char ranges[DVMH_MAX_RANK * 48] = "", *at = ranges;
        for (int d = 0; d < l->rank; d++)
            at += snprintf(at, sizeof ranges - (size_t)(at - ranges), "%s%lld..%lld",
                           d ? ", " : "", (long long)l->first[d], (long long)l->last[d]);
        dvmh_fatal(l->file, l->line,
                   "the parallel loop's iterations (%s) are mapped on %s with index %lld in "
                   "dimension %d, outside its range 0..%lld: they have no owner",
                   ranges, target_name(l), (long long)r->b, k + 1, (long long)(extent - 1));
    }
}

/* Iterations whose 'on' element lies outside the target have the owner of
 * the nearest edge: the process owning index 0 of a dimension also runs
 * the iterations mapped below it, the one owning the last index those
 * mapped above (every process, where the dimension is not distributed).
 * So every iteration runs exactly once, as in the sequential program. */
static void owned_with_edges(dvmh_loop *l, int k, dvmh_idx *tlo, dvmh_idx *thi)
{
    dvmh_idx extent = object_extent(l->target, k);
    object_owned(l->target, k, tlo, thi);
    if (*tlo > *thi)
        return;
    if (*tlo == 0)
        *tlo = INT64_MIN / 4;
    if (*thi == extent - 1)
        *thi = INT64_MAX / 4;
}

bool piece_local_part(dvmh_loop *l)
{
    for (int d = 0; d < l->rank; d++)
        if (dim_empty(l, d))
            return false;
    if (!l->target)
        return true;
    check_constant_subscripts(l);
    int trank = object_rank(l->target);
    for (int k = 0; k < trank; k++) {
        const dvmh_rule *r = &l->rules[k];
        dvmh_idx tlo, thi;
        owned_with_edges(l, k, &tlo, &thi);
        if (tlo > thi)
            return false;
        if (r->kind == DVMH_RULE_CONST && (r->b < tlo || r->b > thi))
            return false;
        if (r->kind == DVMH_RULE_LINEAR) {
            dvmh_idx vlo, vhi;
            rule_preimage(r->a, r->b, tlo, thi, &vlo, &vhi);
            if (vlo > vhi || !restrict_dim(l, r->dim, vlo, vhi))
                return false;
        }
    }
    return true;
}

/* map[d] of an array reached through the 'on' target: both are mapped onto
 * one space, so target dimension -> space dimension <- array dimension. */
static void compose_on_map(dvmh_loop *l, loop_data *d)
{
    dvmh_rule trules[DVMH_MAX_RANK], arules[DVMH_MAX_RANK];
    const distr_space *ts = object_space_rules(l->target, trules);
    const distr_space *as = object_space_rules(d->array, arules);
    if (ts != as)
        return;
    for (int k = 0; k < ts->rank; k++) {
        const dvmh_rule *tr = &trules[k], *ar = &arules[k];
        if (tr->kind != DVMH_RULE_LINEAR || ar->kind != DVMH_RULE_LINEAR)
            continue;
        const dvmh_rule *on = &l->rules[tr->dim];
        if (on->kind != DVMH_RULE_LINEAR)
            continue;
        /* space index = tr.a * (on.a * v + on.b) + tr.b = ar.a * x + ar.b */
        dvmh_idx a = tr->a * on->a, b = tr->a * on->b + tr->b - ar->b;
        if (a % ar->a != 0 || b % ar->a != 0)
            continue;
        d->map[ar->dim] = (dvmh_rule){DVMH_RULE_LINEAR, on->dim, a / ar->a, b / ar->a};
    }
}

void piece_compute_maps(dvmh_loop *l)
{
    for (int k = 0; k < l->data_count; k++) {
        loop_data *d = &l->data[k];
        if (d->tied)
            continue;
        for (int x = 0; x < d->rank; x++)
            d->map[x] = (dvmh_rule){DVMH_RULE_ANY, 0, 0, 0};
        if (d->array && l->target)
            compose_on_map(l, d);
    }
}

/* Loop ranges this wide are the runtime's stand-in for bounds that use
 * outer loop variables: their touched range is unknown. */
#define LOOP_RANGE_UNKNOWN ((dvmh_idx)1 << 50)

/* Inclusive range of dimension x of data d that iterations [first, last]
 * touch; false: the whole dimension. */
static bool touched_range(const loop_data *d, int x, const dvmh_idx *first, const dvmh_idx *last,
                          dvmh_idx *lo, dvmh_idx *hi)
{
    const dvmh_rule *r = &d->map[x];
    if (r->kind == DVMH_RULE_CONST) {
        *lo = *hi = r->b;
        return true;
    }
    if (r->kind != DVMH_RULE_LINEAR)
        return false;
    dvmh_idx f = first[r->dim], la = last[r->dim];
    if (f < -LOOP_RANGE_UNKNOWN || f > LOOP_RANGE_UNKNOWN || la < -LOOP_RANGE_UNKNOWN ||
        la > LOOP_RANGE_UNKNOWN)
        return false;
    dvmh_idx u = r->a * f + r->b, v = r->a * la + r->b;
    *lo = u < v ? u : v;
    *hi = u < v ? v : u;
    return true;
}

/* Whether dimension x of array a is divided between processes (by its
 * distribution or its alignment): references along it stay within the
 * shadow edges, along the others they may reach any element. */
static bool dim_distributed(const dvmh_array *a, int x)
{
    if (!a->aligned && !a->own_space.distributed)
        return false;
    dvmh_rule rules[DVMH_MAX_RANK];
    const distr_space *s = object_space_rules((void *)a, rules);
    for (int b = 0; s && b < s->rank; b++)
        if (rules[b].kind == DVMH_RULE_LINEAR && rules[b].dim == x && s->dim[b].axis >= 0)
            return !s->dim[b].owner; /* indirect: references reach any element */
    return false;
}

void piece_data_boxes(const loop_data *d, const dvmh_idx *first, const dvmh_idx *last,
                      bool widen, box_set *out)
{
    box_set_clear(out);
    box elems = {.rank = d->rank};
    box whole;
    if (d->array) {
        array_local_box(d->array, &whole);
    } else {
        whole.rank = d->rank;
        for (int x = 0; x < d->rank; x++) {
            whole.lo[x] = 0;
            whole.hi[x] = d->ext[x] - 1;
        }
    }
    for (int x = 0; x < d->rank; x++) {
        dvmh_idx lo, hi;
        int v = d->reach_dim[x];
        if (widen && v >= 0) {
            /* the references themselves: loop variable v plus [reach_lo, reach_hi] */
            if (first[v] < -LOOP_RANGE_UNKNOWN || last[v] > LOOP_RANGE_UNKNOWN) {
                lo = whole.lo[x];
                hi = whole.hi[x];
            } else {
                lo = first[v] + d->reach_lo[x];
                hi = last[v] + d->reach_hi[x];
            }
        } else if (!touched_range(d, x, first, last, &lo, &hi)) {
            lo = whole.lo[x];
            hi = whole.hi[x];
        } else if (widen && d->array && !dim_distributed(d->array, x)) {
            lo = whole.lo[x]; /* A[k][i] in a loop on A[k][j], A not divided along j */
            hi = whole.hi[x];
        } else if (widen && d->array) {
            lo -= d->array->head.own_lo[x] - d->array->alloc_lo[x];
            hi += d->array->alloc_hi[x] - d->array->head.own_hi[x];
        } else if (widen) {
            lo = whole.lo[x]; /* ordinary data read without a known reach */
            hi = whole.hi[x];
        }
        elems.lo[x] = lo > whole.lo[x] ? lo : whole.lo[x];
        elems.hi[x] = hi < whole.hi[x] ? hi : whole.hi[x];
    }
    if (box_is_empty(&elems))
        return;
    if (d->array)
        box_set_add_box(out, &elems);
    else
        data_view_boxes(d->addr, d->rank, d->ext, d->elem_size, &elems, out);
}

void piece_iteration_range(const dvmh_loop *l, const dvmh_idx *first, const dvmh_idx *last,
                           dvmh_idx *lo, dvmh_idx *hi)
{
    for (int x = 0; x < l->rank; x++) {
        lo[x] = l->step[x] > 0 ? first[x] : last[x];
        hi[x] = l->step[x] > 0 ? last[x] : first[x];
    }
}

/* The loop dimension split between devices: the one mapped to the
 * outermost dimension of the target (whole rows of the distributed
 * dimension), else of the first tied data; -1 when the loop cannot be
 * split (a written variable whose touched part the split does not divide). */
static int split_dimension(const dvmh_loop *l)
{
    int sd = -1;
    if (l->target) {
        int trank = object_rank(l->target);
        for (int k = 0; k < trank && sd < 0; k++)
            if (l->rules[k].kind == DVMH_RULE_LINEAR)
                sd = l->rules[k].dim;
    }
    for (int k = 0; k < l->data_count && sd < 0; k++)
        for (int x = 0; x < l->data[k].rank && sd < 0; x++)
            if (l->data[k].tied && l->data[k].map[x].kind == DVMH_RULE_LINEAR)
                sd = l->data[k].map[x].dim;
    if (sd < 0)
        return -1;
    dvmh_idx lo[DVMH_MAX_RANK], hi[DVMH_MAX_RANK];
    piece_iteration_range(l, l->first, l->last, lo, hi);
    if (lo[sd] < -LOOP_RANGE_UNKNOWN || hi[sd] > LOOP_RANGE_UNKNOWN)
        return -1;
    for (int k = 0; k < l->data_count; k++) {
        const loop_data *d = &l->data[k];
        if (!d->var)
            return -1;
        if (!(d->access & DVMH_WRITE))
            continue;
        bool divided = false;
        for (int x = 0; x < d->rank; x++)
            divided |= d->map[x].kind == DVMH_RULE_LINEAR && d->map[x].dim == sd &&
                       d->map[x].a != 0;
        if (!divided)
            return -1;
    }
    return sd;
}

static dvmh_handler handler_for(const dvmh_loop *l, int dev)
{
    return device_get(dev)->handler_kind == DVMH_DEV_CUDA ? l->cuda_handler : l->host_handler;
}

/* Whether an across dependence of the loop runs along loop dimension sd
 * (or along a dimension the loop does not map: any). */
static bool across_along(const dvmh_loop *l, int sd)
{
    if (l->across_ordinary)
        return true;
    for (int x = 0; x < l->across_count; x++) {
        const loop_across *a = &l->acrosses[x];
        const loop_data *d = &l->data[a->data];
        for (int k = 0; k < d->rank; k++)
            if ((a->flow[k] != 0 || a->anti[k] != 0) &&
                (d->map[k].kind != DVMH_RULE_LINEAR || d->map[k].dim == sd))
                return true;
    }
    return false;
}

/* The device to run a loop whose pieces would run one after another, or
 * -1 to split it all the same. Pieces sized by weight take each about
 * count/total of the time, n of them in turn n*count/total; the fastest
 * device alone count/max: better when max > total/n (it also saves the
 * edges' copies between the pieces, but it must get the others' parts:
 * with equal weights the split stays). The first of equals. */
static int one_device(const int *usable, int n)
{
    int best = usable[0];
    double total = 0;
    for (int k = 0; k < n; k++) {
        double w = device_get(usable[k])->weight;
        total += w;
        if (w > device_get(best)->weight)
            best = usable[k];
    }
    return device_get(best)->weight * n > total * (1 + 1e-9) ? best : -1;
}

int piece_make(dvmh_loop *l, loop_piece *pieces)
{
    unsigned devices = region_devices();
    int usable[DEVICE_MAX], n = 0;
    /* memory the runtime does not track is host memory, and so are writes
     * through remote_access buffers: only the host can run such a loop
     * (buffers only read are copied to the devices) */
    bool known = true;
    for (int k = 0; k < l->data_count; k++)
        known &= l->data[k].var != NULL &&
                 !(buffer_view(l, k) && (l->data[k].access & DVMH_WRITE));
    /* the host's weight 0 (DVMH_CPU_PERF=0): only where nothing else can */
    bool host_works = device_get(0)->weight > 0;
    for (int d = 1; d < device_count(); d++)
        if ((devices & (1u << d)) && handler_for(l, d) && known)
            usable[n++] = d;
    if ((devices & 1u) && (host_works || n == 0)) {
        memmove(usable + 1, usable, sizeof(int) * (size_t)n);
        usable[0] = 0;
        n++;
    }
    if (n == 0)
        usable[n++] = 0; /* outside regions, or nothing else can run it */
    int sd = split_dimension(l);
    l->pieces_independent = !l->ordered;
    if (sd >= 0 && n > 1 && l->ordered && across_along(l, sd)) {
        /* the pieces would wait for each other, the devices never working
         * at the same time: the fastest alone when that is quicker */
        int dev = one_device(usable, n);
        if (dev >= 0) {
            pieces[0].device = dev;
            memcpy(pieces[0].first, l->first, sizeof l->first);
            memcpy(pieces[0].last, l->last, sizeof l->last);
            return 1;
        }
    } else if (sd >= 0) {
        l->pieces_independent = true; /* no dependence along the split */
    }
    if (sd < 0 || n == 1) {
        /* one device: the host when the region has it and it works */
        pieces[0].device = ((devices & 1u) && host_works) || !known ? 0 : usable[0];
        if (!handler_for(l, pieces[0].device))
            pieces[0].device = 0;
        memcpy(pieces[0].first, l->first, sizeof l->first);
        memcpy(pieces[0].last, l->last, sizeof l->last);
        return 1;
    }
    double total = 0;
    for (int k = 0; k < n; k++)
        total += device_get(usable[k])->weight;
    dvmh_idx count = (l->last[sd] - l->first[sd]) / l->step[sd] + 1, done = 0;
    double acc = 0;
    int made = 0;
    for (int k = 0; k < n; k++) {
        acc += device_get(usable[k])->weight;
        dvmh_idx upto = k == n - 1 ? count : (dvmh_idx)((double)count * acc / total + 0.5);
        if (upto <= done)
            continue;
        loop_piece *p = &pieces[made++];
        p->device = usable[k];
        memcpy(p->first, l->first, sizeof l->first);
        memcpy(p->last, l->last, sizeof l->last);
        p->first[sd] = l->first[sd] + done * l->step[sd];
        p->last[sd] = l->first[sd] + (upto - 1) * l->step[sd];
        done = upto;
    }
    return made;
}

/* Adds to out the elements of datum k that the piece's iterations lo..hi
 * read through remote_access without a buffer of their own (one process, or
 * remote elements fetched into the shadow edges): the compiler's reach does
 * not cover them (A[k][j] in a loop on A[i][]). */
static void add_remote_boxes(const dvmh_loop *l, int k, const dvmh_idx *lo, const dvmh_idx *hi,
                             box_set *out)
{
    const loop_data *d = &l->data[k];
    box whole;
    array_local_box(d->array, &whole);
    for (int m = 0; m < l->remote_count; m++) {
        if (l->remotes[m] != k)
            continue;
        box b = whole, clipped;
        for (int x = 0; x < d->rank; x++) {
            const dvmh_rule *r = &l->remote_rules[m][x];
            if (r->kind == DVMH_RULE_CONST) {
                b.lo[x] = b.hi[x] = r->b;
            } else if (r->kind == DVMH_RULE_LINEAR && lo[r->dim] >= -LOOP_RANGE_UNKNOWN &&
                       hi[r->dim] <= LOOP_RANGE_UNKNOWN) {
                dvmh_idx u = r->a * lo[r->dim] + r->b, v = r->a * hi[r->dim] + r->b;
                b.lo[x] = u < v ? u : v;
                b.hi[x] = u < v ? v : u;
            }
        }
        if (box_intersect(&b, &whole, &clipped))
            box_set_add_box(out, &clipped);
    }
}

void piece_actualize(dvmh_loop *l, const loop_piece *p)
{
    if (device_count() == 1)
        return; /* the host holds everything: nothing to track */
    dvmh_idx lo[DVMH_MAX_RANK], hi[DVMH_MAX_RANK];
    piece_iteration_range(l, p->first, p->last, lo, hi);
    box_set boxes;
    for (int k = 0; k < l->data_count; k++) {
        loop_data *d = &l->data[k];
        if (!d->var || buffer_view(l, k))
            continue;
        box_set_init(&boxes, d->var->rank);
        if (d->access & DVMH_WRITE) {
            piece_data_boxes(d, lo, hi, false, &boxes);
            for (int m = 0; m < boxes.count; m++)
                region_claim(d->var, p->device, &boxes.boxes[m], true);
        }
        piece_data_boxes(d, lo, hi, true, &boxes);
        if (d->array)
            add_remote_boxes(l, k, lo, hi, &boxes);
        for (int m = 0; m < boxes.count; m++) {
            region_claim(d->var, p->device, &boxes.boxes[m], false);
            var_actualize(d->var, p->device, &boxes.boxes[m], MOVE_REGION);
        }
        box_set_free(&boxes);
    }
}

void piece_for_each_written_box(dvmh_loop *l, const loop_piece *p, piece_box_fn fn)
{
    dvmh_idx lo[DVMH_MAX_RANK], hi[DVMH_MAX_RANK];
    piece_iteration_range(l, p->first, p->last, lo, hi);
    box_set boxes;
    bool go_on = true;
    for (int k = 0; k < l->data_count && go_on; k++) {
        loop_data *d = &l->data[k];
        if (!d->var || !(d->access & DVMH_WRITE) || buffer_view(l, k))
            continue;
        box_set_init(&boxes, d->var->rank);
        piece_data_boxes(d, lo, hi, false, &boxes);
        for (int m = 0; m < boxes.count && go_on; m++)
            go_on = fn(l, p, d, &boxes.boxes[m]);
        box_set_free(&boxes);
    }
}

static bool mark_written(dvmh_loop *l, const loop_piece *p, loop_data *d, const box *b)
{
    (void)l;
    var_written(d->var, p->device, b);
    return true;
}

void piece_written(dvmh_loop *l, const loop_piece *p)
{
    if (device_count() == 1)
        return;
    piece_for_each_written_box(l, p, mark_written);
}

static void *data_address(const dvmh_loop *l, int k, int dev, dvmh_idx *ext)
{
    const loop_data *d = &l->data[k];
    if (d->array) {
        var_extents(d->var, dev, ext);
        return var_zero_address(d->var, dev);
    }
    for (int x = 0; x < d->rank; x++)
        ext[x] = d->ext[x];
    if (!d->var)
        return (void *)d->addr;
    /* ordinary variables are indexed by host address (the origin is far
     * outside the object: integer arithmetic, as in var_zero_address) */
    return (void *)((uintptr_t)var_zero_address(d->var, dev) + (uintptr_t)d->addr);
}

/* Waits for the piece's device; its reduction results are then in their
 * slots. */
static void finish_piece(dvmh_loop *l, const loop_piece *lp, double started, long long iterations)
{
    device *dev = device_get(lp->device);
    dev->ops->sync(dev);
    stats_device_work(lp->device, dvmh_wtime() - started, iterations);
    trace_piece(l->file, l->line, lp->device, started, iterations);
    red_piece_results(l, lp->device);
}

/* Runs the piece's handler; wait: until the device is done (else the
 * caller waits with finish_piece; GPUs run their kernels meanwhile). */
static void run_on(dvmh_loop *l, const loop_piece *lp, bool wait, double *started,
                   long long *iterations_out)
{
    device *dev = device_get(lp->device);
    dvmh_piece p;
    memset(&p, 0, sizeof p);
    struct dvmh_piece_private priv = {l, lp->device, NULL};
    p.internal = &priv;
    p.rank = l->rank;
    p.device = lp->device;
    long long iterations = 1;
    for (int d = 0; d < l->rank; d++) {
        p.lo[d] = lp->first[d];
        p.hi[d] = lp->last[d];
        p.step[d] = l->step[d];
        dvmh_idx n = (lp->last[d] - lp->first[d]) / l->step[d] + 1;
        iterations = n > LOOP_RANGE_UNKNOWN ? -1 : iterations < 0 ? -1 : iterations * n;
    }
    p.threads = dev->threads;
    if (dev->kind == DEVICE_HOST && l->thread_limit > 0 && l->thread_limit < p.threads)
        p.threads = l->thread_limit; /* a short piece: a team would cost more than it gives */
    void *data_ptrs[l->data_count + 1];
    dvmh_idx ext[l->data_count + 1][DVMH_MAX_RANK];
    for (int k = 0; k < l->data_count; k++)
        data_ptrs[k] = data_address(l, k, lp->device, ext[k]);
    /* remote_access buffers: read in place on the host, copied whole to
     * the other devices (the loop does not write them there) */
    void *copies[l->data_count + 1];
    for (int k = 0; k < l->data_count; k++) {
        const comm_remote_view *v = buffer_view(l, k);
        copies[k] = NULL;
        if (!v)
            continue;
        for (int d = 0; d < l->data[k].rank; d++)
            ext[k][d] = v->ext[d];
        if (lp->device == 0) {
            data_ptrs[k] = v->zero;
            continue;
        }
        box_copy c = {.rank = 1, .elem_size = l->data[k].elem_size, .count = {1},
                      .src = v->buffer, .dst_stride = {1}, .src_stride = {1}};
        for (int d = 0; d < l->data[k].rank; d++)
            c.count[0] *= v->ext[d];
        size_t bytes = (size_t)c.count[0] * c.elem_size;
        copies[k] = dev->ops->alloc(dev, bytes);
        if (!copies[k])
            dvmh_fatal(l->file, l->line, "out of memory on %s: %zu bytes for a remote_access buffer",
                       dev->name, bytes);
        c.dst = copies[k];
        dev->ops->to_device(dev, &c);
        actual_count(MOVE_REMOTE, MOVE_TO_DEVICE, bytes);
        data_ptrs[k] = (char *)copies[k] + (v->zero - v->buffer);
    }
    p.data = data_ptrs;
    p.ext = ext;
    p.scalar = (void **)l->scalars;
    red_piece_slots(l, p.threads, dev->kind != DEVICE_HOST);
    /* the device memory of the data, a remote_access buffer's copy only read */
    const void *memory[l->data_count + 1];
    bool writes[l->data_count + 1];
    device_piece dp = {0, memory, writes, red_result_later, &priv};
    for (int k = 0; k < l->data_count; k++) {
        const loop_data *d = &l->data[k];
        const void *base = copies[k] ? copies[k] : d->var ? d->var->rep[lp->device].base : NULL;
        if (!base)
            continue;
        memory[dp.memory_count] = base;
        writes[dp.memory_count++] = !copies[k] && (d->access & DVMH_WRITE);
    }
    double t0 = dvmh_wtime();
    dvmh_context *c = dvmh_ctx();
    c->in_handlers = true;
    dev->ops->run(dev, handler_for(l, lp->device), &p, &dp);
    c->in_handlers = false;
    if (wait)
        finish_piece(l, lp, t0, iterations);
    for (int k = 0; k < l->data_count; k++)
        if (copies[k])
            dev->ops->release(dev, copies[k]); /* after the sync: no overlap with views */
    *started = t0;
    *iterations_out = iterations;
}

void piece_run(dvmh_loop *l, const loop_piece *lp)
{
    double t0;
    long long iterations;
    run_on(l, lp, true, &t0, &iterations);
}

void piece_run_all(dvmh_loop *l, loop_piece *pieces, int n)
{
    /* Independent pieces (no across along the split): the GPUs' kernels are
     * launched first and run while the other devices run their pieces;
     * their reduction results arrive when they are waited for, and are
     * folded after the others' (the pieces' order: GPUs come last). */
    bool overlap = n > 1 && l->pieces_independent && !l->remote_views;
    trace_schedule(l, pieces, n);
    double started[DEVICE_MAX];
    long long iterations[DEVICE_MAX];
    bool later[DEVICE_MAX] = {false};
    unsigned char *slots[DEVICE_MAX][l->red_count + 1];
    int slot_counts[DEVICE_MAX][l->red_count + 1];
    for (int k = 0; overlap && k < n; k++)
        if (device_get(pieces[k].device)->kind == DEVICE_CUDA) {
            piece_actualize(l, &pieces[k]);
            run_on(l, &pieces[k], false, &started[k], &iterations[k]);
            for (int m = 0; m < l->red_count; m++) {
                slots[k][m] = l->reds[m].slots;
                slot_counts[k][m] = l->reds[m].slot_count;
                l->reds[m].slots = NULL;
            }
            later[k] = true;
        }
    for (int k = 0; k < n; k++) {
        if (later[k])
            continue;
        piece_actualize(l, &pieces[k]);
        piece_run(l, &pieces[k]);
        red_fold(l);
        piece_written(l, &pieces[k]);
    }
    for (int k = 0; k < n; k++)
        if (later[k]) {
            finish_piece(l, &pieces[k], started[k], iterations[k]);
            for (int m = 0; m < l->red_count; m++) {
                l->reds[m].slots = slots[k][m];
                l->reds[m].slot_count = slot_counts[k][m];
            }
            red_fold(l);
            piece_written(l, &pieces[k]);
        }
}
