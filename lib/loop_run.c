/* loop_run.c: a parallel loop's pieces run on their devices. */
#include "loop.h"
#include "alloc.h"
#include "actual.h"
#include "context.h"
#include "device.h"
#include "schedule.h"
#include "stats.h"
#include "trace.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

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

/* Whether the kernels of a piece may compute in int (dvmh.h): the loop
 * bounds, the number of iterations, and, for each datum, the sum over its
 * dimensions of the largest index (of the elements its device holds, plus
 * one) times the row's stride, which bounds every partial sum of a
 * subscript, stay below 2^30. A remote_access buffer's indices are not
 * bounded here: 64 bits. */
static dvmh_idx magnitude(dvmh_idx v)
{
    return v < 0 ? -v : v;
}

int dvmh_cuda_narrow(const dvmh_piece *p)
{
    const dvmh_idx limit = (dvmh_idx)1 << 30;
    const dvmh_loop *l = p->internal->loop;
    dvmh_idx iterations = 1;
    for (int d = 0; d < p->rank; d++) {
        if (magnitude(p->lo[d]) >= limit || magnitude(p->hi[d]) >= limit)
            return 0;
        /* the dimensions beyond y share z: their product counts */
        dvmh_idx n = p->step[d] ? (p->hi[d] - p->lo[d]) / p->step[d] + 1 : 1;
        iterations *= n > 0 ? n : 1;
        if (iterations >= limit)
            return 0;
    }
    for (int k = 0; k < l->data_count; k++) {
        const loop_data *dt = &l->data[k];
        if (piece_buffer_view(l, k))
            return 0;
        const repr *r = dt->array && dt->var ? &dt->var->rep[p->device] : NULL;
        dvmh_idx stride = 1, sum = 0;
        for (int d = dt->rank - 1; d >= 0; d--) {
            dvmh_idx ext = p->ext[k][d];
            dvmh_idx far = r ? magnitude(r->box.lo[d]) : 0, hi = r ? r->box.hi[d] : ext - 1;
            far = magnitude(hi) > far ? magnitude(hi) : far;
            if (far >= limit || ext < 0 || ext >= limit)
                return 0;
            sum += (far + 1) * stride; /* both below 2^30: no overflow */
            stride *= ext;
            if (sum >= limit || (stride >= limit && d > 0))
                return 0;
        }
    }
    return 1;
}

/* A piece on its way: what its handler receives lives here until the
 * device is done with it (an emulated accelerator runs the handler on a
 * thread of its own while the host goes on). */
typedef struct piece_state {
    dvmh_piece p;
    struct dvmh_piece_private priv;
    void **data_ptrs;
    dvmh_idx (*ext)[DVMH_MAX_RANK];
    void **copies;                  /* remote_access buffers copied to the device */
    const void **memory;
    bool *writes;
    device_piece dp;
    unsigned char **slots;          /* the piece's reduction slots */
    int *slot_counts;
    double started;
    long long iterations;
} piece_state;

/* The piece's arrays come in one block (ext, the first, is its start):
 * one allocation per piece and run of the loop, not seven. */
static void state_alloc(piece_state *s, int nd, int reds)
{
    size_t nd_ = (size_t)nd, reds_ = (size_t)reds;
    size_t bytes = nd_ * (sizeof *s->ext + sizeof *s->data_ptrs + sizeof *s->copies +
                          sizeof *s->memory + sizeof *s->writes) +
                   reds_ * (sizeof *s->slots + sizeof *s->slot_counts);
    char *b = dvmh_xcalloc(1, bytes);
    s->ext = (void *)b;
    b += nd_ * sizeof *s->ext;
    s->data_ptrs = (void *)b;
    b += nd_ * sizeof *s->data_ptrs;
    s->copies = (void *)b;
    b += nd_ * sizeof *s->copies;
    s->memory = (void *)b;
    b += nd_ * sizeof *s->memory;
    s->slots = (void *)b;
    b += reds_ * sizeof *s->slots;
    s->slot_counts = (void *)b;
    b += reds_ * sizeof *s->slot_counts;
    s->writes = (void *)b;
}

static void state_free(piece_state *s)
{
    thread_share_free(s->priv.share);
    free(s->ext);
}

/* Copies the remote_access buffers the piece reads to its device (read in
 * place on the host; the loop does not write them there). */
