/* stream.c: deferred work. Each stream is a FIFO of operations (launches,
 * copies, event records, waits on events) that run only when something
 * forces them, as the driver would have finished them by then: stream,
 * event and context synchronisation, freeing memory, unloading a module.
 * Nothing else runs them, so a missing synchronisation shows as stale data. */
#include "cuemu.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { OP_LAUNCH, OP_COPY, OP_RECORD, OP_WAIT };

typedef struct op {
    int kind;
    struct op *next;
    cuemu_launch launch;
    cuemu_copy copy;
    struct cuemu_event *event;      /* OP_RECORD, OP_WAIT */
    unsigned long long record;      /* which record of the event */
    struct cuemu_stream *waited;    /* OP_WAIT: the stream of that record */
} op;

/* Destroyed streams are kept (events and waits may name them); the
 * runtime makes a few per device. */
struct cuemu_stream {
    cuemu_context *ctx;
    op *head, **tail;
    bool destroyed;
    struct cuemu_stream *next;      /* in ctx->streams */
};

struct cuemu_event {
    cuemu_stream *stream;           /* of the last record */
    unsigned long long recorded;    /* records made: the last one's number */
    unsigned long long reached;     /* the highest record run */
    bool timing;                    /* not CU_EVENT_DISABLE_TIMING */
    double at;                      /* when the last record ran (seconds) */
};

/* CU_STREAM_LEGACY and CU_STREAM_PER_THREAD: like 0, the context's null
 * stream (which here does not synchronise with the other streams). */
#define SPECIAL_STREAMS 2

static cuemu_stream *stream_new(cuemu_context *ctx)
{
    cuemu_stream *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->ctx = ctx;
    s->tail = &s->head;
    s->next = ctx->streams;
    ctx->streams = s;
    return s;
}

cuemu_stream *cuemu_stream_of(CUstream handle)
{
    if ((uintptr_t)handle > SPECIAL_STREAMS)
        return handle;
    cuemu_context *ctx = cuemu_current();
    if (!ctx)
        return NULL;
    if (!ctx->null_stream)
        ctx->null_stream = stream_new(ctx);
    return ctx->null_stream;
}

cuemu_context *cuemu_stream_context(cuemu_stream *s)
{
    return s->ctx;
}

static op *op_new(int kind)
{
    op *o = calloc(1, sizeof *o);
    if (!o) {
        fprintf(stderr, "cuemu: out of memory queueing work\n");
        abort();
    }
    o->kind = kind;
    return o;
}

static void enqueue(cuemu_stream *s, op *o)
{
    o->next = NULL;
    *s->tail = o;
    s->tail = &o->next;
}

void cuemu_queue_copy(cuemu_stream *s, const cuemu_copy *c)
{
    op *o = op_new(OP_COPY);
    o->copy = *c;
    enqueue(s, o);
}

void cuemu_queue_launch(cuemu_stream *s, const cuemu_launch *l)
{
    op *o = op_new(OP_LAUNCH);
    o->launch = *l;
    enqueue(s, o);
}

static void run_through_record(cuemu_stream *s, const struct cuemu_event *e,
                               unsigned long long record);

/* Runs the first operation of s (it is taken off first: a wait may run
 * other streams, which may wait on events of this one). */
