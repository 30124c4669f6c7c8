/* array.c: templates and distributed arrays: creation, alignment,
 * ownership of this process, allocation of the local part with its shadow
 * edges (host code's access to single elements: array_elem.c). */
#include "array.h"
#include "actual.h"
#include "alloc.h"
#include "boxes.h"
#include "check.h"
#include "comm.h"
#include "distrib.h"
#include "stats.h"
#include "trace.h"
#include "host_mem.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool array_is_array(const void *p)
{
    return p && ((const dvmh_array_head *)p)->magic == DVMH_ARRAY_MAGIC;
}

bool array_is_template(const void *p)
{
    return p && ((const dvmh_template *)p)->magic == DVMH_TEMPLATE_MAGIC;
}

void dvmh_template_rank_check(const char *file, int line, const dvmh_template *t, int rank)
{
    if (!array_is_template(t))
        dvmh_fatal(file, line, "the template is not created (its definition has not run)");
    if (t->space.rank != rank)
        dvmh_fatal(file, line, "the directive gives %d index%s or format%s for a template of %d "
                   "dimension%s", rank, rank == 1 ? "" : "es", rank == 1 ? "" : "s",
                   t->space.rank, t->space.rank == 1 ? "" : "s");
}

dvmh_template *dvmh_template_create(const char *file, int line, int rank,
                                    const dvmh_idx *sizes, const dvmh_distr *distr)
{
    if (rank < 1 || rank > DVMH_MAX_RANK)
        dvmh_fatal(file, line, "template rank %d is out of range", rank);
    dvmh_template *t = dvmh_xcalloc(1, sizeof *t);
    t->magic = DVMH_TEMPLATE_MAGIC;
    for (int d = 0; d < rank; d++)
        if (sizes[d] <= 0)
            dvmh_fatal(file, line, "template dimension %d has size %lld", d + 1,
                       (long long)sizes[d]);
    distr_space_init(&t->space, rank, sizes);
    if (distr)
        distr_space_distribute(file, line, &t->space, distr);
    return t;
}

void dvmh_template_destroy(dvmh_template *t)
{
    if (!t)
        return;
    distr_space_free(&t->space);
    t->magic = 0;
    free(t);
}

/* The space an object's elements are mapped onto, and for an array the
 * rules from that space's dimensions to the array's (identity when the
 * array is distributed by itself). */
static const distr_space *base_space(const char *file, int line, void *obj,
                                     dvmh_rule *rules_out)
{
    if (array_is_template(obj)) {
        dvmh_template *t = obj;
        for (int k = 0; k < t->space.rank; k++)
            rules_out[k] = (dvmh_rule){DVMH_RULE_LINEAR, k, 1, 0};
        return &t->space;
    }
    if (!array_is_array(obj))
        dvmh_fatal(file, line, "not a distributed array or template");
    dvmh_array *a = obj;
    if (a->aligned) {
        memcpy(rules_out, a->align_rules, sizeof a->align_rules);
        return a->align_space;
    }
    if (!a->own_space.distributed)
        dvmh_fatal(file, line, "array has no distribution yet");
    for (int k = 0; k < a->head.rank; k++)
        rules_out[k] = (dvmh_rule){DVMH_RULE_LINEAR, k, 1, 0};
    return &a->own_space;
}

int object_rank(const void *obj)
{
    return array_is_template(obj) ? ((const dvmh_template *)obj)->space.rank
                                  : ((const dvmh_array_head *)obj)->rank;
}

dvmh_idx object_extent(const void *obj, int d)
{
    return array_is_template(obj) ? ((const dvmh_template *)obj)->space.size[d]
                                  : ((const dvmh_array *)obj)->size[d];
}

const distr_space *object_space_rules(void *obj, dvmh_rule *rules)
{
    return base_space(NULL, 0, obj, rules);
}

const distr_space *object_space(const char *file, int line, void *obj)
{
    dvmh_rule rules[DVMH_MAX_RANK];
    return base_space(file, line, obj, rules);
}

static dvmh_idx floor_div(dvmh_idx a, dvmh_idx b)
{
    dvmh_idx q = a / b;
    return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}

