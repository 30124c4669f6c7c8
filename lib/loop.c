/* loop.c: parallel loops: the process's part of the iteration space from
 * the 'on' mapping, the pieces given to devices, handler calls and the
 * reductions of their results. */
#include "internal.h"
#include "comm.h"

#include <stdlib.h>
#include <string.h>

typedef struct loop_data {
    dvmh_array *array;              /* NULL: ordinary data */
    const void *addr;
    int rank;
    dvmh_idx ext[DVMH_MAX_RANK];
    size_t elem_size;
    unsigned access;
} loop_data;

typedef struct loop_reduction {
    int op, type, count;
    void *var, *loc;
    size_t var_bytes, loc_bytes;
    unsigned char *slots;           /* per thread: var then loc */
    int slot_count;
    unsigned char *acc;             /* pieces folded so far: var then loc */
} loop_reduction;

typedef struct loop_across {
    int data;
    dvmh_idx flow[DVMH_MAX_RANK], anti[DVMH_MAX_RANK];
} loop_across;

typedef struct loop_shadow {
    int data;
    bool all;
    dvmh_idx lo[DVMH_MAX_RANK], hi[DVMH_MAX_RANK];
    int corner;
} loop_shadow;

struct dvmh_loop {
    const char *file;
    int line;
    int rank;
    dvmh_idx first[DVMH_MAX_RANK], last[DVMH_MAX_RANK], step[DVMH_MAX_RANK];
    void *target;
    dvmh_rule rules[DVMH_MAX_RANK];
    loop_data *data;
    int data_count;
    const void **scalars;
    int scalar_count;
    loop_reduction *reds;
    int red_count;
    loop_shadow *shadows;
    int shadow_count;
    bool across;
    loop_across *acrosses;
    int across_count;
    dvmh_idx stage;
    int *remotes;                   /* data indexes read through remote_access */
    dvmh_rule (*remote_rules)[DVMH_MAX_RANK];
    int remote_count;
    comm_remote_view *remote_views; /* per remote: own part and fetched box */
    dvmh_handler host_handler;
};

struct dvmh_piece_private {
    dvmh_loop *loop;
};

#define GROW(ptr, count)                                                              \
    do {                                                                              \
        void *grown_ = realloc((ptr), sizeof *(ptr) * (size_t)((count) + 1));         \
        if (!grown_)                                                                  \
            dvmh_fatal(l->file, l->line, "out of memory");                            \
        (ptr) = grown_;                                                               \
    } while (0)

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
    dvmh_loop *l = calloc(1, sizeof *l);
    if (!l)
        dvmh_fatal(file, line, "out of memory");
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

void dvmh_loop_map(dvmh_loop *l, void *target, const dvmh_rule *rules)
{
    if (!array_is_array(target) && !array_is_template(target))
        dvmh_fatal(l->file, l->line, "'on' names something that is not a distributed array "
                                     "or template");
    int trank = array_is_array(target) ? ((dvmh_array_head *)target)->rank
                                       : ((dvmh_template *)target)->space.rank;
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
    GROW(l->data, l->data_count);
    l->data[l->data_count] = (loop_data){.array = a, .rank = a->head.rank,
                                         .elem_size = a->head.elem_size, .access = access};
    return l->data_count++;
}

int dvmh_loop_data(dvmh_loop *l, const void *addr, int rank, const dvmh_idx *ext,
                   size_t elem_size, unsigned access)
{
    GROW(l->data, l->data_count);
    loop_data *d = &l->data[l->data_count];
    *d = (loop_data){.addr = addr, .rank = rank, .elem_size = elem_size, .access = access};
    for (int k = 0; k < rank; k++)
        d->ext[k] = ext[k];
    return l->data_count++;
}

int dvmh_loop_scalar(dvmh_loop *l, const void *addr, size_t size)
{
    (void)size;
    GROW(l->scalars, l->scalar_count);
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
    GROW(l->reds, l->red_count);
    loop_reduction *r = &l->reds[l->red_count++];
    *r = (loop_reduction){.op = op, .type = type, .count = count, .var = var, .loc = loc};
    r->var_bytes = reduce_type_size(type) * (size_t)count;
    r->loc_bytes = loc ? (size_t)loc_count * loc_elem_size : 0;
}

