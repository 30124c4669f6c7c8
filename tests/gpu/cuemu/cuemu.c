/* cuemu.c: a mock CUDA driver (libcuda.so.1) for tests without a GPU:
 * devices, contexts, modules (kernel images built by nvcc-emu, loaded
 * with dlopen) and kernel launches with an H100's limits. Deferred work is
 * in stream.c, memory and copies in memory.c, running blocks in block.c.
 *
 * Environment: CUEMU_DEVICES (1), CUEMU_NO_PEER=1 (no peer access),
 * CUEMU_MEM_TOTAL (80 GiB), CUEMU_FREE_MEM (free memory before any
 * allocation; default: all), CUEMU_REGS (registers per thread, 32),
 * CUEMU_SMS (multiprocessors, 132), CUEMU_LAUNCH_LOG (launchlog.c). */
#define _GNU_SOURCE
#include "cuemu.h"

#include <dlfcn.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

pthread_mutex_t cuemu_lock = PTHREAD_MUTEX_INITIALIZER;

static struct {
    bool initialised;
    int devices;
    cuemu_context contexts[CUEMU_MAX_DEVICES];
} driver;

/* The limits of an H100 (SXM) the launches are checked against. */
enum {
    MAX_BLOCK_THREADS = 1024,
    MAX_BLOCK_X = 1024, MAX_BLOCK_Y = 1024, MAX_BLOCK_Z = 64,
    MAX_GRID_X = 2147483647, MAX_GRID_YZ = 65535,
    DEFAULT_SHARED = 48 * 1024,     /* dynamic shared memory without opting in */
    MAX_SHARED_OPTIN = 227 * 1024,
    REGISTERS_PER_BLOCK = 65536,
};

/* The current contexts of this thread, innermost last. */
#define CONTEXT_STACK 32
static _Thread_local cuemu_context *ctx_stack[CONTEXT_STACK];
static _Thread_local int ctx_depth;

long long cuemu_env(const char *name, long long fallback)
{
    const char *t = getenv(name);
    if (!t || !*t)
        return fallback;
    char *end;
    errno = 0;
    long long v = strtoll(t, &end, 0);
    if (errno || *end || v < 0) {
        fprintf(stderr, "cuemu: %s='%s' is not a number >= 0\n", name, t);
        exit(2);
    }
    return v;
}

cuemu_context *cuemu_context_of(int device)
{
    return &driver.contexts[device];
}

cuemu_context *cuemu_current(void)
{
    return ctx_depth ? ctx_stack[ctx_depth - 1] : NULL;
}

int cuemu_device_count(void)
{
    return driver.devices;
}

static int registers(void)
{
    long long r = cuemu_env("CUEMU_REGS", 32);
    return r < 1 ? 1 : r > 255 ? 255 : (int)r;
}

/* What the registers of a thread allow, in whole warps. */
static int max_threads_per_block(void)
{
    int n = REGISTERS_PER_BLOCK / registers() / 32 * 32;
    return n < MAX_BLOCK_THREADS ? n : MAX_BLOCK_THREADS;
}

CUresult cuGetErrorString(CUresult e, const char **s)
{
    static const struct {
        CUresult code;
        const char *text;
    } texts[] = {
        {CUDA_SUCCESS, "no error"},
        {CUDA_ERROR_INVALID_VALUE, "invalid argument"},
        {CUDA_ERROR_OUT_OF_MEMORY, "out of memory"},
        {CUDA_ERROR_NOT_INITIALIZED, "initialization error"},
        {CUDA_ERROR_NO_DEVICE, "no CUDA-capable device is detected"},
        {CUDA_ERROR_INVALID_DEVICE, "invalid device ordinal"},
        {CUDA_ERROR_INVALID_IMAGE, "device kernel image is invalid"},
        {CUDA_ERROR_INVALID_CONTEXT, "invalid device context"},
        {CUDA_ERROR_NO_BINARY_FOR_GPU, "no kernel image is available for execution on the device"},
        {CUDA_ERROR_PEER_ACCESS_UNSUPPORTED,
         "peer access is not supported between these two devices"},
        {CUDA_ERROR_INVALID_HANDLE, "invalid resource handle"},
        {CUDA_ERROR_NOT_FOUND, "named symbol not found"},
        {CUDA_ERROR_NOT_READY, "device not ready"},
        {CUDA_ERROR_ILLEGAL_ADDRESS, "an illegal memory access was encountered"},
        {CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES, "too many resources requested for launch"},
        {CUDA_ERROR_PEER_ACCESS_ALREADY_ENABLED,
         "peer access is already enabled"},
        {CUDA_ERROR_CONTEXT_IS_DESTROYED, "context is destroyed"},
    };
    for (size_t k = 0; k < sizeof texts / sizeof texts[0]; k++)
        if (texts[k].code == e) {
            *s = texts[k].text;
            return CUDA_SUCCESS;
        }
    *s = NULL;
    return CUDA_ERROR_INVALID_VALUE;
}