static dvmh_idx ceil_div(dvmh_idx a, dvmh_idx b)
{
    return -floor_div(-a, b);
}

/* Indices i with lo <= a*i+b <= hi. */
void rule_preimage(dvmh_idx a, dvmh_idx b, dvmh_idx lo, dvmh_idx hi, dvmh_idx *ilo, dvmh_idx *ihi)
{
    if (a > 0) {
        *ilo = ceil_div(lo - b, a);
        *ihi = floor_div(hi - b, a);
    } else if (a < 0) {
        *ilo = ceil_div(hi - b, a);
        *ihi = floor_div(lo - b, a);
    } else {
        *ilo = (b >= lo && b <= hi) ? INT64_MIN / 4 : 1;
        *ihi = (b >= lo && b <= hi) ? INT64_MAX / 4 : 0;
    }
}

static void fill_head(dvmh_array *a)
{
    dvmh_array_head *h = &a->head;
    int r = h->rank;
    dvmh_idx stride = 1;
    h->origin = 0;
    for (int d = r - 1; d >= 0; d--) {
        h->stride[d] = stride;
        h->origin -= a->alloc_lo[d] * stride;
        stride *= a->alloc_hi[d] - a->alloc_lo[d] + 1;
    }
    bool all = a->ind.dim < 0 || a->ind.procs == 1;
    for (int d = 0; d < r; d++)
        if (h->own_lo[d] != 0 || h->own_hi[d] != a->size[d] - 1)
            all = false;
    h->owns_all = all;
}

static size_t alloc_elements(const dvmh_array *a)
{
    size_t n = 1;
    for (int d = 0; d < a->head.rank; d++)
        n *= (size_t)(a->alloc_hi[d] - a->alloc_lo[d] + 1);
    return n;
}

void array_distributed_dims(const dvmh_array *a, bool *dist)
{
    for (int d = 0; d < a->head.rank; d++)
        dist[d] = false;
    if (!a->aligned) {
        for (int d = 0; d < a->head.rank; d++)
            dist[d] = a->own_space.dim[d].axis >= 0;
        return;
    }
    for (int k = 0; k < a->align_space->rank; k++)
        if (a->align_rules[k].kind == DVMH_RULE_LINEAR && a->align_space->dim[k].axis >= 0)
            dist[a->align_rules[k].dim] = true;
}

dvmh_idx array_shadow_width(const dvmh_array *a, int d, bool high)
{
    dvmh_idx w = high ? a->shadow_hi[d] : a->shadow_lo[d];
    if (w >= 0)
        return w;
    bool dist[DVMH_MAX_RANK];
    array_distributed_dims(a, dist);
    return dist[d] ? 1 : 0;
}

void array_compute_ownership(dvmh_array *a)
{
    dvmh_array_head *h = &a->head;
    memcpy(a->prev_own_lo, h->own_lo, sizeof a->prev_own_lo);
    memcpy(a->prev_own_hi, h->own_hi, sizeof a->prev_own_hi);
    a->prev_ind = a->ind;
    indirect_map_of(a, &a->ind);
    for (int d = 0; d < h->rank; d++) {
        h->own_lo[d] = 0;
        h->own_hi[d] = a->size[d] - 1;
    }
    bool empty = false;
    if (a->aligned) {
        const distr_space *s = a->align_space;
        for (int k = 0; k < s->rank; k++) {
            dvmh_idx tlo, thi;
            distr_space_owned(s, k, &tlo, &thi);
            const dvmh_rule *r = &a->align_rules[k];
            if (r->kind == DVMH_RULE_LINEAR) {
                dvmh_idx ilo, ihi;
                rule_preimage(r->a, r->b, tlo, thi, &ilo, &ihi);
                if (ilo > h->own_lo[r->dim])
                    h->own_lo[r->dim] = ilo;
                if (ihi < h->own_hi[r->dim])
                    h->own_hi[r->dim] = ihi;
            } else if (r->kind == DVMH_RULE_CONST && (r->b < tlo || r->b > thi)) {
                empty = true;
            }
        }
    } else if (a->own_space.distributed) {
        for (int d = 0; d < h->rank; d++)
            distr_space_owned(&a->own_space, d, &h->own_lo[d], &h->own_hi[d]);
    }
    for (int d = 0; d < h->rank; d++)
        if (h->own_lo[d] > h->own_hi[d])
            empty = true;
    if (empty)
        for (int d = 0; d < h->rank; d++) {
            h->own_lo[d] = 1;
            h->own_hi[d] = 0;
        }
}

