/* gpu.c: the CUDA backend's devices: opening the GPUs, a caching
 * allocator, box copies between host and GPU and between GPUs (through
 * page-locked staging buffers), running launchers, synchronisation. */
#include "gpu.h"
#include "../alloc.h"
#include "../boxes.h"
#include "../device.h"
#include "../env.h"
#include "../host_mem.h"
#include "cuda_api.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static struct {
    gpu *gpus[GPU_MAX];
    int count;
} backend;

/* The GPU whose handler runs on this thread, and the piece it runs. */
static _Thread_local struct {
    gpu *g;
    const device_piece *piece;
} running;

const cuda_api *gpu_api(void)
{
    return cuda_api_get(NULL);
}

gpu *gpu_current(void)
{
    return running.g;
}

void gpu_result_later(int k, const void *var, const void *loc)
{
    running.piece->result_later(running.piece->arg, k, var, loc);
}

gpu *gpu_by_ordinal(int ordinal)
{
    return ordinal >= 0 && ordinal < backend.count ? backend.gpus[ordinal] : NULL;
}

void gpu_check(gpu *g, CUresult e, const char *call)
{
    if (!e)
        return;
    char buf[256];
    /* no position of its own: dvmh_fatal names the loop or region being run */
    dvmh_fatal(NULL, 0, "%s on %s", cuda_error_text(call, e, buf, sizeof buf),
               g && g->dev ? g->dev->name : "a GPU");
}

static void push(gpu *g)
{
    gpu_check(g, gpu_api()->CtxPushCurrent(g->ctx), "cuCtxPushCurrent");
}

static void pop(gpu *g)
{
    CUcontext c;
    gpu_check(g, gpu_api()->CtxPopCurrent(&c), "cuCtxPopCurrent");
}

static void record(gpu *g, struct gpu_block *b, unsigned use, CUstream s);
static void wait_for(gpu *g, const struct gpu_block *b, unsigned use, CUstream s);

/* ---- caching allocator: freed blocks are kept and reused for requests
 * of up to their size (and at least half of it); out of memory frees the
 * cache and tries again ---- */

static void block_push(gpu_block **list, int *count, int *cap, gpu_block b)
{
    if (*count == *cap) {
        *cap = *cap ? *cap * 2 : 32;
        *list = dvmh_xrealloc(*list, sizeof(gpu_block) * (size_t)*cap);
    }
    (*list)[(*count)++] = b;
}

static void block_free(gpu *g, gpu_block *b)
{
    gpu_check(g, gpu_api()->MemFree(b->ptr), "cuMemFree");
    for (int u = 0; u < USES; u++)
        if (b->event[u])
            gpu_check(g, gpu_api()->EventDestroy(b->event[u]), "cuEventDestroy");
}

static void free_cache(gpu *g)
{
    for (int k = 0; k < g->cached_count; k++)
        block_free(g, &g->cached[k]);
    g->cached_count = 0;
    g->cached_bytes = 0;
}

size_t gpu_free_memory(gpu *g)
{
    size_t free_bytes = 0, total = 0;
    gpu_check(g, gpu_api()->MemGetInfo(&free_bytes, &total), "cuMemGetInfo");
    pthread_mutex_lock(&g->lock);
    free_bytes += g->cached_bytes;
    pthread_mutex_unlock(&g->lock);
    return free_bytes;
}

void *gpu_alloc(gpu *g, size_t bytes)
{
    if (bytes == 0)
        bytes = 1;
    bytes = (bytes + 255) / 256 * 256;
    pthread_mutex_lock(&g->lock);
    int best = -1;
    for (int k = 0; k < g->cached_count; k++) {
        size_t s = g->cached[k].size;
        if (s >= bytes && s / 2 <= bytes && (best < 0 || s < g->cached[best].size))
            best = k;
    }
    gpu_block b;
    memset(&b, 0, sizeof b);
    if (best >= 0) {
        b = g->cached[best];
        g->cached[best] = g->cached[--g->cached_count];
        g->cached_bytes -= b.size;
    } else {
        push(g);
        CUresult e = gpu_api()->MemAlloc(&b.ptr, bytes);
        if (e == DRV_ERROR_OUT_OF_MEMORY && g->cached_count) {
            free_cache(g);
            e = gpu_api()->MemAlloc(&b.ptr, bytes);
        }
        pop(g);
        if (e == DRV_ERROR_OUT_OF_MEMORY) {
            pthread_mutex_unlock(&g->lock);
            return NULL;
        }
        gpu_check(g, e, "cuMemAlloc");
        b.size = bytes;
    }
    block_push(&g->live, &g->live_count, &g->live_cap, b);
    pthread_mutex_unlock(&g->lock);
    return (void *)(uintptr_t)b.ptr;
}

