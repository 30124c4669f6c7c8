/* device.c: the device table of the process and the two backends that need
 * no hardware: the host, and emulated accelerators ('emu': separately
 * allocated, poisoned memory, running host handlers on their own copies). */
#include "device.h"
#include "alloc.h"
#include "internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static struct {
    device *devices[DEVICE_MAX];
    int count;
} table;

static void *host_alloc(device *d, size_t bytes)
{
    (void)d;
    return malloc(bytes ? bytes : 1);
}

static void host_release(device *d, void *p)
{
    (void)d;
    free(p);
}

static void host_copy(device *d, const box_copy *c)
{
    (void)d;
    box_copy_rows(c);
}

static void host_from_peer(device *d, device *peer, const box_copy *c)
{
    (void)d;
    (void)peer;
    box_copy_rows(c);
}

static void host_run(device *d, dvmh_handler fn, dvmh_piece *p, const device_piece *dp)
{
    (void)d;
    (void)dp;
    fn(p);
}

static void host_sync(device *d)
{
    (void)d;
}

static void host_destroy(device *d)
{
    free(d);
}

static const device_ops host_ops = {
    host_alloc, host_release, host_copy, host_copy, host_from_peer, host_run, host_sync,
    host_destroy,
};

/* Fresh emulated memory is filled with this byte: NaN as float and double,
 * -1 as any integer, so a value the runtime forgot to copy in shows. */
#define EMU_POISON 0xFF

static void *emu_alloc(device *d, size_t bytes)
{
    (void)d;
    void *p = malloc(bytes ? bytes : 1);
    if (p)
        memset(p, EMU_POISON, bytes);
    return p;
}

/* The emulator shares the host's memory bus, so host copies serve it; what
 * makes it an accelerator is that its memory is its own. */
static const device_ops emu_ops = {
    emu_alloc, host_release, host_copy, host_copy, host_from_peer, host_run, host_sync,
    host_destroy,
};

static device *device_new(int kind, const device_ops *ops, const char *name, double weight,
                          int threads)
{
    device *d = dvmh_xcalloc(1, sizeof *d);
    d->index = table.count;
    d->kind = kind;
    d->handler_kind = DVMH_DEV_HOST;
    d->ops = ops;
    d->weight = weight;
    d->threads = threads;
    snprintf(d->name, sizeof d->name, "%s", name);
    table.devices[table.count++] = d;
    return d;
}

#ifndef DVMH_HAVE_GPU
int gpu_devices_open(int wanted, int first_index, device **out, int max)
{
    (void)wanted;
    (void)first_index;
    (void)out;
    (void)max;
    return 0; /* this libdvmh was built without the GPU backend */
}
#endif

void devices_start(int host_threads)
{
    int emus = env_int("DVMH_NUM_EMUS", 0, 0);
    const char *cuda_text = getenv("DVMH_NUM_CUDAS");
    int cudas = cuda_text && *cuda_text ? env_int("DVMH_NUM_CUDAS", 0, 0) : -1;
    double cpu = env_cpu_weight(), emu = env_weight("DVMH_EMUS_PERF");
    if (emus + 1 > DEVICE_MAX)
        dvmh_fatal(NULL, 0, "DVMH_NUM_EMUS=%d: at most %d devices per process", emus,
                   DEVICE_MAX - 1);
    device_new(DEVICE_HOST, &host_ops, "host", cpu, host_threads);
    for (int k = 0; k < emus; k++) {
        char name[24];
        snprintf(name, sizeof name, "emu%d", k);
        device_new(DEVICE_EMU, &emu_ops, name, emu, host_threads);
    }
    if (cudas != 0) {
        device *opened[DEVICE_MAX];
        int n = gpu_devices_open(cudas, table.count, opened, DEVICE_MAX - table.count);
        if (cudas > 0 && n < cudas)
            dvmh_fatal(NULL, 0, "DVMH_NUM_CUDAS=%d but %d CUDA device%s could be used", cudas, n,
                       n == 1 ? "" : "s");
        for (int k = 0; k < n; k++) {
            opened[k]->index = table.count;
            table.devices[table.count++] = opened[k];
        }
    }
}

void devices_stop(void)
{
    for (int k = table.count - 1; k >= 0; k--) {
        device *d = table.devices[k];
        d->ops->sync(d);
        d->ops->destroy(d);
        table.devices[k] = NULL;
    }
    table.count = 0;
}

int device_count(void)
{
    return table.count;
}

device *device_get(int index)
{
    return table.devices[index];
}

void device_copy(device *dst, device *src, const box_copy *c)
{
    if (src->kind == DEVICE_HOST) {
        dst->ops->to_device(dst, c);
        return;
    }
    if (dst->kind == DEVICE_HOST) {
        src->ops->to_host(src, c);
        return;
    }
    if (dst->ops == src->ops && dst->ops->from_peer) {
        dst->ops->from_peer(dst, src, c);
        return;
    }
    /* different backends: through a packed host buffer */
    size_t n = c->elem_size;
    for (int d = 0; d < c->rank; d++)
        n *= (size_t)c->count[d];
    char *stage = dvmh_xmalloc(n);
    box_copy out = *c, in = *c;
    dvmh_idx stride = 1;
    for (int d = c->rank - 1; d >= 0; d--) {
        out.dst_stride[d] = stride;
        in.src_stride[d] = stride;
        stride *= c->count[d];
    }
    out.dst = stage;
    in.src = stage;
    src->ops->to_host(src, &out);
    dst->ops->to_device(dst, &in);
    free(stage);
}