/* (Re)allocates the local part after ownership changed, keeping the values
 * of the elements present in both the old and the new local part unless
 * !keep (realign new_value: the program gives the array new values). */
static void array_allocate(dvmh_array *a, bool keep)
{
    dvmh_array_head *h = &a->head;
    bool dist[DVMH_MAX_RANK];
    array_distributed_dims(a, dist);
    dvmh_idx old_lo[DVMH_MAX_RANK], old_hi[DVMH_MAX_RANK];
    memcpy(old_lo, a->alloc_lo, sizeof old_lo);
    memcpy(old_hi, a->alloc_hi, sizeof old_hi);
    char *old_data = h->host_data;
    if (!keep && old_data) {
        host_mem_free(old_data);
        old_data = NULL;
    }
    if (a->var && keep)
        var_actualize_host_all(a->var, MOVE_REDISTRIBUTE);
    dvmh_array_head old_head = *h;
    bool empty = h->own_lo[0] > h->own_hi[0];
    for (int d = 0; d < h->rank; d++) {
        dvmh_idx slo = a->shadow_lo[d] >= 0 ? a->shadow_lo[d] : (dist[d] ? 1 : 0);
        dvmh_idx shi = a->shadow_hi[d] >= 0 ? a->shadow_hi[d] : (dist[d] ? 1 : 0);
        if (d == a->ind.dim)
            slo = shi = 0; /* the whole dimension is stored */
        if (empty) {
            a->alloc_lo[d] = 0;
            a->alloc_hi[d] = 0;
        } else {
            a->alloc_lo[d] = h->own_lo[d] - slo;
            a->alloc_hi[d] = h->own_hi[d] + shi;
        }
    }
    fill_head(a);
    h->host_data = host_mem_alloc(alloc_elements(a), h->elem_size, __FILE__, __LINE__);
    if (a->allocated && old_data && comm_process_count() > 1) {
        /* the elements now owned here may have been owned elsewhere */
        old_head.host_data = old_data;
        memcpy(old_head.own_lo, a->prev_own_lo, sizeof old_head.own_lo);
        memcpy(old_head.own_hi, a->prev_own_hi, sizeof old_head.own_hi);
        double t0 = dvmh_wtime();
        size_t sent = a->prev_ind.dim >= 0 && a->prev_ind.procs > 1
                          ? indirect_redistribute(a, &old_head, &a->prev_ind)
                          : comm_redistribute(a, &old_head);
        var_count_processes(a->var, MOVE_REDISTRIBUTE, sent, t0);
    } else if (a->allocated && old_data) {
        /* copy the common box element by element along the last dimension */
        dvmh_idx lo[DVMH_MAX_RANK], hi[DVMH_MAX_RANK], idx[DVMH_MAX_RANK];
        int r = h->rank;
        for (int d = 0; d < r; d++) {
            lo[d] = old_lo[d] > a->alloc_lo[d] ? old_lo[d] : a->alloc_lo[d];
            hi[d] = old_hi[d] < a->alloc_hi[d] ? old_hi[d] : a->alloc_hi[d];
            if (lo[d] > hi[d])
                goto done;
            idx[d] = lo[d];
        }
        for (;;) {
            dvmh_idx so = old_head.origin, no = h->origin;
            for (int d = 0; d < r; d++) {
                so += idx[d] * old_head.stride[d];
                no += idx[d] * h->stride[d];
            }
            memcpy(h->host_data + no * (dvmh_idx)h->elem_size,
                   old_data + so * (dvmh_idx)h->elem_size,
                   (size_t)(hi[r - 1] - lo[r - 1] + 1) * h->elem_size);
            int d = r - 2;
            while (d >= 0 && ++idx[d] > hi[d]) {
                idx[d] = lo[d];
                d--;
            }
            if (d < 0)
                break;
        }
    }
done:
    host_mem_free(old_data);
    a->allocated = true;
    box whole;
    array_local_box(a, &whole);
    if (!a->var) {
        char name[80];
        if (a->name[0])
            snprintf(name, sizeof name, "%s", a->name);
        else
            snprintf(name, sizeof name, "array (%s:%d)", a->file, a->line);
        a->var = var_create(name, h->rank, h->elem_size, &whole, h->host_data);
        a->var->on_devices = &h->on_devices;
    } else {
        var_reset_host(a->var, &whole, h->host_data);
    }
}