void dvmh_loop_shadow_renew(dvmh_loop *l, int data, const dvmh_idx *lo, const dvmh_idx *hi,
                            int corner)
{
    if (data < 0 || data >= l->data_count || !l->data[data].array)
        dvmh_fatal(l->file, l->line, "shadow_renew of something that is not a distributed array");
    GROW(l->shadows, l->shadow_count);
    loop_shadow *s = &l->shadows[l->shadow_count++];
    memset(s, 0, sizeof *s);
    s->data = data;
    s->all = !lo;
    s->corner = corner;
    for (int d = 0; lo && d < l->data[data].rank; d++) {
        s->lo[d] = lo[d];
        s->hi[d] = hi[d];
    }
}

void dvmh_loop_across(dvmh_loop *l, int data, const dvmh_idx *flow, const dvmh_idx *anti,
                      int out)
{
    (void)out;
    if (data < 0 || data >= l->data_count)
        dvmh_fatal(l->file, l->line, "across of unknown data");
    /* Ordinary data is replicated and its loop is not divided between
     * processes: the handler keeps the order, nothing to pipeline. */
    if (!l->data[data].array)
        return;
    l->across = true;
    GROW(l->acrosses, l->across_count);
    loop_across *x = &l->acrosses[l->across_count++];
    memset(x, 0, sizeof *x);
    x->data = data;
    for (int d = 0; d < l->data[data].rank; d++) {
        x->flow[d] = flow ? flow[d] : 0;
        x->anti[d] = anti ? anti[d] : 0;
    }
}

void dvmh_loop_remote(dvmh_loop *l, int data, const dvmh_rule *rules)
{
    if (data < 0 || data >= l->data_count)
        dvmh_fatal(l->file, l->line, "remote_access of unknown data");
    if (!l->data[data].array)
        return; /* ordinary data is replicated: every element is local */
    GROW(l->remotes, l->remote_count);
    GROW(l->remote_rules, l->remote_count);
    l->remotes[l->remote_count] = data;
    memcpy(l->remote_rules[l->remote_count], rules,
           sizeof(dvmh_rule) * (size_t)l->data[data].rank);
    l->remote_count++;
}

void dvmh_loop_tie(dvmh_loop *l, int data, const dvmh_rule *rules)
{
    (void)rules;
    if (data < 0 || data >= l->data_count)
        dvmh_fatal(l->file, l->line, "tie of unknown data");
}

void dvmh_loop_stage(dvmh_loop *l, dvmh_idx stage)
{
    if (stage < 0)
        dvmh_fatal(l->file, l->line, "stage(%lld) must not be negative", (long long)stage);
    l->stage = stage;
}

void dvmh_loop_cuda_block(dvmh_loop *l, int x, int y, int z)
{
    if (x < 0 || y < 0 || z < 0)
        dvmh_fatal(l->file, l->line, "cuda_block sizes must be positive");
}

