/* memory.c: device memory (host memory with guard pages, poisoned when
 * fresh, inaccessible to the host outside kernels and copies),
 * page-locked host memory, and copies: checked against the live
 * allocations at the call, run at once or queued as the driver would. */
#define _GNU_SOURCE
#include "cuemu.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

typedef struct allocation {
    char *base;
    size_t size;
    char *map;                      /* the mapping holding it (device memory) */
    size_t map_size;
    int device;                     /* -1: page-locked host memory from cuMemAllocHost,
                                     * -2: registered with cuMemHostRegister */
} allocation;

/* sorted by base */
typedef struct table {
    allocation *items;
    size_t count, cap;
} table;

static table device_memory, locked_memory;
static size_t allocated[CUEMU_MAX_DEVICES];
static int opened;                  /* device memory accessible: nesting count */

static allocation *table_find(table *t, const void *p)
{
    size_t lo = 0, hi = t->count;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (t->items[mid].base <= (const char *)p)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo == 0)
        return NULL;
    allocation *a = &t->items[lo - 1];
    return (const char *)p < a->base + a->size ? a : NULL;
}

static bool table_add(table *t, allocation a)
{
    if (t->count == t->cap) {
        size_t cap = t->cap ? t->cap * 2 : 64;
        allocation *items = realloc(t->items, cap * sizeof *items);
        if (!items)
            return false;
        t->items = items;
        t->cap = cap;
    }
    size_t k = t->count;
    while (k > 0 && t->items[k - 1].base > a.base) {
        t->items[k] = t->items[k - 1];
        k--;
    }
    t->items[k] = a;
    t->count++;
    return true;
}

static void table_remove(table *t, allocation *a)
{
    size_t k = (size_t)(a - t->items);
    memmove(a, a + 1, (t->count - k - 1) * sizeof *a);
    t->count--;
}

/* The data pages of an allocation (the guard page after them stays). */
static void protect(const allocation *a, int prot)
{
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    mprotect(a->map, a->map_size - page, prot);
}

/* Device memory is readable and writable only while kernels and copies
 * run: the runtime's host code touching it (never valid on a GPU) faults. */
void cuemu_memory_open(void)
{
    if (opened++ == 0)
        for (size_t k = 0; k < device_memory.count; k++)
            protect(&device_memory.items[k], PROT_READ | PROT_WRITE);
}

void cuemu_memory_close(void)
{
    if (--opened == 0)
        for (size_t k = 0; k < device_memory.count; k++)
            protect(&device_memory.items[k], PROT_NONE);
}

/* The device allocation holding p (the fault handler names it). */
bool cuemu_device_address(const void *p, const void **base, size_t *size)
{
    const allocation *a = table_find(&device_memory, p);
    if (a) {
        *base = a->base;
        *size = a->size;
    }
    return a != NULL;
}

static struct sigaction before_watch;

static void host_fault(int sig, siginfo_t *info, void *unused)
{
    (void)sig;
    (void)unused;
    const void *base;
    size_t size;
    if (cuemu_device_address(info->si_addr, &base, &size)) {
        char msg[256];
        int n = snprintf(msg, sizeof msg,
                         "cuemu: host code touched device memory at %p (allocation %p, %zu bytes): "
                         "a GPU's memory is not the host's\n", info->si_addr, base, size);
        if (write(2, msg, (size_t)n) < 0)
            n = 0;
    }
    sigaction(SIGSEGV, &before_watch, NULL); /* the retried access: as without us */
}

void cuemu_watch_host_faults(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = host_fault;
    sa.sa_flags = SA_SIGINFO;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGSEGV, &sa, &before_watch);
}

static size_t total_memory(void)
{
    return (size_t)cuemu_env("CUEMU_MEM_TOTAL", 80ll << 30);
}

static size_t free_memory(int device)
{
    size_t budget = (size_t)cuemu_env("CUEMU_FREE_MEM", (long long)total_memory());
    return budget > allocated[device] ? budget - allocated[device] : 0;
}

CUresult cuMemGetInfo_v2(size_t *free, size_t *total)
{
    pthread_mutex_lock(&cuemu_lock);
    cuemu_context *ctx = cuemu_current();
    if (ctx) {
        *free = free_memory(ctx->device);
        *total = total_memory();
    }
    pthread_mutex_unlock(&cuemu_lock);
    return ctx ? CUDA_SUCCESS : CUDA_ERROR_INVALID_CONTEXT;
}

/* The block ends right before a guard page: a kernel running past the end
 * of an allocation (rounded to 256 bytes) faults. */