static void copy_buffers(dvmh_loop *l, const loop_piece *lp, piece_state *s)
{
    device *dev = device_get(lp->device);
    for (int k = 0; k < l->data_count; k++) {
        const comm_remote_view *v = piece_buffer_view(l, k);
        s->copies[k] = NULL;
        if (!v)
            continue;
        for (int d = 0; d < l->data[k].rank; d++)
            s->ext[k][d] = v->ext[d];
        if (lp->device == 0) {
            s->data_ptrs[k] = v->zero;
            continue;
        }
        box_copy c = {.rank = 1, .elem_size = l->data[k].elem_size, .count = {1},
                      .src = v->buffer, .dst_stride = {1}, .src_stride = {1}};
        for (int d = 0; d < l->data[k].rank; d++)
            c.count[0] *= v->ext[d];
        size_t bytes = (size_t)c.count[0] * c.elem_size;
        s->copies[k] = dev->ops->alloc(dev, bytes);
        if (!s->copies[k])
            dvmh_fatal(l->file, l->line, "out of memory on %s: %zu bytes for a remote_access buffer",
                       dev->name, bytes);
        c.dst = s->copies[k];
        dev->ops->to_device(dev, &c);
        actual_count(MOVE_REMOTE, MOVE_TO_DEVICE, bytes);
        s->data_ptrs[k] = (char *)s->copies[k] + (v->zero - v->buffer);
    }
}

/* What the piece's handler receives, and the data's device memory. */
static void setup(dvmh_loop *l, const loop_piece *lp, piece_state *s)
{
    device *dev = device_get(lp->device);
    int nd = l->data_count + 1;
    memset(s, 0, sizeof *s);
    state_alloc(s, nd, l->red_count + 1);
    dvmh_piece *p = &s->p;
    s->priv = (struct dvmh_piece_private){.loop = l, .device = lp->device, .slots = s->slots,
                                         .slot_count = s->slot_counts};
    p->internal = &s->priv;
    p->rank = l->rank;
    p->device = lp->device;
    long long iterations = 1;
    for (int d = 0; d < l->rank; d++) {
        p->lo[d] = lp->first[d];
        p->hi[d] = lp->last[d];
        p->step[d] = l->step[d];
        dvmh_idx n = (lp->last[d] - lp->first[d]) / l->step[d] + 1;
        iterations = n > LOOP_RANGE_UNKNOWN ? -1 : iterations < 0 ? -1 : iterations * n;
    }
    p->threads = lp->threads > 0 ? lp->threads : dev->threads;
    if (dev->kind == DEVICE_HOST && l->thread_limit > 0 && l->thread_limit < p->threads)
        p->threads = l->thread_limit; /* a short piece: a team would cost more than it gives */
    if (dev->handler_kind == DVMH_DEV_HOST)
        s->priv.share = thread_share_new(l, p->threads);
    for (int k = 0; k < l->data_count; k++)
        s->data_ptrs[k] = data_address(l, k, lp->device, s->ext[k]);
    copy_buffers(l, lp, s);
    p->data = s->data_ptrs;
    p->ext = s->ext;
    p->scalar = (void **)l->scalars;
    red_piece_slots(l, p->threads, dev->kind != DEVICE_HOST);
    for (int m = 0; m < l->red_count; m++) {
        s->slots[m] = l->reds[m].slots;
        s->slot_counts[m] = l->reds[m].slot_count;
        l->reds[m].slots = NULL;
        l->reds[m].slot_count = 0;
    }
    /* the device memory of the data, a remote_access buffer's copy only read */
    s->dp = (device_piece){0, s->memory, s->writes, red_result_later, &s->priv};
    for (int k = 0; k < l->data_count; k++) {
        const loop_data *d = &l->data[k];
        const void *base = s->copies[k] ? s->copies[k] : d->var ? d->var->rep[lp->device].base : NULL;
        if (!base)
            continue;
        s->memory[s->dp.memory_count] = base;
        s->writes[s->dp.memory_count++] = !s->copies[k] && (d->access & DVMH_WRITE);
    }
    s->iterations = iterations;
}

/* Starts the piece's handler on its device; finish_piece waits for it. */
static void launch(dvmh_loop *l, const loop_piece *lp, piece_state *s)
{
    device *dev = device_get(lp->device);
    setup(l, lp, s);
    s->started = dvmh_wtime();
    /* cleared once every piece is done (piece_run, piece_run_all) */
    dvmh_ctx()->in_handlers = true;
    dev->piece_seconds = -1;
    dev->ops->run(dev, piece_handler(l, lp->device), &s->p, &s->dp);
}

/* Waits for the piece's device; its reduction results are then in the
 * loop's slots, ready for red_fold. */