void array_local_box(const dvmh_array *a, box *out)
{
    out->rank = a->head.rank;
    for (int d = 0; d < a->head.rank; d++) {
        out->lo[d] = a->alloc_lo[d];
        out->hi[d] = a->alloc_hi[d];
    }
    /* a process owning nothing holds one dummy element: nothing to track */
    if (a->head.own_lo[0] > a->head.own_hi[0]) {
        out->lo[0] = 1;
        out->hi[0] = 0;
    }
}

void array_own_box(const dvmh_array *a, box *out)
{
    out->rank = a->head.rank;
    for (int d = 0; d < a->head.rank; d++) {
        out->lo[d] = a->head.own_lo[d];
        out->hi[d] = a->head.own_hi[d];
    }
}

/* Every live array, in creation order (the same on every process):
 * remapping a template or array remaps the arrays aligned with it. */
static struct {
    dvmh_array **items;
    int count, capacity;
} arrays;

static void register_array(dvmh_array *a)
{
    if (arrays.count == arrays.capacity) {
        arrays.capacity = arrays.capacity ? arrays.capacity * 2 : 16;
        arrays.items = dvmh_xrealloc(arrays.items, sizeof *arrays.items * (size_t)arrays.capacity);
    }
    arrays.items[arrays.count++] = a;
}

static void unregister_array(dvmh_array *a)
{
    for (int k = 0; k < arrays.count; k++)
        if (arrays.items[k] == a) {
            memmove(&arrays.items[k], &arrays.items[k + 1],
                    sizeof *arrays.items * (size_t)(arrays.count - k - 1));
            arrays.count--;
            return;
        }
}

void array_for_each_var(void (*fn)(struct var *v, void *arg), void *arg)
{
    for (int k = 0; k < arrays.count; k++)
        if (arrays.items[k]->var)
            fn(arrays.items[k]->var, arg);
}

/* After the space s was given a new distribution: every allocated array
 * mapped onto it gets its new local part, its values moved to the new
 * owners (collectively, in creation order). */
static void remap_arrays_on(const distr_space *s)
{
    for (int k = 0; k < arrays.count; k++) {
        dvmh_array *a = arrays.items[k];
        const distr_space *base = a->aligned ? a->align_space : &a->own_space;
        if (base != s || !a->allocated)
            continue;
        array_compute_ownership(a);
        array_allocate(a, true);
    }
}

dvmh_array *dvmh_array_create(const char *file, int line, int rank, size_t elem_size, int type,
                              const dvmh_idx *sizes, const dvmh_idx *shadow_lo,
                              const dvmh_idx *shadow_hi, const dvmh_distr *distr)
{
    if (rank < 1 || rank > DVMH_MAX_RANK)
        dvmh_fatal(file, line, "array rank %d is out of range", rank);
    dvmh_array *a = dvmh_xcalloc(1, sizeof *a);
    a->head.magic = DVMH_ARRAY_MAGIC;
    a->head.rank = rank;
    a->head.elem_size = elem_size;
    a->type = type;
    a->file = file;
    a->line = line;
    a->group = comm_group_current();
    for (int d = 0; d < rank; d++) {
        a->size[d] = sizes[d];
        if (sizes[d] <= 0 && !(d == 0 && sizes[d] < 0))
            dvmh_fatal(file, line, "array dimension %d has size %lld", d + 1,
                       (long long)sizes[d]);
        a->shadow_lo[d] = shadow_lo ? shadow_lo[d] : -1;
        a->shadow_hi[d] = shadow_hi ? shadow_hi[d] : -1;
    }
    register_array(a);
    distr_space_init(&a->own_space, rank, a->size);
    if (distr && sizes[0] > 0)
        distr_space_distribute(file, line, &a->own_space, distr);
    else if (distr) {
        /* pointer array: remember the formats until malloc gives the size */
        a->own_space.distributed = false;
        for (int d = 0; d < rank; d++) {
            a->own_space.dim[d].kind = distr[d].kind;
            a->own_space.given[d] = distr[d];
        }
    }
    if (sizes[0] > 0 && distr) {
        array_compute_ownership(a);
        array_allocate(a, true);
    }
    return a;
}

