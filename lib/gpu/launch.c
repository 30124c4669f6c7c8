/* launch.c: what generated CUDA launchers call (dvmh.h, "CUDA handlers"):
 * the embedded device image loaded on each GPU on first use, kernels
 * looked up once and launched on the GPU's stream, temporaries. */
#include "gpu.h"
#include "internal.h"

#include <stdlib.h>
#include <string.h>

typedef struct kernel_entry {
    const char *name;
    CUfunction fn;
    int shared_set;                 /* dynamic shared memory allowed so far */
    struct kernel_entry *next;
} kernel_entry;

/* What dvmh_cuda_module.loaded points at: per GPU, the module and the
 * kernels found in it. */
typedef struct module_state {
    CUmodule mod[GPU_MAX];
    kernel_entry *kernels[GPU_MAX];
} module_state;

static pthread_mutex_t modules_lock = PTHREAD_MUTEX_INITIALIZER;

/* Errors below have no source position of their own: dvmh_fatal names the
 * loop being run. */
static gpu *piece_gpu(const char *what)
{
    gpu *g = gpu_current();
    if (!g)
        dvmh_fatal(NULL, 0, "internal error: %s outside a CUDA handler run", what);
    return g;
}

static CUfunction kernel(gpu *g, dvmh_cuda_module *m, const char *name, size_t shared)
{
    pthread_mutex_lock(&modules_lock);
    module_state *st = m->loaded;
    if (!st) {
        st = calloc(1, sizeof *st);
        if (!st)
            dvmh_fatal(NULL, 0, "out of memory");
        m->loaded = st;
    }
    int o = g->ordinal;
    if (!st->mod[o]) {
        CUresult e = gpu_api()->ModuleLoadData(&st->mod[o], m->image);
        if (e) {
            char buf[256];
            pthread_mutex_unlock(&modules_lock);
            /* typically: no code in the image for this GPU's architecture */
            dvmh_fatal(NULL, 0, "cannot load the CUDA handlers of %s on %s: %s (compile with a "
                       "cuda-arch that includes this GPU)", m->file, g->dev->name,
                       cuda_error_text("cuModuleLoadData", e, buf, sizeof buf));
        }
    }
    kernel_entry *k = st->kernels[o];
    while (k && k->name != name && strcmp(k->name, name))
        k = k->next;
    if (!k) {
        k = calloc(1, sizeof *k);
        if (!k)
            dvmh_fatal(NULL, 0, "out of memory");
        k->name = name;
        CUresult e = gpu_api()->ModuleGetFunction(&k->fn, st->mod[o], name);
        if (e) {
            char buf[256];
            pthread_mutex_unlock(&modules_lock);
            dvmh_fatal(NULL, 0, "kernel %s of %s: %s", name, m->file,
                       cuda_error_text("cuModuleGetFunction", e, buf, sizeof buf));
        }
        k->shared_set = 48 * 1024;
        k->next = st->kernels[o];
        st->kernels[o] = k;
    }
    if (shared > (size_t)k->shared_set) {
        gpu_check(g, gpu_api()->FuncSetAttribute(k->fn, DRV_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                                                 (int)shared),
                  "cuFuncSetAttribute");
        k->shared_set = (int)shared;
    }
    CUfunction fn = k->fn;
    pthread_mutex_unlock(&modules_lock);
    return fn;
}

void dvmh_cuda_launch(dvmh_piece *p, dvmh_cuda_module *m, const char *name,
                      const unsigned grid[3], const unsigned block[3], size_t shared_bytes,
                      void **args)
{
    (void)p;
    gpu *g = piece_gpu("dvmh_cuda_launch");
    CUfunction fn = kernel(g, m, name, shared_bytes);
    CUresult e = gpu_api()->LaunchKernel(fn, grid[0], grid[1], grid[2], block[0], block[1], block[2],
                                         (unsigned)shared_bytes, g->stream, args, NULL);
    if (e) {
        char buf[256];
        dvmh_fatal(NULL, 0, "kernel %s (grid %ux%ux%u, block %ux%ux%u) on %s: %s", name, grid[0],
                   grid[1], grid[2], block[0], block[1], block[2], g->dev->name,
                   cuda_error_text("cuLaunchKernel", e, buf, sizeof buf));
    }
}

void *dvmh_cuda_alloc(dvmh_piece *p, size_t bytes)
{
    (void)p;
    gpu *g = piece_gpu("dvmh_cuda_alloc");
    void *r = gpu_alloc(g, bytes);
    if (!r)
        dvmh_fatal(NULL, 0, "out of memory on device %s: %zu bytes for a loop's temporaries",
                   g->dev->name, bytes);
    return r;
}

void dvmh_cuda_free(dvmh_piece *p, void *dev)
{
    (void)p;
    gpu_release(piece_gpu("dvmh_cuda_free"), dev);
}

void dvmh_cuda_read(dvmh_piece *p, void *host, const void *dev, size_t bytes)
{
    (void)p;
    gpu *g = piece_gpu("dvmh_cuda_read");
    gpu_check(g, gpu_api()->MemcpyDtoHAsync(host, (CUdeviceptr)(uintptr_t)dev, bytes, g->stream),
              "cuMemcpyDtoHAsync");
    gpu_check(g, gpu_api()->StreamSynchronize(g->stream), "cuStreamSynchronize");
}