CUresult cuInit(unsigned flags)
{
    if (flags)
        return CUDA_ERROR_INVALID_VALUE;
    pthread_mutex_lock(&cuemu_lock);
    if (!driver.initialised) {
        long long n = cuemu_env("CUEMU_DEVICES", 1);
        driver.devices = n > CUEMU_MAX_DEVICES ? CUEMU_MAX_DEVICES : (int)n;
        for (int d = 0; d < driver.devices; d++)
            driver.contexts[d].device = d;
        cuemu_watch_host_faults();
        driver.initialised = true;
    }
    pthread_mutex_unlock(&cuemu_lock);
    return CUDA_SUCCESS;
}

static CUresult device_valid(CUdevice d)
{
    if (!driver.initialised)
        return CUDA_ERROR_NOT_INITIALIZED;
    return d >= 0 && d < driver.devices ? CUDA_SUCCESS : CUDA_ERROR_INVALID_DEVICE;
}

CUresult cuDeviceGetCount(int *n)
{
    if (!driver.initialised)
        return CUDA_ERROR_NOT_INITIALIZED;
    *n = driver.devices;
    return CUDA_SUCCESS;
}

CUresult cuDeviceGet(CUdevice *d, int ordinal)
{
    CUresult e = device_valid(ordinal);
    if (!e)
        *d = ordinal;
    return e;
}

CUresult cuDeviceGetName(char *name, int len, CUdevice d)
{
    CUresult e = device_valid(d);
    if (!e && len > 0)
        snprintf(name, (size_t)len, "cuemu %d", d);
    return e;
}

CUresult cuDeviceGetAttribute(int *value, int attribute, CUdevice d)
{
    CUresult e = device_valid(d);
    if (e)
        return e;
    switch (attribute) {
    case 1: *value = MAX_BLOCK_THREADS; break;               /* MAX_THREADS_PER_BLOCK */
    case 2: *value = MAX_BLOCK_X; break;
    case 3: *value = MAX_BLOCK_Y; break;
    case 4: *value = MAX_BLOCK_Z; break;
    case 5: *value = MAX_GRID_X; break;
    case 6: case 7: *value = MAX_GRID_YZ; break;
    case 8: *value = DEFAULT_SHARED; break;                  /* MAX_SHARED_MEMORY_PER_BLOCK */
    case 9: *value = 65536; break;                           /* TOTAL_CONSTANT_MEMORY */
    case 10: *value = 32; break;                             /* WARP_SIZE */
    case 12: case 82: *value = REGISTERS_PER_BLOCK; break;   /* registers per block, per SM */
    case 13: *value = 1980000; break;                        /* CLOCK_RATE (kHz) */
    case 14: *value = 512; break;                            /* TEXTURE_ALIGNMENT */
    case 16: *value = (int)cuemu_env("CUEMU_SMS", 132); break; /* MULTIPROCESSOR_COUNT */
    case 18: *value = 0; break;                              /* INTEGRATED */
    case 19: case 31: case 41: *value = 1; break;            /* map host memory, concurrent kernels, UVA */
    case 33: *value = d + 1; break;                          /* PCI_BUS_ID */
    case 34: *value = 0; break;
    case 36: *value = 2619000; break;                        /* MEMORY_CLOCK_RATE (kHz) */
    case 37: *value = 5120; break;                           /* GLOBAL_MEMORY_BUS_WIDTH */
    case 38: *value = 50 * 1024 * 1024; break;               /* L2_CACHE_SIZE */
    case 39: *value = 2048; break;                           /* MAX_THREADS_PER_MULTIPROCESSOR */
    case 40: *value = 2; break;                              /* ASYNC_ENGINE_COUNT */
    case 75: *value = 9; break;                              /* COMPUTE_CAPABILITY_MAJOR */
    case 76: *value = 0; break;
    case 81: *value = 228 * 1024; break;                     /* shared memory per SM */
    case 97: *value = MAX_SHARED_OPTIN; break;               /* ..._PER_BLOCK_OPTIN */
    case 106: *value = 32; break;                            /* MAX_BLOCKS_PER_MULTIPROCESSOR */
    default:
        fprintf(stderr, "cuemu: cuDeviceGetAttribute: attribute %d is not emulated\n", attribute);
        return CUDA_ERROR_INVALID_VALUE;
    }
    return CUDA_SUCCESS;
}