static void run_first(cuemu_stream *s)
{
    op *o = s->head;
    s->head = o->next;
    if (!s->head)
        s->tail = &s->head;
    switch (o->kind) {
    case OP_LAUNCH:
        cuemu_log_launch(&o->launch);
        cuemu_run_launch(&o->launch);
        free(o->launch.params);
        break;
    case OP_COPY: {
        CUresult e = cuemu_copy_run(&o->copy, s->ctx);
        if (e && !s->ctx->sticky)
            s->ctx->sticky = e;
        cuemu_copy_free(&o->copy);
        break;
    }
    case OP_RECORD:
        if (o->event->reached < o->record) {
            struct timespec ts;
            clock_gettime(CLOCK_MONOTONIC, &ts);
            o->event->reached = o->record;
            o->event->at = (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
        }
        break;
    case OP_WAIT:
        run_through_record(o->waited, o->event, o->record);
        break;
    }
    free(o);
}

static bool is_record(const op *o, const struct cuemu_event *e, unsigned long long record)
{
    return o->kind == OP_RECORD && o->event == e && o->record == record;
}

/* Runs s until the given record of e has run (an event may be recorded on
 * one stream, then on another: each wait is for one record). */
static void run_through_record(cuemu_stream *s, const struct cuemu_event *e,
                               unsigned long long record)
{
    const op *o = s->head;
    while (o && !is_record(o, e, record))
        o = o->next;
    if (!o)
        return; /* it has run */
    for (;;) {
        bool last = is_record(s->head, e, record);
        run_first(s);
        if (last)
            return;
    }
}

void cuemu_stream_drain(cuemu_stream *s)
{
    while (s->head)
        run_first(s);
}

void cuemu_context_drain(cuemu_context *ctx)
{
    for (cuemu_stream *s = ctx->streams; s; s = s->next)
        cuemu_stream_drain(s);
}

void cuemu_drain_all(void)
{
    for (int d = 0; d < cuemu_device_count(); d++)
        cuemu_context_drain(cuemu_context_of(d));
}

/* ---- entry points ---- */

CUresult cuStreamCreate(CUstream *out, unsigned flags)
{
    (void)flags; /* blocking or not: the null stream waits for no one here */
    pthread_mutex_lock(&cuemu_lock);
    cuemu_context *ctx = cuemu_current();
    cuemu_stream *s = ctx ? stream_new(ctx) : NULL;
    if (s)
        *out = s;
    pthread_mutex_unlock(&cuemu_lock);
    return !ctx ? CUDA_ERROR_INVALID_CONTEXT : s ? CUDA_SUCCESS : CUDA_ERROR_OUT_OF_MEMORY;
}

/* As the driver: returns at once; the queued work still runs (at the next
 * synchronisation of the context, or a wait on one of its events). */
CUresult cuStreamDestroy_v2(CUstream handle)
{
    if ((uintptr_t)handle <= SPECIAL_STREAMS)
        return CUDA_ERROR_INVALID_HANDLE;
    pthread_mutex_lock(&cuemu_lock);
    handle->destroyed = true;
    pthread_mutex_unlock(&cuemu_lock);
    return CUDA_SUCCESS;
}

CUresult cuStreamSynchronize(CUstream handle)
{
    pthread_mutex_lock(&cuemu_lock);
    cuemu_stream *s = cuemu_stream_of(handle);
    CUresult e = CUDA_ERROR_INVALID_CONTEXT;
    if (s) {
        cuemu_stream_drain(s);
        e = s->ctx->sticky;
    }
    pthread_mutex_unlock(&cuemu_lock);
    return e;
}

CUresult cuCtxSynchronize(void)
{
    pthread_mutex_lock(&cuemu_lock);
    cuemu_context *ctx = cuemu_current();
    CUresult e = CUDA_ERROR_INVALID_CONTEXT;
    if (ctx) {
        cuemu_context_drain(ctx);
        e = ctx->sticky;
    }
    pthread_mutex_unlock(&cuemu_lock);
    return e;
}

CUresult cuEventCreate(CUevent *out, unsigned flags)
{
    (void)flags;
    pthread_mutex_lock(&cuemu_lock);
    CUresult e = CUDA_ERROR_INVALID_CONTEXT;
    if (cuemu_current()) {
        *out = calloc(1, sizeof **out);
        e = *out ? CUDA_SUCCESS : CUDA_ERROR_OUT_OF_MEMORY;
        if (*out)
            (*out)->timing = !(flags & 2); /* CU_EVENT_DISABLE_TIMING */
    }
    pthread_mutex_unlock(&cuemu_lock);
    return e;
}

/* Waits queued behind a record keep a pointer to the event: it is freed
 * once nothing can reach it (here: never; events are few). */
CUresult cuEventDestroy_v2(CUevent e)
{
    return e ? CUDA_SUCCESS : CUDA_ERROR_INVALID_HANDLE;
}

CUresult cuEventRecord(CUevent e, CUstream handle)
{
    if (!e)
        return CUDA_ERROR_INVALID_HANDLE;
    pthread_mutex_lock(&cuemu_lock);
    cuemu_stream *s = cuemu_stream_of(handle);
    if (s) {
        op *o = op_new(OP_RECORD);
        o->event = e;
        o->record = ++e->recorded;
        e->stream = s;
        enqueue(s, o);
    }
    pthread_mutex_unlock(&cuemu_lock);
    return s ? CUDA_SUCCESS : CUDA_ERROR_INVALID_CONTEXT;
}

CUresult cuEventSynchronize(CUevent e)
{
    if (!e)
        return CUDA_ERROR_INVALID_HANDLE;
    pthread_mutex_lock(&cuemu_lock);
    CUresult r = CUDA_SUCCESS;
    if (e->stream) {
        run_through_record(e->stream, e, e->recorded);
        r = e->stream->ctx->sticky;
    }
    pthread_mutex_unlock(&cuemu_lock);
    return r;
}

/* As the driver: both recorded with timing, and both reached. */
CUresult cuEventElapsedTime(float *ms, CUevent start, CUevent end)
{
    if (!start || !end || !ms)
        return CUDA_ERROR_INVALID_HANDLE;
    pthread_mutex_lock(&cuemu_lock);
    CUresult r = CUDA_SUCCESS;
    if (!start->timing || !end->timing || !start->recorded || !end->recorded)
        r = CUDA_ERROR_INVALID_HANDLE;
    else if (start->reached < start->recorded || end->reached < end->recorded)
        r = CUDA_ERROR_NOT_READY;
    else
        *ms = (float)((end->at - start->at) * 1e3);
    pthread_mutex_unlock(&cuemu_lock);
    return r;
}

CUresult cuEventQuery(CUevent e)
{
    if (!e)
        return CUDA_ERROR_INVALID_HANDLE;
    pthread_mutex_lock(&cuemu_lock);
    CUresult r = e->reached < e->recorded ? CUDA_ERROR_NOT_READY : CUDA_SUCCESS;
    pthread_mutex_unlock(&cuemu_lock);
    return r;
}

/* The wait is for the event's last record at this call. */
CUresult cuStreamWaitEvent(CUstream handle, CUevent e, unsigned flags)
{
    if (!e || flags > 1)
        return !e ? CUDA_ERROR_INVALID_HANDLE : CUDA_ERROR_INVALID_VALUE;
    pthread_mutex_lock(&cuemu_lock);
    cuemu_stream *s = cuemu_stream_of(handle);
    if (s && e->reached < e->recorded) {
        op *o = op_new(OP_WAIT);
        o->event = e;
        o->record = e->recorded;
        o->waited = e->stream;
        enqueue(s, o);
    }
    pthread_mutex_unlock(&cuemu_lock);
    return s ? CUDA_SUCCESS : CUDA_ERROR_INVALID_CONTEXT;
}