void dvmh_loop_handler(dvmh_loop *l, int device_kind, dvmh_handler fn)
{
    if (device_kind == DVMH_DEV_HOST)
        l->host_handler = fn;
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

/* Owner computes: keeps the iterations whose 'on' element is local. */
static bool local_part(dvmh_loop *l)
{
    for (int d = 0; d < l->rank; d++)
        if (dim_empty(l, d))
            return false;
    if (!l->target)
        return true;
    int trank = array_is_array(l->target) ? ((dvmh_array_head *)l->target)->rank
                                          : ((dvmh_template *)l->target)->space.rank;
    for (int k = 0; k < trank; k++) {
        const dvmh_rule *r = &l->rules[k];
        dvmh_idx tlo, thi;
        object_owned(l->target, k, &tlo, &thi);
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

static void *global_zero_address(const loop_data *d)
{
    if (d->array) {
        const dvmh_array_head *h = &d->array->head;
        return (void *)((uintptr_t)h->host_data + (uintptr_t)(h->origin * (dvmh_idx)h->elem_size));
    }
    return (void *)d->addr;
}

static void fill_extents(const loop_data *d, dvmh_idx *ext)
{
    if (d->array) {
        const dvmh_array *a = d->array;
        for (int k = 0; k < a->head.rank; k++)
            ext[k] = a->alloc_hi[k] - a->alloc_lo[k] + 1;
        return;
    }
    for (int k = 0; k < d->rank; k++)
        ext[k] = d->ext[k];
}

static void run_host_piece(dvmh_loop *l)
{
    dvmh_context *c = dvmh_ctx();
    dvmh_piece p;
    memset(&p, 0, sizeof p);
    struct dvmh_piece_private priv = {l};
    p.internal = &priv;
    p.rank = l->rank;
    for (int d = 0; d < l->rank; d++) {
        p.lo[d] = l->first[d];
        p.hi[d] = l->last[d];
        p.step[d] = l->step[d];
    }
    p.threads = c->threads;
    void *data_ptrs[l->data_count + 1];
    dvmh_idx ext[l->data_count + 1][DVMH_MAX_RANK];
    for (int k = 0; k < l->data_count; k++) {
        data_ptrs[k] = global_zero_address(&l->data[k]);
        fill_extents(&l->data[k], ext[k]);
    }
    for (int k = 0; k < l->remote_count; k++) {
        if (l->remotes[k] < 0)
            continue;
        const comm_remote_view *v = &l->remote_views[k];
        data_ptrs[l->remotes[k]] = v->zero;
        for (int d = 0; d < l->data[l->remotes[k]].rank; d++)
            ext[l->remotes[k]][d] = v->ext[d];
    }
    p.data = data_ptrs;
    p.ext = ext;
    p.scalar = (void **)l->scalars;
    for (int k = 0; k < l->red_count; k++) {
        loop_reduction *r = &l->reds[k];
        r->slot_count = p.threads;
        r->slots = malloc((r->var_bytes + r->loc_bytes) * (size_t)p.threads);
        if (!r->slots)
            dvmh_fatal(l->file, l->line, "out of memory");
        for (int t = 0; t < p.threads; t++) {
            unsigned char *slot = r->slots + (r->var_bytes + r->loc_bytes) * (size_t)t;
            reduce_identity(r->op, r->type, slot, r->count);
            if (r->loc_bytes)
                memcpy(slot + r->var_bytes, r->loc, r->loc_bytes);
        }
    }
    l->host_handler(&p);
}

void dvmh_red_init(dvmh_piece *p, int k, void *var, void *loc)
{
    loop_reduction *r = &p->internal->loop->reds[k];
    reduce_identity(r->op, r->type, var, r->count);
    if (loc && r->loc_bytes)
        memcpy(loc, r->loc, r->loc_bytes);
}

void dvmh_red_put(dvmh_piece *p, int k, int thread, const void *var, const void *loc)
{
    loop_reduction *r = &p->internal->loop->reds[k];
    if (thread < 0 || thread >= r->slot_count)
        dvmh_fatal(p->internal->loop->file, p->internal->loop->line,
                   "reduction result from thread %d of %d", thread, r->slot_count);
    unsigned char *slot = r->slots + (r->var_bytes + r->loc_bytes) * (size_t)thread;
    memcpy(slot, var, r->var_bytes);
    if (r->loc_bytes && loc)
        memcpy(slot + r->var_bytes, loc, r->loc_bytes);
}

/* The variable becomes: its value before the loop, combined with every
 * thread's result in thread order, then with every process's in rank order. */
/* Folds the threads' results of the pieces run so far into each
 * reduction's accumulator (identity at first), in thread order. */
static void fold_reductions(dvmh_loop *l)
{
    for (int k = 0; k < l->red_count; k++) {
        loop_reduction *r = &l->reds[k];
        if (!r->acc) {
            r->acc = malloc(r->var_bytes + r->loc_bytes + 1);
            if (!r->acc)
                dvmh_fatal(l->file, l->line, "out of memory");
            reduce_identity(r->op, r->type, r->acc, r->count);
            if (r->loc_bytes)
                memcpy(r->acc + r->var_bytes, r->loc, r->loc_bytes);
        }
        for (int t = 0; t < r->slot_count; t++) {
            unsigned char *slot = r->slots + (r->var_bytes + r->loc_bytes) * (size_t)t;
            reduce_combine(r->op, r->type, r->acc, slot, r->count, r->acc + r->var_bytes,
                           slot + r->var_bytes, r->loc_bytes);
        }
        free(r->slots);
        r->slots = NULL;
        r->slot_count = 0;
    }
}

/* Whether this process's results count: of processes owning the same part
 * of the loop's target (replicas), only the first contributes. */
static bool counts_in_reductions(dvmh_loop *l)
{
    if (l->red_count == 0 || comm_process_count() == 1 || !l->target)
        return true;
    int trank = array_is_array(l->target) ? ((dvmh_array_head *)l->target)->rank
                                          : ((dvmh_template *)l->target)->space.rank;
    dvmh_idx key[2 * DVMH_MAX_RANK];
    for (int k = 0; k < trank; k++)
        object_owned(l->target, k, &key[2 * k], &key[2 * k + 1]);
    return comm_first_with_key(key, 2 * trank);
}

static void finish_reductions(dvmh_loop *l)
{
    fold_reductions(l);
    bool counts = counts_in_reductions(l);
    for (int k = 0; k < l->red_count; k++) {
        loop_reduction *r = &l->reds[k];
        unsigned char *acc = r->acc, *acc_loc = r->acc + r->var_bytes;
        if (!counts)
            reduce_identity(r->op, r->type, acc, r->count);
        /* Without 'on' every process ran every iteration on its replicated
         * data: its own result is the loop's. */
        if (comm_process_count() > 1 && l->target)
            comm_allreduce(r->op, r->type, acc, r->count, r->loc_bytes ? acc_loc : NULL,
                           r->loc_bytes);
        reduce_combine(r->op, r->type, r->var, acc, r->count, r->loc, acc_loc, r->loc_bytes);
        free(r->acc);
        r->acc = NULL;
    }
}

static void renew_shadows(dvmh_loop *l)
{
    if (comm_process_count() == 1)
        return; /* one process: no neighbour holds any edge */
    for (int k = 0; k < l->shadow_count; k++) {
        const loop_shadow *s = &l->shadows[k];
        comm_shadow_renew(l->data[s->data].array, s->all ? NULL : s->lo, s->all ? NULL : s->hi,
                          s->corner);
    }
}

/* remote_access: every process fetches the box its part of the loop reads
 * (collective, so processes without iterations take part too); the handler
 * sees the array through a view holding its own part and that box. */
static void fetch_remotes(dvmh_loop *l, bool has_part)
{
    if (l->remote_count == 0 || comm_process_count() == 1) {
        l->remote_count = 0;  /* one process: everything is local */
        return;
    }
    l->remote_views = calloc((size_t)l->remote_count, sizeof *l->remote_views);
    if (!l->remote_views)
        dvmh_fatal(l->file, l->line, "out of memory");
    for (int k = 0; k < l->remote_count; k++) {
        if (l->remotes[k] < 0)
            continue; /* merged into an earlier reference to the same array */
        dvmh_array *a = l->data[l->remotes[k]].array;
        dvmh_idx box_lo[DVMH_MAX_RANK], box_hi[DVMH_MAX_RANK];
        /* every reference to this array (B[i-1][j], B[i+1][j]) shares one
         * view: the bounding box of their boxes */
        for (int d = 0; d < a->head.rank; d++) {
            box_lo[d] = INT64_MAX;
            box_hi[d] = INT64_MIN;
        }
        for (int m = k; m < l->remote_count; m++) {
            if (l->remotes[m] != l->remotes[k])
                continue;
            if (m != k)
                l->remotes[m] = -1;
            for (int d = 0; d < a->head.rank; d++) {
                const dvmh_rule *r = &l->remote_rules[m][d];
                dvmh_idx lo = 0, hi = a->size[d] - 1;
                if (r->kind == DVMH_RULE_CONST) {
                    lo = hi = r->b;
                } else if (r->kind == DVMH_RULE_LINEAR) {
                    dvmh_idx x = r->a * l->first[r->dim] + r->b, y = r->a * l->last[r->dim] + r->b;
                    lo = x < y ? x : y;
                    hi = x < y ? y : x;
                }
                if (lo < box_lo[d])
                    box_lo[d] = lo;
                if (hi > box_hi[d])
                    box_hi[d] = hi;
            }
        }
        for (int d = 0; d < a->head.rank; d++) {
            dvmh_idx lo = box_lo[d], hi = box_hi[d];
            box_lo[d] = lo < 0 ? 0 : lo;
            box_hi[d] = hi > a->size[d] - 1 ? a->size[d] - 1 : hi;
            if (!has_part) {
                box_lo[d] = 1;
                box_hi[d] = 0;
            }
        }
        comm_remote_view_begin(a, box_lo, box_hi, &l->remote_views[k]);
    }
}

/* Writes through a view reach the array's own part. */
static void finish_remotes(dvmh_loop *l)
{
    for (int k = 0; l->remote_views && k < l->remote_count; k++)
        if (l->remotes[k] >= 0)
            comm_remote_view_end(l->data[l->remotes[k]].array, &l->remote_views[k],
                             (l->data[l->remotes[k]].access & DVMH_WRITE) != 0);
    free(l->remote_views);
}

/* across on several processes: a pipeline in stages along one loop
 * dimension (comm_across_*); each stage's piece runs once its
 * predecessors' edge of that stage has arrived. */
static void run_across(dvmh_loop *l)
{
    if (!l->target)
        dvmh_fatal(l->file, l->line, "not supported yet: across without 'on' on several processes");
    int trank = array_is_array(l->target) ? ((dvmh_array_head *)l->target)->rank
                                          : ((dvmh_template *)l->target)->space.rank;
    /* The stage dimension: a loop dimension mapped (a = 1) to a target
     * dimension, preferring one no across array depends along. */
    int stage_dim = -1, stage_target_dim = -1;
    for (int k = 0; k < trank; k++) {
        const dvmh_rule *r = &l->rules[k];
        if (r->kind != DVMH_RULE_LINEAR || r->a != 1 || l->step[r->dim] < 0)
            continue;
        bool independent = true;
        for (int x = 0; x < l->across_count; x++)
            independent &= l->acrosses[x].flow[k] == 0;
        if (stage_dim < 0 || independent) {
            stage_dim = r->dim;
            stage_target_dim = k;
        }
    }
    if (l->remote_count > 0)
        dvmh_fatal(l->file, l->line,
                   "not supported yet: remote_access in an across loop on several processes");
    for (int x = 0; x < l->across_count; x++) {
        const dvmh_array *a = l->data[l->acrosses[x].data].array;
        if (a->head.rank != trank || stage_dim < 0)
            dvmh_fatal(l->file, l->line, "not supported yet: across on several processes for "
                                         "an array not mapped like the loop's 'on' target");
    }
    dvmh_idx global_first = l->first[stage_dim], global_last = l->last[stage_dim];
    dvmh_idx step = l->step[stage_dim], shift = l->rules[stage_target_dim].b;
    bool has_part = local_part(l);
    dvmh_idx local_first = l->first[stage_dim], local_last = l->last[stage_dim];

    renew_shadows(l);
    comm_across **pipes = malloc(sizeof *pipes * (size_t)l->across_count + 1);
    if (!pipes)
        dvmh_fatal(l->file, l->line, "out of memory");
    for (int x = 0; x < l->across_count; x++) {
        /* Where a dimension's iterations run downwards, the new values come
         * from above (the anti widths) and the old ones from below. */
        dvmh_array *a = l->data[l->acrosses[x].data].array;
        dvmh_idx flow[DVMH_MAX_RANK], old_lo[DVMH_MAX_RANK], old_hi[DVMH_MAX_RANK];
        bool old = false;
        for (int d = 0; d < a->head.rank; d++) {
            const dvmh_rule *r = &l->rules[d];
            bool down = r->kind == DVMH_RULE_LINEAR && r->a * l->step[r->dim] < 0;
            flow[d] = down ? -l->acrosses[x].anti[d] : l->acrosses[x].flow[d];
            old_lo[d] = down ? l->acrosses[x].flow[d] : 0;
            old_hi[d] = down ? 0 : l->acrosses[x].anti[d];
            old |= old_lo[d] > 0 || old_hi[d] > 0;
        }
        if (old)
            comm_shadow_renew(a, old_lo, old_hi, 1);
        pipes[x] = comm_across_start(a, flow, stage_target_dim);
    }
    dvmh_idx iterations = (global_last - global_first) / step + 1;
    dvmh_idx stage = l->stage > 0 ? l->stage : iterations / (4 * comm_process_count());
    if (stage < 1)
        stage = 1;
    for (dvmh_idx first = global_first; first <= global_last; first += stage * step) {
        dvmh_idx last = first + (stage - 1) * step;
        if (last > global_last)
            last = global_last;
        const dvmh_array *a0 = l->data[l->acrosses[0].data].array;
        dvmh_idx lo = first == global_first ? 0 : first + shift;
        dvmh_idx hi = last == global_last ? a0->size[stage_target_dim] - 1 : last + shift;
        for (int x = 0; x < l->across_count; x++)
            comm_across_recv(pipes[x], lo, hi);
        if (has_part) {
            dvmh_idx f = first > local_first ? first : local_first;
            dvmh_idx la = last < local_last ? last : local_last;
            if (f <= la) {
                l->first[stage_dim] = f;
                l->last[stage_dim] = la;
                run_host_piece(l);
                fold_reductions(l);
            }
        }
        for (int x = 0; x < l->across_count; x++)
            comm_across_send(pipes[x], lo, hi);
    }
    for (int x = 0; x < l->across_count; x++)
        comm_across_finish(pipes[x]);
    free(pipes);
}

void dvmh_loop_run(dvmh_loop *l)
{
    if (!l->host_handler)
        dvmh_fatal(l->file, l->line, "parallel loop without a host handler");
    if (l->across && comm_process_count() > 1) {
        run_across(l);
    } else {
        renew_shadows(l);
        bool has_part = local_part(l);
        fetch_remotes(l, has_part);
        if (has_part)
            run_host_piece(l);
    }
    finish_reductions(l);
    finish_remotes(l);
    free(l->remotes);
    free(l->remote_rules);
    free(l->acrosses);
    free(l->data);
    free(l->scalars);
    free(l->reds);
    free(l->shadows);
    free(l);
}