/* dvmh_array_align, and realign: keep says whether the values move to the
 * new local part. */
static void array_align(const char *file, int line, dvmh_array *a, void *target,
                        const dvmh_rule *rules, bool keep)
{
    if (array_is_array(target) && !((dvmh_array *)target)->allocated &&
        !((dvmh_array *)target)->aligned && ((dvmh_array *)target)->size[0] < 0) {
        int trank = ((dvmh_array *)target)->head.rank;
        a->pending_target = target;
        memcpy(a->pending_rules, rules, sizeof(dvmh_rule) * (size_t)trank);
        return;
    }
    dvmh_rule target_rules[DVMH_MAX_RANK];
    const distr_space *s = base_space(file, line, target, target_rules);
    int target_rank = object_rank(target);
    /* compose: base dim k -> target dim (target_rules[k]) -> a's dim (rules[..]) */
    for (int k = 0; k < s->rank; k++) {
        dvmh_rule tr = target_rules[k], out = {DVMH_RULE_ANY, 0, 0, 0};
        if (tr.kind == DVMH_RULE_CONST) {
            out = tr;
        } else if (tr.kind == DVMH_RULE_LINEAR) {
            if (tr.dim >= target_rank)
                dvmh_fatal(file, line, "alignment rule out of range");
            dvmh_rule r = rules[tr.dim];
            if (r.kind == DVMH_RULE_LINEAR) {
                if (r.dim < 0 || r.dim >= a->head.rank)
                    dvmh_fatal(file, line, "alignment names dimension %d of a rank-%d array",
                               r.dim + 1, a->head.rank);
                out = (dvmh_rule){DVMH_RULE_LINEAR, r.dim, tr.a * r.a, tr.a * r.b + tr.b};
            } else if (r.kind == DVMH_RULE_CONST) {
                out = (dvmh_rule){DVMH_RULE_CONST, 0, 0, tr.a * r.b + tr.b};
            }
        }
        a->align_rules[k] = out;
    }
    a->align_space = s;
    a->aligned = true;
    if (a->size[0] > 0) {
        array_compute_ownership(a);
        array_allocate(a, keep);
    }
}

void dvmh_array_align(const char *file, int line, dvmh_array *a, void *target,
                      const dvmh_rule *rules)
{
    array_align(file, line, a, target, rules, true);
}

void dvmh_array_malloc(const char *file, int line, dvmh_array *a, size_t bytes, int zero)
{
    (void)zero; /* the local part is always zero-filled */
    size_t row = a->head.elem_size;
    for (int d = 1; d < a->head.rank; d++)
        row *= (size_t)a->size[d];
    if (bytes == 0 || bytes % row != 0)
        dvmh_fatal(file, line, "malloc of %zu bytes is not a whole number of rows of %zu bytes",
                   bytes, row);
    if (a->allocated)
        dvmh_array_free(file, line, a);
    a->size[0] = (dvmh_idx)(bytes / row);
    a->own_space.size[0] = a->size[0];
    a->file = file;
    a->line = line;
    if (a->pending_target) {
        dvmh_array *t = a->pending_target;
        if (!t->allocated)
            dvmh_fatal(file, line, "this array is aligned with an array that is not created yet "
                                   "(malloc that one first)");
        a->pending_target = NULL;
        dvmh_array_align(file, line, a, t, a->pending_rules);
        return;
    }
    if (!a->aligned) {
        dvmh_distr distr[DVMH_MAX_RANK];
        for (int d = 0; d < a->head.rank; d++)
            distr[d] = a->own_space.given[d];
        distr_space_distribute(file, line, &a->own_space, distr);
    }
    array_compute_ownership(a);
    array_allocate(a, true);
}

