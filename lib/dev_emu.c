/* dev_emu.c: the emulated accelerator plugin ('emu'): host handlers on
 * memory of its own, run on a thread of its own as a real accelerator runs
 * its kernels while the host goes on. DVMH_EMU_SLOWDOWN makes it slower by
 * sleeping, so that it stands in for a device of another speed without
 * using the CPU. */
#include "alloc.h"
#include "context.h"
#include "dev_host.h"
#include "device.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Fresh emulated memory is filled with this byte: NaN as float and double,
 * -1 as any integer, so a value the runtime forgot to copy in shows. */
#define EMU_POISON 0xFF

typedef struct emu_state {
    double slowdown;                /* >= 1 */
    bool started, quit;
    pthread_t thread;
    pthread_mutex_t lock;
    pthread_cond_t cond;
    /* the piece queued or running; NULL: idle */
    dvmh_handler fn;
    dvmh_piece *piece;
    double queued;                  /* when the piece was queued */
} emu_state;

static void *emu_alloc(device *d, size_t bytes)
{
    (void)d;
    void *p = malloc(bytes ? bytes : 1);
    if (p)
        memset(p, EMU_POISON, bytes);
    return p;
}

static void sleep_seconds(double s)
{
    if (s <= 0)
        return;
    struct timespec ts = {(time_t)s, (long)((s - (double)(time_t)s) * 1e9)};
    while (nanosleep(&ts, &ts) != 0)
        ;
}

/* The device's thread: runs each piece it is given, then sleeps so that
 * the piece takes slowdown times its time, and reports the time from the
 * queueing to the end (what the loop waits for: a thread woken on a busy
 * machine may start late, as a real accelerator's kernel starts after its
 * launch latency). */
static void *emu_worker(void *arg)
{
    device *d = arg;
    emu_state *e = d->impl;
    pthread_mutex_lock(&e->lock);
    for (;;) {
        while (!e->fn && !e->quit)
            pthread_cond_wait(&e->cond, &e->lock);
        if (!e->fn)
            break;
        dvmh_handler fn = e->fn;
        dvmh_piece *p = e->piece;
        double queued = e->queued;
        pthread_mutex_unlock(&e->lock);
        double t0 = dvmh_wtime();
        fn(p);
        double t = dvmh_wtime() - t0;
        sleep_seconds((e->slowdown - 1) * t);
        double total = dvmh_wtime() - queued;
        pthread_mutex_lock(&e->lock);
        d->piece_seconds = total;
        e->fn = NULL;
        e->piece = NULL;
        pthread_cond_broadcast(&e->cond);
    }
    pthread_mutex_unlock(&e->lock);
    return NULL;
}

static void emu_sync(device *d)
{
    emu_state *e = d->impl;
    pthread_mutex_lock(&e->lock);
    while (e->fn)
        pthread_cond_wait(&e->cond, &e->lock);
    pthread_mutex_unlock(&e->lock);
}

/* Queues the piece on the device's thread (started on first use); the
 * piece and what it points to stay alive until emu_sync. */
static void emu_run(device *d, dvmh_handler fn, dvmh_piece *p, const device_piece *dp)
{
    (void)dp;
    emu_state *e = d->impl;
    emu_sync(d);
    pthread_mutex_lock(&e->lock);
    if (!e->started) {
        if (pthread_create(&e->thread, NULL, emu_worker, d) != 0)
            dvmh_fatal(NULL, 0, "%s: cannot start its thread", d->name);
        e->started = true;
    }
    e->fn = fn;
    e->piece = p;
    e->queued = dvmh_wtime();
    pthread_cond_broadcast(&e->cond);
    pthread_mutex_unlock(&e->lock);
}

static void emu_destroy(device *d)
{
    emu_state *e = d->impl;
    emu_sync(d);
    pthread_mutex_lock(&e->lock);
    e->quit = true;
    pthread_cond_broadcast(&e->cond);
    pthread_mutex_unlock(&e->lock);
    if (e->started)
        pthread_join(e->thread, NULL);
    pthread_mutex_destroy(&e->lock);
    pthread_cond_destroy(&e->cond);
    free(e);
    free(d);
}

/* The emulator shares the host's memory bus, so host copies serve it; what
 * makes it an accelerator is that its memory is its own. */
static const device_ops emu_ops = {
    emu_alloc, dev_host_release, dev_host_copy, dev_host_copy, dev_host_from_peer,
    emu_run,   emu_sync,         emu_destroy,
};

device *dev_emu_open(int number, int threads, double slowdown)
{
    device *d = dvmh_xcalloc(1, sizeof *d);
    emu_state *e = dvmh_xcalloc(1, sizeof *e);
    e->slowdown = slowdown < 1 ? 1 : slowdown;
    pthread_mutex_init(&e->lock, NULL);
    pthread_cond_init(&e->cond, NULL);
    d->kind = DEVICE_EMU;
    d->handler_kind = DVMH_DEV_HOST;
    d->ops = &emu_ops;
    d->threads = threads;
    d->impl = e;
    d->piece_seconds = -1;
    snprintf(d->name, sizeof d->name, "emu%d", number);
    return d;
}