void gpu_release(gpu *g, void *p, bool by_kernels)
{
    if (!p)
        return;
    push(g);
    pthread_mutex_lock(&g->lock);
    for (int k = 0; k < g->live_count; k++)
        if (g->live[k].ptr == (CUdeviceptr)(uintptr_t)p) {
            gpu_block *b = &g->live[k];
            /* its next user may be a launcher's temporary, which no copy
             * waits for: kernels wait for copies still using it, and
             * copies for the kernels that used it */
            if (by_kernels) {
                record(g, b, USE_KERNEL_WRITE, g->stream);
                record(g, b, USE_KERNEL, g->stream);
            }
            wait_for(g, b, USE_COPY, g->stream);
            block_push(&g->cached, &g->cached_count, &g->cached_cap, *b);
            g->cached_bytes += b->size;
            g->live[k] = g->live[--g->live_count];
            pthread_mutex_unlock(&g->lock);
            pop(g);
            return;
        }
    pthread_mutex_unlock(&g->lock);
    dvmh_fatal(NULL, 0, "internal error: %s releases memory it did not allocate", g->dev->name);
}

/* ---- ordering kernels and copies (g->lock held) ---- */

static gpu_block *block_of(gpu *g, CUdeviceptr p)
{
    for (int k = 0; k < g->live_count; k++)
        if (p >= g->live[k].ptr && p < g->live[k].ptr + g->live[k].size)
            return &g->live[k];
    return NULL;
}

static void record(gpu *g, gpu_block *b, unsigned use, CUstream s)
{
    if (!b->event[use])
        gpu_check(g, gpu_api()->EventCreate(&b->event[use], DRV_EVENT_DISABLE_TIMING), "cuEventCreate");
    gpu_check(g, gpu_api()->EventRecord(b->event[use], s), "cuEventRecord");
    b->pending |= 1u << use;
}

static void wait_for(gpu *g, const gpu_block *b, unsigned use, CUstream s)
{
    if (b->pending & (1u << use))
        gpu_check(g, gpu_api()->StreamWaitEvent(s, b->event[use], 0), "cuStreamWaitEvent");
}

/* A transfer on the copy stream into (write) or out of the memory at p:
 * first the kernels that use it (that write it, for a read). */
static void copy_after_kernels(gpu *g, CUdeviceptr p, bool write)
{
    gpu_block *b = block_of(g, p);
    if (b)
        wait_for(g, b, write ? USE_KERNEL : USE_KERNEL_WRITE, g->copy);
}

static void copy_done(gpu *g, CUdeviceptr p, bool write)
{
    gpu_block *b = block_of(g, p);
    if (!b)
        return;
    if (write)
        record(g, b, USE_COPY_WRITE, g->copy);
    record(g, b, USE_COPY, g->copy);
}

/* The kernels of a piece (which runs on g->stream) wait for the transfers
 * into the memory they use, and out of the memory they write; afterwards
 * the memory remembers them. */
static void order_kernels(gpu *g, const device_piece *dp, bool after)
{
    pthread_mutex_lock(&g->lock);
    for (int k = 0; k < dp->memory_count; k++) {
        gpu_block *b = block_of(g, (CUdeviceptr)(uintptr_t)dp->memory[k]);
        if (!b)
            continue;
        if (!after) {
            wait_for(g, b, dp->writes[k] ? USE_COPY : USE_COPY_WRITE, g->stream);
        } else {
            if (dp->writes[k])
                record(g, b, USE_KERNEL_WRITE, g->stream);
            record(g, b, USE_KERNEL, g->stream);
        }
    }
    pthread_mutex_unlock(&g->lock);
}

/* ---- box copies ---- */

/* One side of a copy: where the box's first element is, its strides. */
typedef struct side {
    bool host;
    char *addr;
    const dvmh_idx *stride;         /* in elements */
} side;

/* Splits a box into slabs the 3D copy takes: the last three dimensions
 * when the strides nest (stride[r-3] a multiple of stride[r-2] on both
 * sides), else one plane of the last two at a time; fn gets each slab's
 * first elements and its pitch (bytes) and height (rows) per side. */