void dvmh_array_free(const char *file, int line, dvmh_array *a)
{
    (void)file;
    (void)line;
    if (!a)
        return;
    comm_array_gone(a);
    array_snapshot_drop(a);
    var_destroy(a->var);
    a->var = NULL;
    host_mem_free(a->head.host_data);
    a->head.host_data = NULL;
    a->allocated = false;
}

void dvmh_array_destroy(dvmh_array *a)
{
    if (!a)
        return;
    check_array_gone(a);
    comm_array_gone(a);
    array_snapshot_drop(a);
    unregister_array(a);
    var_destroy(a->var);
    host_mem_free(a->head.host_data);
    distr_space_free(&a->own_space);
    a->head.magic = 0;
    free(a);
}

void dvmh_array_release(dvmh_array **a)
{
    dvmh_array_destroy(*a);
    *a = NULL;
}

void dvmh_template_release(dvmh_template **t)
{
    dvmh_template_destroy(*t);
    *t = NULL;
}

void dvmh_redistribute(const char *file, int line, void *obj, const dvmh_distr *distr)
{
    distr_space *s;
    if (array_is_template(obj)) {
        s = &((dvmh_template *)obj)->space;
    } else {
        dvmh_array *a = obj;
        if (!array_is_array(obj))
            dvmh_fatal(file, line, "redistribute of something that is not a distributed array");
        if (a->aligned)
            dvmh_fatal(file, line, "redistribute of an aligned array (realign it instead)");
        s = &a->own_space;
    }
    double t0 = dvmh_wtime();
    trace_scope_begin(TRACE_REDISTRIBUTE, file, line, 0);
    distr_space_distribute(file, line, s, distr);
    remap_arrays_on(s);
    trace_scope_end();
    stats_comm(t0);
}

void dvmh_name(void *obj, const char *name)
{
    if (!array_is_array(obj))
        return; /* templates hold no data */
    dvmh_array *a = obj;
    snprintf(a->name, sizeof a->name, "%s", name);
    if (a->var)
        snprintf(a->var->name, sizeof a->var->name, "%s", name);
}

static void realign(const char *file, int line, dvmh_array *a, void *target,
                    const dvmh_rule *rules, bool keep)
{
    double t0 = dvmh_wtime();
    trace_scope_begin(TRACE_REALIGN, file, line, 0);
    array_align(file, line, a, target, rules, keep);
    trace_scope_end();
    stats_comm(t0);
}

void dvmh_realign(const char *file, int line, dvmh_array *a, void *target, const dvmh_rule *rules)
{
    realign(file, line, a, target, rules, true);
}

void dvmh_realign_new_value(const char *file, int line, dvmh_array *a, void *target,
                            const dvmh_rule *rules)
{
    array_changed(a);
    realign(file, line, a, target, rules, false);
}

void *dvmh_array_assigned(const char *file, int line, void *p)
{
    if (!array_is_array(p))
        dvmh_fatal(file, line, "a distributed array assigned something that is not a distributed "
                               "array (only malloc, calloc or another distributed array)");
    return p;
}

dvmh_array *dvmh_array_of(const char *file, int line, const void *handle)
{
    if (!array_is_array(handle))
        dvmh_fatal(file, line, "an 'inherit' parameter received something that is not a "
                               "distributed array");
    return (dvmh_array *)handle;
}

void object_owned(void *obj, int d, dvmh_idx *lo, dvmh_idx *hi)
{
    if (array_is_template(obj)) {
        distr_space_owned(&((dvmh_template *)obj)->space, d, lo, hi);
        return;
    }
    const dvmh_array_head *h = obj;
    *lo = h->own_lo[d];
    *hi = h->own_hi[d];
}