CUresult cuDeviceCanAccessPeer(int *can, CUdevice d, CUdevice peer)
{
    CUresult e = device_valid(d);
    if (!e)
        e = device_valid(peer);
    if (!e)
        *can = d != peer && !cuemu_env("CUEMU_NO_PEER", 0);
    return e;
}

CUresult cuDevicePrimaryCtxRetain(CUcontext *c, CUdevice d)
{
    CUresult e = device_valid(d);
    if (e)
        return e;
    pthread_mutex_lock(&cuemu_lock);
    driver.contexts[d].retained++;
    *c = &driver.contexts[d];
    pthread_mutex_unlock(&cuemu_lock);
    return CUDA_SUCCESS;
}

/* The last release destroys the context on the driver: its work is
 * finished first. Memory is not reclaimed (the process ends soon). */
CUresult cuDevicePrimaryCtxRelease_v2(CUdevice d)
{
    CUresult e = device_valid(d);
    if (e)
        return e;
    pthread_mutex_lock(&cuemu_lock);
    cuemu_context *ctx = &driver.contexts[d];
    if (ctx->retained == 0) {
        e = CUDA_ERROR_INVALID_CONTEXT;
    } else if (--ctx->retained == 0) {
        cuemu_context_drain(ctx);
        ctx->peer_enabled = 0;
    }
    pthread_mutex_unlock(&cuemu_lock);
    return e;
}

static bool context_valid(CUcontext c)
{
    return c && c >= driver.contexts && c < driver.contexts + driver.devices && c->retained > 0;
}

CUresult cuCtxPushCurrent_v2(CUcontext c)
{
    if (!driver.initialised)
        return CUDA_ERROR_NOT_INITIALIZED;
    if (!context_valid(c))
        return CUDA_ERROR_INVALID_CONTEXT;
    if (ctx_depth == CONTEXT_STACK) {
        fprintf(stderr, "cuemu: cuCtxPushCurrent: more than %d contexts pushed (unbalanced "
                        "push/pop?)\n", CONTEXT_STACK);
        return CUDA_ERROR_INVALID_VALUE;
    }
    ctx_stack[ctx_depth++] = c;
    return CUDA_SUCCESS;
}

CUresult cuCtxPopCurrent_v2(CUcontext *c)
{
    if (ctx_depth == 0)
        return CUDA_ERROR_INVALID_CONTEXT;
    CUcontext top = ctx_stack[--ctx_depth];
    if (c)
        *c = top;
    return CUDA_SUCCESS;
}