static void finish_piece(dvmh_loop *l, const loop_piece *lp, piece_state *s, double *seconds)
{
    device *dev = device_get(lp->device);
    dev->ops->sync(dev);
    /* the device's own time where it knows it (an emulated accelerator
     * runs while the host works), else until it was waited for */
    double t = dev->piece_seconds >= 0 ? dev->piece_seconds : dvmh_wtime() - s->started;
    if (seconds)
        *seconds = t;
    /* -1: a nest whose inner bounds use outer variables, its count unknown
     * (the statistics show the device's time, no iterations) */
    long long counted = s->iterations < 0 ? 0 : s->iterations;
    stats_device_work(lp->device, t, counted);
    trace_piece(l->file, l->line, lp->device, s->started, counted);
    red_piece_results(l, lp->device);
    for (int m = 0; m < l->red_count; m++) {
        l->reds[m].slots = s->slots[m];
        l->reds[m].slot_count = s->slot_counts[m];
    }
    for (int k = 0; k < l->data_count; k++)
        if (s->copies[k])
            dev->ops->release(dev, s->copies[k]); /* after the sync: no overlap with views */
    state_free(s);
}

void piece_run(dvmh_loop *l, const loop_piece *lp)
{
    piece_state s;
    launch(l, lp, &s);
    finish_piece(l, lp, &s, NULL);
    dvmh_ctx()->in_handlers = false;
}

void piece_run_ranges(dvmh_loop *l, const loop_piece *lp, int d, const dvmh_idx (*ranges)[2],
                      size_t count, dvmh_idx short_range)
{
    device *dev = device_get(lp->device);
    if (dev->kind != DEVICE_HOST)
        dvmh_fatal(l->file, l->line, "internal error: ranges of a piece on %s", dev->name);
    piece_state s;
    setup(l, lp, &s); /* slots for all the piece's threads */
    dvmh_handler fn = piece_handler(l, lp->device);
    int threads = s.p.threads;
    long long others = 1; /* iterations of the other dimensions */
    for (int e = 0; e < l->rank; e++)
        if (e != d)
            others *= (lp->last[e] - lp->first[e]) / l->step[e] + 1;
    long long iterations = 0;
    s.started = dvmh_wtime();
    dvmh_ctx()->in_handlers = true;
    dev->piece_seconds = -1;
    for (size_t k = 0; k < count; k++) {
        dvmh_idx n = (ranges[k][1] - ranges[k][0]) / l->step[d] + 1;
        s.p.lo[d] = ranges[k][0];
        s.p.hi[d] = ranges[k][1];
        s.p.threads = n < short_range ? 1 : threads;
        thread_share_reset(s.priv.share);
        fn(&s.p);
        red_fold_again(l, s.slots, s.slot_counts);
        iterations += others * n;
    }
    s.iterations = s.iterations < 0 ? -1 : iterations;
    finish_piece(l, lp, &s, NULL);
    dvmh_ctx()->in_handlers = false;
}

void piece_run_all(dvmh_loop *l, loop_piece *pieces, int n)
{
    /* Independent pieces (no across along the split): the accelerators'
     * pieces are started first and run while the host runs its piece
     * (a GPU's kernels, an emulated accelerator's thread); their
     * reduction results are folded after the host's, in the pieces'
     * order. Dependent pieces run one after another. */
    bool overlap = n > 1 && l->pieces_independent && !l->remote_views;
    trace_schedule(l, pieces, n);
    piece_state *states = dvmh_xcalloc((size_t)n, sizeof *states);
    double seconds[DEVICE_MAX];
    bool later[DEVICE_MAX] = {false};
    for (int k = 0; overlap && k < n; k++)
        if (device_get(pieces[k].device)->kind != DEVICE_HOST) {
            piece_actualize(l, &pieces[k]);
            launch(l, &pieces[k], &states[k]);
            later[k] = true;
        }
    for (int k = 0; k < n; k++) {
        if (later[k])
            continue;
        piece_actualize(l, &pieces[k]);
        launch(l, &pieces[k], &states[k]);
        finish_piece(l, &pieces[k], &states[k], &seconds[k]);
        red_fold(l);
        piece_written(l, &pieces[k]);
    }
    for (int k = 0; k < n; k++)
        if (later[k]) {
            finish_piece(l, &pieces[k], &states[k], &seconds[k]);
            red_fold(l);
            piece_written(l, &pieces[k]);
        }
    dvmh_ctx()->in_handlers = false;
    free(states);
    schedule_record(l, pieces, n, seconds);
}
