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
const comm_remote_view *piece_buffer_view(const dvmh_loop *l, int k)
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

/* All the elements of data d the process holds (a distributed array's
 * local part, ordinary data whole). */
static void data_whole_box(const loop_data *d, box *whole)
{
    if (d->array) {
        array_local_box(d->array, whole);
        return;
    }
    whole->rank = d->rank;
    for (int x = 0; x < d->rank; x++) {
        whole->lo[x] = 0;
        whole->hi[x] = d->ext[x] - 1;
    }
}

void piece_data_boxes(const loop_data *d, const dvmh_idx *first, const dvmh_idx *last,
                      bool widen, box_set *out)
{
    box_set_clear(out);
    box elems = {.rank = d->rank};
    box whole;
    data_whole_box(d, &whole);
    for (int x = 0; x < d->rank; x++) {
        dvmh_idx lo, hi;
        /* the references themselves: loop variable v plus [reach_lo, reach_hi] */
        int v = d->reach_dim[x];
        bool reach = v >= 0 && first[v] >= -LOOP_RANGE_UNKNOWN && last[v] <= LOOP_RANGE_UNKNOWN;
        dvmh_idx reach_lo = reach ? first[v] + d->reach_lo[x] : whole.lo[x];
        dvmh_idx reach_hi = reach ? last[v] + d->reach_hi[x] : whole.hi[x];
        if (widen && v >= 0) {
            lo = reach_lo;
            hi = reach_hi;
        } else if (!touched_range(d, x, first, last, &lo, &hi)) {
            /* no tie along x: the references still bound the elements
             * written (the part a device marks written must lie within
             * the part it was given: else the elements between would come
             * back from the device without values) */
            lo = reach_lo;
            hi = reach_hi;
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

/* The elements of data d that iterations lo..hi surely write (DVMH_DENSE:
 * every iteration writes the element its one-offset reach gives): with
 * unit steps along the loop dimensions that index it, all of its image;
 * nothing else (a step of 2 leaves every other element unwritten). */
static void piece_dense_boxes(const dvmh_loop *l, const loop_data *d, const dvmh_idx *lo,
                              const dvmh_idx *hi, box_set *out)
{
    box_set_clear(out);
    box elems = {.rank = d->rank}, whole;
    data_whole_box(d, &whole);
    for (int x = 0; x < d->rank; x++) {
        int v = d->reach_dim[x];
        if (v < 0 || d->reach_lo[x] != d->reach_hi[x] || (l->step[v] != 1 && l->step[v] != -1) ||
            lo[v] < -LOOP_RANGE_UNKNOWN || hi[v] > LOOP_RANGE_UNKNOWN)
            return;
        elems.lo[x] = lo[v] + d->reach_lo[x];
        elems.hi[x] = hi[v] + d->reach_lo[x];
        if (elems.lo[x] < whole.lo[x])
            elems.lo[x] = whole.lo[x];
        if (elems.hi[x] > whole.hi[x])
            elems.hi[x] = whole.hi[x];
    }
    if (box_is_empty(&elems))
        return;
    if (d->array)
        box_set_add_box(out, &elems);
    else
        data_view_boxes(d->addr, d->rank, d->ext, d->elem_size, &elems, out);
}

long long piece_iteration_count(const dvmh_loop *l, const loop_piece *p)
{
    long long n = 1;
    for (int d = 0; d < l->rank; d++)
        n *= (long long)((p->last[d] - p->first[d]) / l->step[d] + 1);
    return n;
}

dvmh_handler piece_handler(const dvmh_loop *l, int dev)
{
    return device_get(dev)->handler_kind == DVMH_DEV_CUDA ? l->cuda_handler : l->host_handler;
}

void piece_iteration_range(const dvmh_loop *l, const dvmh_idx *first, const dvmh_idx *last,
                           dvmh_idx *lo, dvmh_idx *hi)
{
    for (int x = 0; x < l->rank; x++) {
        lo[x] = l->step[x] > 0 ? first[x] : last[x];
        hi[x] = l->step[x] > 0 ? last[x] : first[x];
    }
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
        if (!d->var || piece_buffer_view(l, k))
            continue;
        box_set_init(&boxes, d->var->rank);
        if ((d->access & (DVMH_WRITE | DVMH_DENSE)) == (DVMH_WRITE | DVMH_DENSE)) {
            /* 'out' data is taken for written without its values only
             * where the iterations surely write every element */
            box_set dense;
            box_set_init(&dense, d->var->rank);
            piece_dense_boxes(l, d, lo, hi, &dense);
            piece_data_boxes(d, lo, hi, false, &boxes);
            for (int m = 0; m < boxes.count; m++)
                for (int e = 0; e < dense.count; e++) {
                    box part;
                    if (box_intersect(&boxes.boxes[m], &dense.boxes[e], &part))
                        region_claim(d->var, p->device, &part, true);
                }
            box_set_free(&dense);
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
        if (!d->var || !(d->access & DVMH_WRITE) || piece_buffer_view(l, k))
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
