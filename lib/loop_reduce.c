/* loop_reduce.c: a parallel loop's reductions. */
#include "loop.h"
#include "actual.h"
#include "alloc.h"
#include "array.h"
#include "comm.h"
#include "reduce.h"
#include "stats.h"
#include "trace.h"

#include <stdlib.h>
#include <string.h>

void red_piece_slots(dvmh_loop *l, int threads, bool accelerator)
{
    for (int k = 0; k < l->red_count; k++) {
        loop_reduction *r = &l->reds[k];
        r->slot_count = threads;
        r->slots = dvmh_xmalloc((r->var_bytes + r->loc_bytes) * (size_t)threads);
        for (int t = 0; t < threads; t++) {
            unsigned char *slot = r->slots + (r->var_bytes + r->loc_bytes) * (size_t)t;
            reduce_identity(r->op, r->type, slot, r->count);
            if (r->loc_bytes)
                memcpy(slot + r->var_bytes, r->loc, r->loc_bytes);
        }
        if (accelerator)
            actual_count(MOVE_REDUCTION, MOVE_TO_HOST, r->var_bytes + r->loc_bytes);
    }
}

void red_result_later(void *arg, int k, const void *var, const void *loc)
{
    struct dvmh_piece_private *priv = arg;
    dvmh_loop *l = priv->loop;
    loop_reduction *r = &l->reds[k];
    l->results = dvmh_xrealloc(l->results, sizeof *l->results * (size_t)(l->result_count + 1));
    (void)r;
    l->results[l->result_count++] = (loop_result){priv->device, k, priv->slots[k], var, loc};
}

void red_piece_results(dvmh_loop *l, int dev)
{
    int kept = 0;
    for (int m = 0; m < l->result_count; m++) {
        loop_result *e = &l->results[m];
        if (e->device != dev) {
            l->results[kept++] = *e;
            continue;
        }
        loop_reduction *r = &l->reds[e->red];
        memcpy(e->slot, e->var, r->var_bytes);
        if (r->loc_bytes && e->loc)
            memcpy(e->slot + r->var_bytes, e->loc, r->loc_bytes);
    }
    l->result_count = kept;
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
    int count = p->internal->slot_count[k];
    if (thread < 0 || thread >= count)
        dvmh_fatal(p->internal->loop->file, p->internal->loop->line,
                   "reduction result from thread %d of %d", thread, count);
    unsigned char *slot = p->internal->slots[k] + (r->var_bytes + r->loc_bytes) * (size_t)thread;
    memcpy(slot, var, r->var_bytes);
    if (r->loc_bytes && loc)
        memcpy(slot + r->var_bytes, loc, r->loc_bytes);
}

static void acc_ready(loop_reduction *r)
{
    if (r->acc)
        return;
    r->acc = dvmh_xmalloc(r->var_bytes + r->loc_bytes);
    reduce_identity(r->op, r->type, r->acc, r->count);
    if (r->loc_bytes)
        memcpy(r->acc + r->var_bytes, r->loc, r->loc_bytes);
}

static void combine_slots(loop_reduction *r, unsigned char *slots, int count, bool reset)
{
    for (int t = 0; t < count; t++) {
        unsigned char *slot = slots + (r->var_bytes + r->loc_bytes) * (size_t)t;
        reduce_combine(r->op, r->type, r->acc, slot, r->count, r->acc + r->var_bytes,
                       slot + r->var_bytes, r->loc_bytes, r->loc_elem);
        if (reset) {
            reduce_identity(r->op, r->type, slot, r->count);
            if (r->loc_bytes)
                memcpy(slot + r->var_bytes, r->loc, r->loc_bytes);
        }
    }
}

void red_fold(dvmh_loop *l)
{
    for (int k = 0; k < l->red_count; k++) {
        loop_reduction *r = &l->reds[k];
        acc_ready(r);
        combine_slots(r, r->slots, r->slot_count, false);
        free(r->slots);
        r->slots = NULL;
        r->slot_count = 0;
    }
}

void red_fold_again(dvmh_loop *l, unsigned char *const *slots, const int *counts)
{
    for (int k = 0; k < l->red_count; k++) {
        acc_ready(&l->reds[k]);
        combine_slots(&l->reds[k], slots[k], counts[k], true);
    }
}

/* Whether this process's results count: of processes owning the same part
 * of the loop's target (replicas), only the first contributes. */
static bool counts_in_reductions(dvmh_loop *l)
{
    if (l->red_count == 0 || comm_process_count() == 1 || !l->target)
        return true;
    indirect_map m;
    indirect_map_of(l->target, &m);
    if (m.dim >= 0)
        return true; /* each process ran its own indices */
    int trank = object_rank(l->target);
    dvmh_idx key[2 * DVMH_MAX_RANK];
    for (int k = 0; k < trank; k++)
        object_owned(l->target, k, &key[2 * k], &key[2 * k + 1]);
    return comm_first_with_key(key, 2 * trank);
}

void red_finish(dvmh_loop *l)
{
    red_fold(l);
    double t0 = dvmh_wtime();
    bool counts = counts_in_reductions(l);
    unsigned long long bytes = 0;
    for (int k = 0; k < l->red_count; k++) {
        loop_reduction *r = &l->reds[k];
        unsigned char *acc = r->acc, *acc_loc = r->acc + r->var_bytes;
        if (!counts)
            reduce_identity(r->op, r->type, acc, r->count);
        /* Without 'on' every process ran every iteration on its replicated
         * data: its own result is the loop's. */
        if (comm_process_count() > 1 && l->target)
            comm_allreduce(r->op, r->type, acc, r->count, r->loc_bytes ? acc_loc : NULL,
                           r->loc_bytes, r->loc_elem);
        /* the variable's own value wins ties: the loop never replaced it */
        reduce_combine(r->op, r->type, r->var, acc, r->count, r->loc, acc_loc, r->loc_bytes, 0);
        bytes += r->var_bytes + r->loc_bytes;
        free(r->acc);
        r->acc = NULL;
    }
    if (l->red_count > 0 && comm_process_count() > 1 && l->target) {
        trace_op("reduction", t0, bytes);
        stats_sync(t0);
    }
}