CUresult cuCtxEnablePeerAccess(CUcontext peer, unsigned flags)
{
    if (flags)
        return CUDA_ERROR_INVALID_VALUE;
    pthread_mutex_lock(&cuemu_lock);
    cuemu_context *ctx = cuemu_current();
    CUresult e = CUDA_SUCCESS;
    if (!ctx || !context_valid(peer))
        e = CUDA_ERROR_INVALID_CONTEXT;
    else if (peer == ctx)
        e = CUDA_ERROR_INVALID_DEVICE;
    else if (cuemu_env("CUEMU_NO_PEER", 0))
        e = CUDA_ERROR_PEER_ACCESS_UNSUPPORTED;
    else if (ctx->peer_enabled & (1u << peer->device))
        e = CUDA_ERROR_PEER_ACCESS_ALREADY_ENABLED;
    else
        ctx->peer_enabled |= 1u << peer->device;
    pthread_mutex_unlock(&cuemu_lock);
    return e;
}

/* ---- modules ---- */

static CUresult load(cuemu_module *m, const unsigned char *image)
{
    if (memcmp(image, CUEMU_RDC_MAGIC, 8) == 0) {
        unsigned long long n = 0;
        for (int k = 7; k >= 0; k--)
            n = n << 8 | image[8 + k];
        unsigned char *linked = cuemu_link_alone(image, CUEMU_HEADER_SIZE + n);
        if (!linked)
            return CUDA_ERROR_INVALID_IMAGE;
        CUresult e = load(m, linked);
        free(linked);
        return e;
    }
    if (memcmp(image, CUEMU_MAGIC, 8) != 0) {
        fprintf(stderr, "cuemu: cuModuleLoadData: not an image from nvcc-emu (a real nvcc's? set "
                        "CDVMH_NVCC to nvcc-emu and use a CUDA cache of its own)\n");
        return CUDA_ERROR_NO_BINARY_FOR_GPU;
    }
    unsigned long long size = 0;
    for (int k = 7; k >= 0; k--)
        size = size << 8 | image[8 + k];
    int fd = memfd_create("cuemu-image", MFD_CLOEXEC);
    if (fd < 0 || write(fd, image + CUEMU_HEADER_SIZE, size) != (ssize_t)size) {
        fprintf(stderr, "cuemu: cuModuleLoadData: cannot write the image: %s\n", strerror(errno));
        if (fd >= 0)
            close(fd);
        return CUDA_ERROR_OUT_OF_MEMORY;
    }
    char path[64];
    snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
    /* dlopen knows a loaded object by its path: the descriptor stays open
     * while the module lives, so that no other image gets the same one */
    m->handle = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!m->handle) {
        fprintf(stderr, "cuemu: cuModuleLoadData: %s\n", dlerror());
        close(fd);
        return CUDA_ERROR_INVALID_IMAGE;
    }
    m->fd = fd;
    cuemu_rt **slot = dlsym(m->handle, "cuemu_rt_ptr");
    if (!slot) {
        fprintf(stderr, "cuemu: cuModuleLoadData: the image lacks cuemu_rt_ptr\n");
        dlclose(m->handle);
        close(fd);
        return CUDA_ERROR_INVALID_IMAGE;
    }
    *slot = &m->rt;
    return CUDA_SUCCESS;
}

CUresult cuModuleLoadData(CUmodule *out, const void *image)
{
    if (!image)
        return CUDA_ERROR_INVALID_VALUE;
    pthread_mutex_lock(&cuemu_lock);
    cuemu_module *m = calloc(1, sizeof *m);
    CUresult e = !m ? CUDA_ERROR_OUT_OF_MEMORY : CUDA_SUCCESS;
    if (!e) {
        m->ctx = cuemu_current();
        e = m->ctx ? load(m, image) : CUDA_ERROR_INVALID_CONTEXT;
    }
    if (e)
        free(m);
    else
        *out = m;
    pthread_mutex_unlock(&cuemu_lock);
    return e;
}

CUresult cuModuleUnload(CUmodule m)
{
    if (!m)
        return CUDA_ERROR_INVALID_HANDLE;
    pthread_mutex_lock(&cuemu_lock);
    cuemu_context_drain(m->ctx); /* its kernels may still be queued */
    dlclose(m->handle);
    close(m->fd);
    for (cuemu_function *f = m->functions, *next; f; f = next) {
        next = f->next;
        free(f->name);
        free(f);
    }
    free(m);
    pthread_mutex_unlock(&cuemu_lock);
    return CUDA_SUCCESS;
}