typedef void (*slab_fn)(gpu *g, void *ctx, const box_copy *c, char *dst, const char *src,
                        size_t dst_pitch, size_t dst_height, size_t src_pitch, size_t src_height,
                        size_t width, size_t height, size_t depth);

static void for_each_slab(gpu *g, void *ctx, const box_copy *c, slab_fn fn)
{
    int r = c->rank;
    size_t es = c->elem_size;
    size_t width = (size_t)c->count[r - 1] * es;
    size_t height = r >= 2 ? (size_t)c->count[r - 2] : 1;
    size_t dpitch = r >= 2 ? (size_t)c->dst_stride[r - 2] * es : width;
    size_t spitch = r >= 2 ? (size_t)c->src_stride[r - 2] * es : width;
    int outer = r - 2; /* dimensions looped over here */
    size_t depth = 1, dheight = height, sheight = height;
    if (r >= 3 && c->dst_stride[r - 2] > 0 && c->src_stride[r - 2] > 0 &&
        c->dst_stride[r - 3] % c->dst_stride[r - 2] == 0 &&
        c->src_stride[r - 3] % c->src_stride[r - 2] == 0 &&
        c->dst_stride[r - 3] / c->dst_stride[r - 2] >= (dvmh_idx)height &&
        c->src_stride[r - 3] / c->src_stride[r - 2] >= (dvmh_idx)height) {
        depth = (size_t)c->count[r - 3];
        dheight = (size_t)(c->dst_stride[r - 3] / c->dst_stride[r - 2]);
        sheight = (size_t)(c->src_stride[r - 3] / c->src_stride[r - 2]);
        outer = r - 3;
    }
    if (outer < 0)
        outer = 0;
    for (int d = 0; d < r; d++)
        if (c->count[d] <= 0)
            return;
    dvmh_idx idx[DVMH_MAX_RANK] = {0};
    for (;;) {
        dvmh_idx doff = 0, soff = 0;
        for (int d = 0; d < outer; d++) {
            doff += idx[d] * c->dst_stride[d];
            soff += idx[d] * c->src_stride[d];
        }
        fn(g, ctx, c, c->dst + doff * (dvmh_idx)es, c->src + soff * (dvmh_idx)es, dpitch, dheight,
           spitch, sheight, width, height, depth);
        int d = outer - 1;
        while (d >= 0 && ++idx[d] == c->count[d])
            idx[d--] = 0;
        if (d < 0)
            break;
    }
}

typedef struct copy_ctx {
    bool dst_host, src_host;
    CUstream stream;
} copy_ctx;

static void slab_copy(gpu *g, void *vctx, const box_copy *c, char *dst, const char *src,
                      size_t dst_pitch, size_t dst_height, size_t src_pitch, size_t src_height,
                      size_t width, size_t height, size_t depth)
{
    (void)c;
    copy_ctx *ctx = vctx;
    cuda_memcpy3d m;
    memset(&m, 0, sizeof m);
    m.srcMemoryType = ctx->src_host ? DRV_MEMORYTYPE_HOST : DRV_MEMORYTYPE_DEVICE;
    if (ctx->src_host)
        m.srcHost = src;
    else
        m.srcDevice = (CUdeviceptr)(uintptr_t)src;
    m.srcPitch = src_pitch;
    m.srcHeight = src_height;
    m.dstMemoryType = ctx->dst_host ? DRV_MEMORYTYPE_HOST : DRV_MEMORYTYPE_DEVICE;
    if (ctx->dst_host)
        m.dstHost = dst;
    else
        m.dstDevice = (CUdeviceptr)(uintptr_t)dst;
    m.dstPitch = dst_pitch;
    m.dstHeight = dst_height;
    m.WidthInBytes = width;
    m.Height = height;
    m.Depth = depth;
    gpu_check(g, gpu_api()->Memcpy3DAsync(&m, ctx->stream), "cuMemcpy3DAsync");
}

static size_t box_bytes(const box_copy *c)
{
    size_t n = c->elem_size;
    for (int d = 0; d < c->rank; d++)
        n *= c->count[d] > 0 ? (size_t)c->count[d] : 0;
    return n;
}

/* The staging buffer, grown to bytes (NULL: page-locking is off or the
 * driver refused; the copy then goes from pageable memory). Called with
 * g->lock held. */