CUresult cuMemAlloc_v2(CUdeviceptr *p, size_t bytes)
{
    if (bytes == 0)
        return CUDA_ERROR_INVALID_VALUE;
    pthread_mutex_lock(&cuemu_lock);
    CUresult e = CUDA_SUCCESS;
    cuemu_context *ctx = cuemu_current();
    size_t size = (bytes + 255) / 256 * 256;
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    size_t span = (size + page - 1) / page * page;
    if (!ctx) {
        e = CUDA_ERROR_INVALID_CONTEXT;
    } else if (size > free_memory(ctx->device)) {
        e = CUDA_ERROR_OUT_OF_MEMORY;
    } else {
        char *m = mmap(NULL, span + page, PROT_READ | PROT_WRITE,
                       MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
        if (m == MAP_FAILED) {
            e = CUDA_ERROR_OUT_OF_MEMORY;
        } else {
            mprotect(m + span, page, PROT_NONE);
            /* never written data reads as NaN / -1, as on the emu devices */
            allocation a = {m + span - size, size, m, span + page, ctx->device};
            memset(a.base, 0xFF, size);
            if (!opened)
                protect(&a, PROT_NONE);
            if (!table_add(&device_memory, a)) {
                munmap(m, span + page);
                e = CUDA_ERROR_OUT_OF_MEMORY;
            } else {
                allocated[ctx->device] += size;
                *p = (CUdeviceptr)(uintptr_t)a.base;
            }
        }
    }
    pthread_mutex_unlock(&cuemu_lock);
    return e;
}

CUresult cuMemFree_v2(CUdeviceptr p)
{
    pthread_mutex_lock(&cuemu_lock);
    CUresult e = CUDA_SUCCESS;
    allocation *a = table_find(&device_memory, (void *)(uintptr_t)p);
    if (!a || a->base != (char *)(uintptr_t)p) {
        fprintf(stderr, "cuemu: cuMemFree(%#llx): not the start of a live allocation\n", p);
        e = CUDA_ERROR_INVALID_VALUE;
    } else {
        /* the driver waits for the device's work before freeing */
        cuemu_context_drain(cuemu_context_of(a->device));
        a = table_find(&device_memory, (void *)(uintptr_t)p);
        allocated[a->device] -= a->size;
        munmap(a->map, a->map_size);
        table_remove(&device_memory, a);
    }
    pthread_mutex_unlock(&cuemu_lock);
    return e;
}

CUresult cuMemAllocHost_v2(void **p, size_t bytes)
{
    pthread_mutex_lock(&cuemu_lock);
    CUresult e = CUDA_SUCCESS;
    void *m = NULL;
    if (!cuemu_current())
        e = CUDA_ERROR_INVALID_CONTEXT;
    else if (bytes == 0)
        e = CUDA_ERROR_INVALID_VALUE;
    else if (posix_memalign(&m, 4096, bytes) ||
             !table_add(&locked_memory, (allocation){m, bytes, NULL, 0, -1}))
        e = CUDA_ERROR_OUT_OF_MEMORY;
    else
        *p = m;
    pthread_mutex_unlock(&cuemu_lock);
    return e;
}

/* Ends the page-locked host memory starting at p, of the given kind (the
 * device field: -1 or -2), after the queued copies that may read or write
 * it; false, and why on stderr, when p starts no such memory. Called with
 * cuemu_lock held. */
static bool unlock_host(const char *call, void *p, int kind, const char *what)
{
    allocation *a = table_find(&locked_memory, p);
    if (!a || a->base != p || a->device != kind) {
        fprintf(stderr, "cuemu: %s(%p): not %s\n", call, p, what);
        return false;
    }
    cuemu_drain_all();
    table_remove(&locked_memory, table_find(&locked_memory, p));
    return true;
}

CUresult cuMemFreeHost(void *p)
{
    pthread_mutex_lock(&cuemu_lock);
    CUresult e = CUDA_SUCCESS;
    if (!unlock_host("cuMemFreeHost", p, -1, "page-locked memory from cuMemAllocHost"))
        e = CUDA_ERROR_INVALID_VALUE;
    else
        free(p);
    pthread_mutex_unlock(&cuemu_lock);
    return e;
}

static bool overlaps_locked(const char *p, size_t bytes)
{
    for (size_t k = 0; k < locked_memory.count; k++) {
        const allocation *a = &locked_memory.items[k];
        if (a->base < p + bytes && p < a->base + a->size)
            return true;
    }
    return false;
}

/* Registered host memory is page-locked memory the program allocated: its
 * copies are asynchronous as those of cuMemAllocHost's buffers. */
CUresult cuMemHostRegister_v2(void *p, size_t bytes, unsigned flags)
{
    (void)flags;
    pthread_mutex_lock(&cuemu_lock);
    CUresult e = CUDA_SUCCESS;
    if (!cuemu_current())
        e = CUDA_ERROR_INVALID_CONTEXT;
    else if (!p || bytes == 0)
        e = CUDA_ERROR_INVALID_VALUE;
    else if (overlaps_locked((char *)p, bytes))
        e = CUDA_ERROR_HOST_MEMORY_ALREADY_REGISTERED;
    else if (!table_add(&locked_memory, (allocation){p, bytes, NULL, 0, -2}))
        e = CUDA_ERROR_OUT_OF_MEMORY;
    else if (getenv("CUEMU_HOST_REGISTER_LOG"))
        fprintf(stderr, "cuemu: cuMemHostRegister %zu bytes\n", bytes);
    pthread_mutex_unlock(&cuemu_lock);
    return e;
}

CUresult cuMemHostUnregister(void *p)
{
    pthread_mutex_lock(&cuemu_lock);
    CUresult e = CUDA_SUCCESS;
    if (!unlock_host("cuMemHostUnregister", p, -2, "memory from cuMemHostRegister"))
        e = CUDA_ERROR_HOST_MEMORY_NOT_REGISTERED;
    else if (getenv("CUEMU_HOST_REGISTER_LOG"))
        fprintf(stderr, "cuemu: cuMemHostUnregister\n");
    pthread_mutex_unlock(&cuemu_lock);
    return e;
}

/* ---- copies ---- */

/* One side of a copy as the caller gave it. */
typedef struct side {
    const char *name;               /* "source", "destination" */
    char *start;                    /* first byte */
    size_t pitch, slice;
    bool device, locked;
} side;

/* The bytes a box touches lie in [start, start + extent). */
static size_t extent(const side *s, size_t width, size_t height, size_t depth)
{
    return (depth - 1) * s->slice + (height - 1) * s->pitch + width;
}

/* Device sides must lie in one live allocation; a host side starting in
 * page-locked memory must end in it. Why not: on stderr. */
static bool side_valid(const char *call, side *s, size_t bytes)
{
    allocation *a = table_find(&device_memory, s->start);
    if (s->device) {
        if (!a || (size_t)(a->base + a->size - s->start) < bytes) {
            fprintf(stderr,
                    "cuemu: %s: the %s %p..+%zu is %s\n", call, s->name, (void *)s->start, bytes,
                    a ? "not inside one device allocation (runs past its end)"
                      : "not device memory from cuMemAlloc (freed, or never allocated)");
            return false;
        }
        return true;
    }
    if (a) {
        fprintf(stderr, "cuemu: %s: the %s %p is device memory, given as host memory\n", call,
                s->name, (void *)s->start);
        return false;
    }
    allocation *l = table_find(&locked_memory, s->start);
    s->locked = l != NULL;
    if (l && (size_t)(l->base + l->size - s->start) < bytes) {
        fprintf(stderr, "cuemu: %s: the %s %p..+%zu runs past the end of its page-locked buffer\n",
                call, s->name, (void *)s->start, bytes);
        return false;
    }
    return true;
}

static void copy_rows(char *dst, const char *src, size_t dpitch, size_t dslice, size_t spitch,
                      size_t sslice, size_t width, size_t height, size_t depth)
{
    for (size_t z = 0; z < depth; z++)
        for (size_t y = 0; y < height; y++)
            memcpy(dst + z * dslice + y * dpitch, src + z * sslice + y * spitch, width);
}

static bool still_live(const char *p, size_t bytes)
{
    allocation *a = table_find(&device_memory, p);
    return a && (size_t)(a->base + a->size - p) >= bytes;
}

CUresult cuemu_copy_run(cuemu_copy *c, cuemu_context *ctx)
{
    size_t dbytes = (c->depth - 1) * c->dst_slice + (c->height - 1) * c->dst_pitch + c->width;
    size_t sbytes = (c->depth - 1) * c->src_slice + (c->height - 1) * c->src_pitch + c->width;
    if ((c->dst_device && !still_live(c->dst, dbytes)) ||
        (c->src_device && !c->snapshot && !still_live(c->src, sbytes))) {
        fprintf(stderr, "cuemu: a queued copy on device %d touches device memory freed after it was "
                        "queued (CUDA_ERROR_ILLEGAL_ADDRESS at the next synchronisation)\n",
                ctx->device);
        return CUDA_ERROR_ILLEGAL_ADDRESS;
    }
    cuemu_memory_open();
    copy_rows(c->dst, c->snapshot ? c->snapshot : c->src, c->dst_pitch, c->dst_slice,
              c->snapshot ? c->width : c->src_pitch, c->snapshot ? c->width * c->height : c->src_slice,
              c->width, c->height, c->depth);
    cuemu_memory_close();
    return CUDA_SUCCESS;
}

void cuemu_copy_free(cuemu_copy *c)
{
    free(c->snapshot);
    c->snapshot = NULL;
}

/* The common part of every copy: checks, then runs or queues it. Pageable
 * host memory follows the driver's documented rules: a host-to-device
 * copy takes the source at the call and queues the device write; a
 * device-to-host copy waits for the stream and copies at once; host to
 * host is synchronous. Everything else waits in the stream. */
static CUresult copy(const char *call, side *dst, side *src, size_t width, size_t height,
                     size_t depth, CUstream handle)
{
    if (width == 0 || height == 0 || depth == 0)
        return CUDA_SUCCESS;
    if (!dst->start || !src->start)
        return CUDA_ERROR_INVALID_VALUE;
    cuemu_stream *s = cuemu_stream_of(handle);
    if (!s)
        return CUDA_ERROR_INVALID_CONTEXT;
    if (!side_valid(call, dst, extent(dst, width, height, depth)) ||
        !side_valid(call, src, extent(src, width, height, depth)))
        return CUDA_ERROR_INVALID_VALUE;
    cuemu_copy c = {dst->start, src->start, dst->pitch, dst->slice, src->pitch, src->slice,
                    width, height, depth, dst->device, src->device, NULL};
    bool dst_pageable = !dst->device && !dst->locked, src_pageable = !src->device && !src->locked;
    if (!dst->device && !src->device) {
        copy_rows(c.dst, c.src, c.dst_pitch, c.dst_slice, c.src_pitch, c.src_slice, width, height,
                  depth);
        return CUDA_SUCCESS;
    }
    if (dst_pageable) {
        cuemu_stream_drain(s);
        CUresult e = cuemu_stream_context(s)->sticky;
        if (e)
            return e;
        return cuemu_copy_run(&c, cuemu_stream_context(s));
    }
    if (src_pageable) {
        c.snapshot = malloc(width * height * depth);
        if (!c.snapshot)
            return CUDA_ERROR_OUT_OF_MEMORY;
        copy_rows(c.snapshot, c.src, width, width * height, c.src_pitch, c.src_slice, width, height,
                  depth);
    }
    cuemu_queue_copy(s, &c);
    return CUDA_SUCCESS;
}

enum { MEMORYTYPE_HOST = 1, MEMORYTYPE_DEVICE = 2, MEMORYTYPE_ARRAY = 3, MEMORYTYPE_UNIFIED = 4 };

/* The driver's CUDA_MEMCPY3D and CUDA_MEMCPY3D_PEER (same layout but for
 * two context fields). */
typedef struct memcpy3d {
    size_t srcXInBytes, srcY, srcZ, srcLOD;
    int srcMemoryType;
    const void *srcHost;
    CUdeviceptr srcDevice;
    void *srcArray;
    void *srcContext;               /* reserved0 in CUDA_MEMCPY3D */
    size_t srcPitch, srcHeight;
    size_t dstXInBytes, dstY, dstZ, dstLOD;
    int dstMemoryType;
    void *dstHost;
    CUdeviceptr dstDevice;
    void *dstArray;
    void *dstContext;               /* reserved1 */
    size_t dstPitch, dstHeight;
    size_t WidthInBytes, Height, Depth;
} memcpy3d;

static bool side_of(const char *call, const char *name, int type, const void *host,
                    CUdeviceptr device, size_t x, size_t y, size_t z, size_t pitch, size_t rows,
                    const memcpy3d *m, side *s)
{
    if (type == MEMORYTYPE_UNIFIED) {
        const void *p = host ? host : (const void *)(uintptr_t)device;
        type = table_find(&device_memory, p) ? MEMORYTYPE_DEVICE : MEMORYTYPE_HOST;
        host = NULL;
        device = 0;
        if (type == MEMORYTYPE_HOST)
            host = p;
        else
            device = (CUdeviceptr)(uintptr_t)p;
    }
    if (type != MEMORYTYPE_HOST && type != MEMORYTYPE_DEVICE) {
        fprintf(stderr, "cuemu: %s: %s memory type %d is not supported\n", call, name, type);
        return false;
    }
    if (pitch == 0 && m->Height == 1 && m->Depth == 1)
        pitch = x + m->WidthInBytes;
    if ((m->Height > 1 || m->Depth > 1) && pitch < x + m->WidthInBytes) {
        fprintf(stderr, "cuemu: %s: %s pitch %zu < x %zu + width %zu\n", call, name, pitch, x,
                m->WidthInBytes);
        return false;
    }
    if (m->Depth > 1 && rows < y + m->Height) {
        fprintf(stderr, "cuemu: %s: %s height %zu < y %zu + height %zu\n", call, name, rows, y,
                m->Height);
        return false;
    }
    s->name = name;
    s->device = type == MEMORYTYPE_DEVICE;
    char *base = s->device ? (char *)(uintptr_t)device : (char *)host;
    s->pitch = pitch;
    s->slice = pitch * rows;
    s->start = base ? base + x + y * s->pitch + z * s->slice : NULL;
    s->locked = false;
    return true;
}

static CUresult copy3d(const char *call, const memcpy3d *m, CUstream stream)
{
    side src, dst;
    if (m->srcLOD || m->dstLOD ||
        !side_of(call, "source", m->srcMemoryType, m->srcHost, m->srcDevice, m->srcXInBytes,
                 m->srcY, m->srcZ, m->srcPitch, m->srcHeight, m, &src) ||
        !side_of(call, "destination", m->dstMemoryType, m->dstHost, m->dstDevice, m->dstXInBytes,
                 m->dstY, m->dstZ, m->dstPitch, m->dstHeight, m, &dst))
        return CUDA_ERROR_INVALID_VALUE;
    return copy(call, &dst, &src, m->WidthInBytes, m->Height, m->Depth, stream);
}

CUresult cuMemcpy3DAsync_v2(const memcpy3d *m, CUstream stream)
{
    pthread_mutex_lock(&cuemu_lock);
    CUresult e = copy3d("cuMemcpy3DAsync", m, stream);
    pthread_mutex_unlock(&cuemu_lock);
    return e;
}

/* Device pointer p must belong to context c (the peer copy names both). */
static bool in_context(const char *call, const char *name, CUdeviceptr p, void *c)
{
    allocation *a = table_find(&device_memory, (void *)(uintptr_t)p);
    if (a && c && cuemu_context_of(a->device) != c) {
        fprintf(stderr, "cuemu: %s: the %s is memory of device %d, not of the context given\n",
                call, name, a->device);
        return false;
    }
    return true;
}

CUresult cuMemcpy3DPeerAsync(const memcpy3d *m, CUstream stream)
{
    const char *call = "cuMemcpy3DPeerAsync";
    pthread_mutex_lock(&cuemu_lock);
    CUresult e = CUDA_ERROR_INVALID_VALUE;
    if ((m->srcMemoryType != MEMORYTYPE_DEVICE ||
         in_context(call, "source", m->srcDevice, m->srcContext)) &&
        (m->dstMemoryType != MEMORYTYPE_DEVICE ||
         in_context(call, "destination", m->dstDevice, m->dstContext)))
        e = copy3d(call, m, stream);
    pthread_mutex_unlock(&cuemu_lock);
    return e;
}

static CUresult copy1d(const char *call, void *dst, bool dst_device, const void *src,
                       bool src_device, size_t bytes, CUstream stream)
{
    side d = {"destination", dst, bytes, bytes, dst_device, false};
    side s = {"source", (char *)src, bytes, bytes, src_device, false};
    pthread_mutex_lock(&cuemu_lock);
    CUresult e = copy(call, &d, &s, bytes, 1, 1, stream);
    pthread_mutex_unlock(&cuemu_lock);
    return e;
}

CUresult cuMemcpyDtoHAsync_v2(void *dst, CUdeviceptr src, size_t bytes, CUstream stream)
{
    return copy1d("cuMemcpyDtoHAsync", dst, false, (void *)(uintptr_t)src, true, bytes, stream);
}

CUresult cuMemcpyHtoDAsync_v2(CUdeviceptr dst, const void *src, size_t bytes, CUstream stream)
{
    return copy1d("cuMemcpyHtoDAsync", (void *)(uintptr_t)dst, true, src, false, bytes, stream);
}

CUresult cuMemcpyDtoDAsync_v2(CUdeviceptr dst, CUdeviceptr src, size_t bytes, CUstream stream)
{
    return copy1d("cuMemcpyDtoDAsync", (void *)(uintptr_t)dst, true, (void *)(uintptr_t)src, true,
                  bytes, stream);
}