CUresult cuModuleGetFunction(CUfunction *out, CUmodule m, const char *name)
{
    if (!m || !name)
        return CUDA_ERROR_INVALID_VALUE;
    pthread_mutex_lock(&cuemu_lock);
    CUresult e = CUDA_SUCCESS;
    cuemu_function *f = m->functions;
    while (f && strcmp(f->name, name))
        f = f->next;
    if (!f) {
        size_t n = strlen(name);
        char *sym = malloc(n + sizeof CUEMU_PARAMS_SUFFIX);
        f = calloc(1, sizeof *f);
        if (!sym || !f) {
            e = CUDA_ERROR_OUT_OF_MEMORY;
        } else {
            sprintf(sym, "%s%s", name, CUEMU_CALL_SUFFIX);
            f->call = (void (*)(void **))dlsym(m->handle, sym);
            sprintf(sym, "%s%s", name, CUEMU_PARAMS_SUFFIX);
            unsigned (*params)(size_t *) = (unsigned (*)(size_t *))dlsym(m->handle, sym);
            if (!f->call || !params) {
                e = CUDA_ERROR_NOT_FOUND;
            } else {
                f->nparams = params(f->param_size);
                f->name = strdup(name);
                f->max_dynamic_shared = DEFAULT_SHARED;
                f->module = m;
                f->next = m->functions;
                m->functions = f;
            }
        }
        free(sym);
        if (e) {
            free(f);
            f = NULL;
        }
    }
    if (f)
        *out = f;
    pthread_mutex_unlock(&cuemu_lock);
    return e;
}

CUresult cuFuncGetAttribute(int *value, int attribute, CUfunction f)
{
    if (!f)
        return CUDA_ERROR_INVALID_HANDLE;
    switch (attribute) {
    case 0: *value = max_threads_per_block(); break;          /* MAX_THREADS_PER_BLOCK */
    case 1: case 2: case 3: *value = 0; break;                /* static shared, const, local */
    case 4: *value = registers(); break;                      /* NUM_REGS */
    case 5: case 6: *value = 90; break;                       /* PTX_VERSION, BINARY_VERSION */
    case 7: *value = 0; break;                                /* CACHE_MODE_CA */
    case 8: *value = f->max_dynamic_shared; break;
    case 9: *value = -1; break;                               /* PREFERRED_SHARED_MEMORY_CARVEOUT */
    default: return CUDA_ERROR_INVALID_VALUE;
    }
    return CUDA_SUCCESS;
}

CUresult cuFuncSetAttribute(CUfunction f, int attribute, int value)
{
    if (!f)
        return CUDA_ERROR_INVALID_HANDLE;
    if (attribute == 8) { /* MAX_DYNAMIC_SHARED_SIZE_BYTES */
        if (value < 0 || value > MAX_SHARED_OPTIN)
            return CUDA_ERROR_INVALID_VALUE;
        pthread_mutex_lock(&cuemu_lock);
        f->max_dynamic_shared = value;
        pthread_mutex_unlock(&cuemu_lock);
        return CUDA_SUCCESS;
    }
    /* the carveout and the cluster settings do not change what runs here */
    return attribute >= 9 && attribute <= 15 ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE;
}

/* ---- launches ---- */