static void *staging(gpu *g, size_t bytes)
{
    if (!g->page_lock)
        return NULL;
    if (g->staging_busy) {
        /* the previous transfer to the device may still read it */
        gpu_check(g, gpu_api()->EventSynchronize(g->staging_free), "cuEventSynchronize");
        g->staging_busy = false;
    }
    if (g->staging_size < bytes) {
        if (g->staging)
            gpu_check(g, gpu_api()->MemFreeHost(g->staging), "cuMemFreeHost");
        g->staging = NULL;
        g->staging_size = 0;
        void *p;
        if (gpu_api()->MemAllocHost(&p, bytes))
            return NULL;
        g->staging = p;
        g->staging_size = bytes;
    }
    return g->staging;
}

/* Page-locking of the host memory of distributed arrays (host_mem.c),
 * for every context (portable); undone with any open GPU's context. */
static bool pin_host(void *block, size_t bytes)
{
    return gpu_api()->MemHostRegister(block, bytes, DRV_MEMHOSTREGISTER_PORTABLE) == 0;
}

static void unpin_host(void *block)
{
    for (int k = 0; k < backend.count; k++) {
        gpu *g = backend.gpus[k];
        if (g) {
            push(g);
            gpu_check(g, gpu_api()->MemHostUnregister(block), "cuMemHostUnregister");
            pop(g);
            return;
        }
    }
}

/* The bytes from a box side's first element to its last. */
static size_t box_extent(const box_copy *c, const dvmh_idx *stride)
{
    size_t n = c->elem_size;
    for (int d = 0; d < c->rank; d++)
        n += (size_t)(c->count[d] - 1) * (size_t)stride[d] * c->elem_size;
    return n;
}

/* Transfers to the device return once queued (the staging buffer, or the
 * driver for pageable memory, holds the data); transfers to the host wait
 * for their copy, but not for kernels on memory they do not read. The
 * host memory of a large distributed array is page-locked on its first
 * transfer (DVMH_PAGE_LOCK_HOST_MEM): the copy engine then reads and
 * writes it directly, at the full speed of the bus (10 times the staged
 * copy on an H100), and a transfer to the device waits for its copy, as
 * the host may write the memory next. */
static void host_transfer(device *d, const box_copy *c, bool to_device)
{
    gpu *g = d->impl;
    size_t bytes = box_bytes(c);
    if (!bytes)
        return;
    push(g);
    pthread_mutex_lock(&g->lock);
    CUdeviceptr dev = (CUdeviceptr)(uintptr_t)(to_device ? c->dst : c->src);
    copy_after_kernels(g, dev, to_device);
    bool pinned = g->page_lock &&
                  host_mem_pin(to_device ? c->src : c->dst,
                               box_extent(c, to_device ? c->src_stride : c->dst_stride), pin_host,
                               unpin_host);
    void *stage = pinned ? NULL : staging(g, bytes);
    copy_ctx ctx = {!to_device, to_device, g->copy};
    if (stage) {
        /* the host side becomes the packed staging buffer; host rows move
         * between it and the box with the host backend's row copy */
        box_copy packed = *c, host = *c;
        dvmh_idx s = 1;
        for (int k = c->rank - 1; k >= 0; k--) {
            if (to_device)
                packed.src_stride[k] = host.dst_stride[k] = s;
            else
                packed.dst_stride[k] = host.src_stride[k] = s;
            s *= c->count[k];
        }
        if (to_device) {
            host.dst = stage;
            box_copy_rows(&host);
            packed.src = stage;
            for_each_slab(g, &ctx, &packed, slab_copy);
            if (!g->staging_free)
                gpu_check(g, gpu_api()->EventCreate(&g->staging_free, DRV_EVENT_DISABLE_TIMING),
                          "cuEventCreate");
            gpu_check(g, gpu_api()->EventRecord(g->staging_free, g->copy), "cuEventRecord");
            g->staging_busy = true;
        } else {
            packed.dst = stage;
            for_each_slab(g, &ctx, &packed, slab_copy);
            gpu_check(g, gpu_api()->StreamSynchronize(g->copy), "cuStreamSynchronize");
            host.src = stage;
            box_copy_rows(&host);
        }
    } else {
        for_each_slab(g, &ctx, c, slab_copy);
        if (!to_device || pinned)
            gpu_check(g, gpu_api()->StreamSynchronize(g->copy), "cuStreamSynchronize");
    }
    copy_done(g, dev, to_device);
    pthread_mutex_unlock(&g->lock);
    pop(g);
}

static void op_to_device(device *d, const box_copy *c)
{
    host_transfer(d, c, true);
}

static void op_to_host(device *d, const box_copy *c)
{
    host_transfer(d, c, false);
}

typedef struct peer_ctx {
    gpu *src;
} peer_ctx;

