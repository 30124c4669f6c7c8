/* device.c: the generic device layer: the process's table of devices, which
 * the plugins (dev_host.c, dev_emu.c, lib/gpu) fill as the environment asks,
 * and copies between any two devices. */
#include "device.h"
#include "alloc.h"
#include "boxes.h"
#include "env.h"

#include <stdlib.h>

static struct {
    device *devices[DEVICE_MAX];
    int count;
    bool cuda_handlers;             /* some translation unit has them */
} table;

void dvmh_cuda_handlers_present(void)
{
    table.cuda_handlers = true;
}

/* A plugin's device joins the table with the weight of its kind
 * (variable: DVMH_*_PERF; index of count devices of the kind). Without any
 * weight given, schedule.c measures the devices' speeds. */
static void device_add(device *d, const char *variable, int index, int count)
{
    d->index = table.count;
    d->weight_given = env_given("DVMH_CPU_PERF") || env_given("DVMH_EMUS_PERF") ||
                      env_given("DVMH_CUDAS_PERF");
    d->weight = d->kind == DEVICE_HOST ? env_cpu_weight() : env_weight(variable, index, count);
    table.devices[table.count++] = d;
}

double device_emu_slowdown(int index, int count)
{
    return env_number_at("DVMH_EMU_SLOWDOWN", index, count, 1.0, 1.0, true,
                         "a slowdown (a number >= 1, or a comma list of them)");
}

void devices_start(int host_threads)
{
    int emus = env_int("DVMH_NUM_EMUS", 0, 0);
    const char *cuda_text = getenv("DVMH_NUM_CUDAS");
    int cudas = cuda_text && *cuda_text ? env_int("DVMH_NUM_CUDAS", 0, 0) : -1;
    /* Unset: every GPU, but only if some code can run on one: without CUDA
     * handlers the driver is not even loaded (cuInit costs 0.1 s or more). */
    if (cudas < 0 && !table.cuda_handlers)
        cudas = 0;
    if (emus + 1 > DEVICE_MAX)
        dvmh_fatal(NULL, 0, "DVMH_NUM_EMUS=%d: at most %d devices per process", emus,
                   DEVICE_MAX - 1);
    device_add(dev_host_open(host_threads), "DVMH_CPU_PERF", 0, 1);
    for (int k = 0; k < emus; k++)
        device_add(dev_emu_open(k, host_threads, device_emu_slowdown(k, emus)), "DVMH_EMUS_PERF",
                   k, emus);
    if (cudas != 0) {
        device *opened[DEVICE_MAX];
        int n = gpu_devices_open(cudas, table.count, opened, DEVICE_MAX - table.count);
        if (cudas > 0 && n < cudas)
            dvmh_fatal(NULL, 0, "DVMH_NUM_CUDAS=%d but %d CUDA device%s could be used", cudas, n,
                       n == 1 ? "" : "s");
        for (int k = 0; k < n; k++)
            device_add(opened[k], "DVMH_CUDAS_PERF", k, n);
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