static CUresult launch_check(cuemu_function *f, const cuemu_launch *l)
{
    unsigned long long threads = (unsigned long long)l->block.x * l->block.y * l->block.z;
    const char *why = NULL;
    CUresult e = CUDA_ERROR_INVALID_VALUE;
    char buf[160];
    if (!l->grid.x || !l->grid.y || !l->grid.z || !l->block.x || !l->block.y || !l->block.z)
        why = "a dimension is 0";
    else if (l->block.x > MAX_BLOCK_X || l->block.y > MAX_BLOCK_Y || l->block.z > MAX_BLOCK_Z)
        why = "block dimensions above 1024 x 1024 x 64";
    else if (threads > MAX_BLOCK_THREADS)
        why = "more than 1024 threads per block";
    else if (l->grid.x > MAX_GRID_X || l->grid.y > MAX_GRID_YZ || l->grid.z > MAX_GRID_YZ)
        why = "grid dimensions above 2^31-1 x 65535 x 65535";
    else if (l->shared > (size_t)f->max_dynamic_shared) {
        snprintf(buf, sizeof buf, "%zu bytes of dynamic shared memory, %d allowed (raise with "
                 "cuFuncSetAttribute, up to 227 KiB)", l->shared, f->max_dynamic_shared);
        why = buf;
    } else if (threads > (unsigned long long)max_threads_per_block()) {
        /* the driver's answer when the registers do not suffice */
        snprintf(buf, sizeof buf, "%llu threads per block, the kernel's registers (%d) allow %d",
                 threads, registers(), max_threads_per_block());
        why = buf;
        e = CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES;
    }
    if (!why)
        return CUDA_SUCCESS;
    fprintf(stderr, "cuemu: cuLaunchKernel %s (grid %ux%ux%u, block %ux%ux%u, shared %zu): %s\n",
            f->name, l->grid.x, l->grid.y, l->grid.z, l->block.x, l->block.y, l->block.z,
            l->shared, why);
    return e;
}

/* The parameters are copied now (the caller's may be gone when the
 * launch runs), each at a 16-byte aligned place. */
static CUresult copy_params(cuemu_function *f, void **params, cuemu_launch *l)
{
    if (f->nparams && !params)
        return CUDA_ERROR_INVALID_VALUE;
    size_t bytes = f->nparams * sizeof(void *);
    for (unsigned k = 0; k < f->nparams; k++)
        bytes += (f->param_size[k] + 15) / 16 * 16;
    l->params = aligned_alloc(16, (bytes + 15) / 16 * 16 + 16);
    if (!l->params)
        return CUDA_ERROR_OUT_OF_MEMORY;
    l->args = (void **)l->params;
    char *at = l->params + (f->nparams * sizeof(void *) + 15) / 16 * 16;
    for (unsigned k = 0; k < f->nparams; k++) {
        memcpy(at, params[k], f->param_size[k]);
        l->args[k] = at;
        at += (f->param_size[k] + 15) / 16 * 16;
    }
    return CUDA_SUCCESS;
}

CUresult cuLaunchKernel(CUfunction f, unsigned gx, unsigned gy, unsigned gz, unsigned bx,
                        unsigned by, unsigned bz, unsigned shared, CUstream stream, void **params,
                        void **extra)
{
    if (!f)
        return CUDA_ERROR_INVALID_HANDLE;
    if (extra) {
        fprintf(stderr, "cuemu: cuLaunchKernel: only kernelParams are emulated (extra is not NULL)\n");
        return CUDA_ERROR_INVALID_VALUE;
    }
    cuemu_launch l = {f, {gx, gy, gz}, {bx, by, bz}, shared, NULL, NULL};
    pthread_mutex_lock(&cuemu_lock);
    cuemu_stream *s = cuemu_stream_of(stream);
    CUresult e = CUDA_SUCCESS;
    if (!s) {
        e = CUDA_ERROR_INVALID_CONTEXT;
    } else if (cuemu_stream_context(s) != cuemu_current() || f->module->ctx != cuemu_current()) {
        fprintf(stderr, "cuemu: cuLaunchKernel %s: the %s belongs to device %d, the current context "
                        "to device %d\n", f->name,
                cuemu_stream_context(s) != cuemu_current() ? "stream" : "kernel",
                cuemu_stream_context(s) != cuemu_current() ? cuemu_stream_context(s)->device
                                                           : f->module->ctx->device,
                cuemu_current()->device);
        e = CUDA_ERROR_INVALID_HANDLE;
    } else {
        e = launch_check(f, &l);
        if (!e)
            e = copy_params(f, params, &l);
        if (!e)
            cuemu_queue_launch(s, &l);
    }
    pthread_mutex_unlock(&cuemu_lock);
    return e;
}