static void slab_peer(gpu *g, void *vctx, const box_copy *c, char *dst, const char *src,
                      size_t dst_pitch, size_t dst_height, size_t src_pitch, size_t src_height,
                      size_t width, size_t height, size_t depth)
{
    (void)c;
    peer_ctx *ctx = vctx;
    cuda_memcpy3d_peer m;
    memset(&m, 0, sizeof m);
    m.srcMemoryType = DRV_MEMORYTYPE_DEVICE;
    m.srcDevice = (CUdeviceptr)(uintptr_t)src;
    m.srcContext = ctx->src->ctx;
    m.srcPitch = src_pitch;
    m.srcHeight = src_height;
    m.dstMemoryType = DRV_MEMORYTYPE_DEVICE;
    m.dstDevice = (CUdeviceptr)(uintptr_t)dst;
    m.dstContext = g->ctx;
    m.dstPitch = dst_pitch;
    m.dstHeight = dst_height;
    m.WidthInBytes = width;
    m.Height = height;
    m.Depth = depth;
    gpu_check(g, gpu_api()->Memcpy3DPeerAsync(&m, g->copy), "cuMemcpy3DPeerAsync");
}

/* Direct GPU-to-GPU copies where the hardware allows peer access (the
 * driver stages the copy itself elsewhere). */
static void op_from_peer(device *d, device *peer, const box_copy *c)
{
    gpu *g = d->impl, *p = peer->impl;
    push(g);
    if (!(g->peer_enabled & (1u << p->ordinal))) {
        int can = 0;
        gpu_check(g, gpu_api()->DeviceCanAccessPeer(&can, g->cu, p->cu), "cuDeviceCanAccessPeer");
        if (can) {
            CUresult e = gpu_api()->CtxEnablePeerAccess(p->ctx, 0);
            if (e != DRV_ERROR_PEER_ACCESS_ALREADY_ENABLED)
                gpu_check(g, e, "cuCtxEnablePeerAccess");
        }
        g->peer_enabled |= 1u << p->ordinal;
    }
    /* after the kernels that write the source and use the destination;
     * the copy completes here, so neither side needs to remember it */
    pthread_mutex_lock(&p->lock);
    gpu_block *src = block_of(p, (CUdeviceptr)(uintptr_t)c->src);
    if (src)
        wait_for(p, src, USE_KERNEL_WRITE, g->copy);
    pthread_mutex_unlock(&p->lock);
    pthread_mutex_lock(&g->lock);
    copy_after_kernels(g, (CUdeviceptr)(uintptr_t)c->dst, true);
    pthread_mutex_unlock(&g->lock);
    peer_ctx ctx = {p};
    for_each_slab(g, &ctx, c, slab_peer);
    gpu_check(g, gpu_api()->StreamSynchronize(g->copy), "cuStreamSynchronize");
    pop(g);
}

static void *op_alloc(device *d, size_t bytes)
{
    return gpu_alloc(d->impl, bytes);
}

static void op_release(device *d, void *p)
{
    gpu_release(d->impl, p, false);
}

static void op_run(device *d, dvmh_handler fn, dvmh_piece *p, const device_piece *dp)
{
    gpu *g = d->impl;
    push(g);
    gpu *outer = running.g;
    const device_piece *outer_piece = running.piece;
    running.g = g;
    running.piece = dp;
    order_kernels(g, dp, false);
    fn(p);
    order_kernels(g, dp, true);
    running.g = outer;
    running.piece = outer_piece;
    pop(g);
}

static void op_sync(device *d)
{
    gpu *g = d->impl;
    push(g);
    gpu_check(g, gpu_api()->StreamSynchronize(g->stream), "cuStreamSynchronize");
    gpu_check(g, gpu_api()->StreamSynchronize(g->copy), "cuStreamSynchronize");
    gpu_trace_kernels(g);
    pop(g);
    /* the results copied so far have arrived; their readers take them
     * before the next piece runs here */
    g->results_used = 0;
}

void *gpu_result_space(gpu *g, size_t bytes)
{
    bytes = (bytes + 15) / 16 * 16;
    if (g->results_used + bytes > g->results_size) {
        size_t size = g->results_size ? g->results_size : 4096;
        while (size < g->results_used + bytes)
            size *= 2;
        void *p;
        gpu_check(g, gpu_api()->MemAllocHost(&p, size), "cuMemAllocHost");
        if (g->results) {
            g->results_old = dvmh_xrealloc(g->results_old, sizeof(void *) *
                                           (size_t)(g->results_old_count + 1));
            g->results_old[g->results_old_count++] = g->results;
        }
        g->results = p;
        g->results_size = size;
        g->results_used = 0;
    }
    void *r = g->results + g->results_used;
    g->results_used += bytes;
    return r;
}

/* Frees the device (created by gpu_devices_open) and everything on it. */
static void op_destroy(device *d)
{
    gpu *g = d->impl;
    op_sync(d);
    host_mem_unpin_all();
    push(g);
    free_cache(g);
    for (int k = 0; k < g->live_count; k++)
        block_free(g, &g->live[k]);
    if (g->staging)
        gpu_check(g, gpu_api()->MemFreeHost(g->staging), "cuMemFreeHost");
    if (g->staging_free)
        gpu_check(g, gpu_api()->EventDestroy(g->staging_free), "cuEventDestroy");
    if (g->results)
        gpu_check(g, gpu_api()->MemFreeHost(g->results), "cuMemFreeHost");
    for (int k = 0; k < g->results_old_count; k++)
        gpu_check(g, gpu_api()->MemFreeHost(g->results_old[k]), "cuMemFreeHost");
    free(g->results_old);
    gpu_check(g, gpu_api()->StreamDestroy(g->stream), "cuStreamDestroy");
    gpu_check(g, gpu_api()->StreamDestroy(g->copy), "cuStreamDestroy");
    pop(g);
    gpu_check(g, gpu_api()->DevicePrimaryCtxRelease(g->cu), "cuDevicePrimaryCtxRelease");
    backend.gpus[g->ordinal] = NULL;
    free(g->live);
    free(g->cached);
    free(g->timed);
    pthread_mutex_destroy(&g->lock);
    free(g);
    free(d);
}

static const device_ops gpu_ops = {
    .alloc = op_alloc,
    .release = op_release,
    .to_device = op_to_device,
    .to_host = op_to_host,
    .from_peer = op_from_peer,
    .run = op_run,
    .sync = op_sync,
    .destroy = op_destroy,
};

int gpu_devices_open(int wanted, int first_index, device **out, int max)
{
    const cuda_api *api = cuda_api_get(NULL);
    if (!api || wanted == 0)
        return 0;
    int visible = 0;
    if (api->DeviceGetCount(&visible) || visible <= 0)
        return 0;
    int n = wanted < 0 || wanted > visible ? visible : wanted;
    if (n > max)
        n = max;
    if (n > GPU_MAX - backend.count)
        n = GPU_MAX - backend.count;
    bool page_lock = env_int("DVMH_PAGE_LOCK_HOST_MEM", 1, 0) != 0;
    int coarsen = env_int_max("DVMH_CUDA_COARSEN", 1, 0, 2);
    int opened = 0;
    for (int k = 0; k < n; k++) {
        gpu *g = dvmh_xcalloc(1, sizeof *g);
        device *d = dvmh_xcalloc(1, sizeof *d);
        d->index = first_index + opened;
        d->kind = DEVICE_CUDA;
        d->handler_kind = DVMH_DEV_CUDA;
        d->ops = &gpu_ops;
        d->threads = 1;
        snprintf(d->name, sizeof d->name, "cuda%d", k);
        d->impl = g;
        g->dev = d;
        g->ordinal = backend.count;
        g->page_lock = page_lock;
        g->coarsen = coarsen;
        pthread_mutex_init(&g->lock, NULL);
        gpu_check(g, api->DeviceGet(&g->cu, k), "cuDeviceGet");
        gpu_check(g, api->DevicePrimaryCtxRetain(&g->ctx, g->cu), "cuDevicePrimaryCtxRetain");
        int shared = 0;
        gpu_check(g, api->DeviceGetAttribute(&shared, DRV_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN,
                                             g->cu),
                  "cuDeviceGetAttribute");
        g->shared_limit = shared > 48 * 1024 ? (size_t)shared : 48 * 1024;
        gpu_check(g, api->DeviceGetAttribute(&g->sms, DRV_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, g->cu),
                  "cuDeviceGetAttribute");
        if (g->sms <= 0)
            g->sms = 1;
        push(g);
        gpu_check(g, api->StreamCreate(&g->stream, DRV_STREAM_NON_BLOCKING), "cuStreamCreate");
        gpu_check(g, api->StreamCreate(&g->copy, DRV_STREAM_NON_BLOCKING), "cuStreamCreate");
        pop(g);
        backend.gpus[backend.count++] = g;
        out[opened++] = d;
    }
    return opened;
}
