/* launch.c: what generated CUDA launchers call (dvmh.h, "CUDA handlers"):
 * the embedded device image loaded on each GPU on first use, kernels
 * looked up once and launched on the GPU's stream, temporaries. */
#include "gpu.h"
#include "../alloc.h"
#include "cuda_api.h"
#include "../trace.h"

#include <stdlib.h>
#include <string.h>

typedef struct kernel_entry {
    const char *name;
    CUfunction fn;
    int shared_set;                 /* dynamic shared memory allowed so far */
    int regs;                       /* registers per thread */
    int max_threads;                /* per block, as the registers allow */
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
static gpu *running_gpu(const char *what)
{
    gpu *g = gpu_current();
    if (!g)
        dvmh_fatal(NULL, 0, "internal error: %s outside a CUDA handler run", what);
    return g;
}

static kernel_entry *kernel(gpu *g, dvmh_cuda_module *m, const char *name, size_t shared)
{
    pthread_mutex_lock(&modules_lock);
    module_state *st = m->loaded;
    if (!st) {
        st = dvmh_xcalloc(1, sizeof *st);
        m->loaded = st;
    }
    int o = g->ordinal;
    if (!st->mod[o]) {
        char log[2048];
        CUresult e = gpu_module_load(m, &st->mod[o], log, sizeof log);
        if (e) {
            char buf[256];
            pthread_mutex_unlock(&modules_lock);
            if (m->relocatable)
                dvmh_fatal(NULL, 0, "cannot link the CUDA handlers of %s with the device code of "
                           "the program's other files on %s: %s%s%s", m->file, g->dev->name,
                           cuda_error_text("cuLink/cuModuleLoadData", e, buf, sizeof buf),
                           log[0] ? ": " : "", log);
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
        k = dvmh_xcalloc(1, sizeof *k);
        k->name = name;
        CUresult e = gpu_api()->ModuleGetFunction(&k->fn, st->mod[o], name);
        if (e) {
            char buf[256];
            pthread_mutex_unlock(&modules_lock);
            dvmh_fatal(NULL, 0, "kernel %s of %s: %s", name, m->file,
                       cuda_error_text("cuModuleGetFunction", e, buf, sizeof buf));
        }
        k->shared_set = 48 * 1024;
        gpu_check(g, gpu_api()->FuncGetAttribute(&k->regs, DRV_FUNC_ATTRIBUTE_NUM_REGS, k->fn),
                  "cuFuncGetAttribute");
        gpu_check(g, gpu_api()->FuncGetAttribute(&k->max_threads, DRV_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK,
                                                 k->fn),
                  "cuFuncGetAttribute");
        k->next = st->kernels[o];
        st->kernels[o] = k;
    }
    if (shared > (size_t)k->shared_set) {
        gpu_check(g, gpu_api()->FuncSetAttribute(k->fn, DRV_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                                                 (int)shared),
                  "cuFuncSetAttribute");
        k->shared_set = (int)shared;
    }
    pthread_mutex_unlock(&modules_lock);
    return k;
}

/* A kernel timed by events on its GPU's stream around its launch. */
typedef struct gpu_timed {
    const char *name;
    double launched;                /* dvmh_wtime() at the launch */
    CUevent start, end;
} gpu_timed;

static void timed_begin(gpu *g, const char *name)
{
    if (g->timed_count == g->timed_cap) {
        g->timed_cap = g->timed_cap ? 2 * g->timed_cap : 16;
        g->timed = dvmh_xrealloc(g->timed, sizeof *g->timed * (size_t)g->timed_cap);
    }
    gpu_timed *t = &g->timed[g->timed_count++];
    t->name = name;
    t->launched = dvmh_wtime();
    gpu_check(g, gpu_api()->EventCreate(&t->start, 0), "cuEventCreate");
    gpu_check(g, gpu_api()->EventCreate(&t->end, 0), "cuEventCreate");
    gpu_check(g, gpu_api()->EventRecord(t->start, g->stream), "cuEventRecord");
}

/* Durations come from the events; the host clock sees neither end of a
 * kernel, so each is placed as late as it can have run: ending before the
 * next one starts and before this synchronisation, not starting before its
 * launch. */
void gpu_trace_kernels(gpu *g)
{
    double next_start = dvmh_wtime();
    for (int k = g->timed_count - 1; k >= 0; k--) {
        gpu_timed *t = &g->timed[k];
        float ms = 0;
        gpu_check(g, gpu_api()->EventElapsedTime(&ms, t->start, t->end), "cuEventElapsedTime");
        double seconds = ms * 1e-3, start = next_start - seconds;
        if (start < t->launched)
            start = t->launched;
        trace_kernel(t->name, g->dev->index, start, seconds);
        next_start = start;
        gpu_api()->EventDestroy(t->start);
        gpu_api()->EventDestroy(t->end);
    }
    g->timed_count = 0;
}

void dvmh_cuda_launch(dvmh_piece *p, dvmh_cuda_module *m, const char *name,
                      const unsigned grid[3], const unsigned block[3], size_t shared_bytes,
                      void **args)
{
    (void)p;
    gpu *g = running_gpu("dvmh_cuda_launch");
    CUfunction fn = kernel(g, m, name, shared_bytes)->fn;
    if (trace_on)
        timed_begin(g, name);
    CUresult e = gpu_api()->LaunchKernel(fn, grid[0], grid[1], grid[2], block[0], block[1], block[2],
                                         (unsigned)shared_bytes, g->stream, args, NULL);
    if (trace_on)
        gpu_check(g, gpu_api()->EventRecord(g->timed[g->timed_count - 1].end, g->stream),
                  "cuEventRecord");
    if (e) {
        char buf[256];
        dvmh_fatal(NULL, 0, "kernel %s (grid %ux%ux%u, block %ux%ux%u) on %s: %s", name, grid[0],
                   grid[1], grid[2], block[0], block[1], block[2], g->dev->name,
                   cuda_error_text("cuLaunchKernel", e, buf, sizeof buf));
    }
}

static unsigned pow2_at_most(dvmh_idx n, unsigned limit)
{
    unsigned r = 1;
    while (r * 2 <= limit && (dvmh_idx)r < n)
        r *= 2;
    return r;
}

/* The block: what cuda_block said, checked against what the kernel can
 * run; else up to 256 threads, fewer when the kernel's registers would
 * leave room for less than two such blocks on a multiprocessor (65536
 * registers) or when the loop is a wavefront (one hyperplane per launch:
 * more, smaller blocks spread it over more multiprocessors). The threads
 * go to x first (32, a warp, for coalesced rows), then y, then z, as far
 * as the iteration counts there need them. Reductions also need shared
 * memory for each thread's values (red_per_thread bytes). */
/* Threads whose reduction values (red_per_thread bytes each, then 8-byte
 * aligned) fit in a block's shared memory. */
static unsigned long long shared_fit(const gpu *g, size_t red_per_thread)
{
    return red_per_thread ? (g->shared_limit - 8) / red_per_thread : 1024;
}

static void choose_block(gpu *g, const kernel_entry *k, const char *name, int dependent,
                         const dvmh_idx count[3], size_t red_per_thread, unsigned block[3])
{
    unsigned long long fit = shared_fit(g, red_per_thread);
    if (fit == 0)
        dvmh_fatal(NULL, 0, "the loop's reduction variables take %zu bytes per thread, more than the "
                   "%zu bytes of shared memory a block of %s may have: run the loop on the host "
                   "(targets(HOST))", red_per_thread, g->shared_limit, g->dev->name);
    if (block[0]) {
        unsigned long long t = (unsigned long long)block[0] * block[1] * block[2];
        if (t > (unsigned long long)k->max_threads)
            dvmh_fatal(NULL, 0, "cuda_block(%u, %u, %u) asks for %llu threads per block; kernel %s can "
                       "run at most %d on %s (it uses %d registers per thread)", block[0], block[1],
                       block[2], t, name, k->max_threads, g->dev->name, k->regs);
        if (t > fit)
            dvmh_fatal(NULL, 0, "cuda_block(%u, %u, %u) asks for %llu threads per block; the loop's "
                       "reduction variables (%zu bytes per thread) leave shared memory for %llu on %s",
                       block[0], block[1], block[2], t, red_per_thread, fit, g->dev->name);
        return;
    }
    unsigned threads = dependent ? 128 : 256;
    while (threads > 32 && (threads > (unsigned)k->max_threads ||
                            (unsigned long long)threads * (unsigned)k->regs * 2 > 65536))
        threads /= 2;
    while (threads > 1 && threads > fit)
        threads /= 2;
    unsigned x = pow2_at_most(count[0], count[1] > 1 || count[2] > 1 ? 32 : threads);
    unsigned y = pow2_at_most(count[1], threads / x);
    unsigned z = pow2_at_most(count[2], threads / x / y < 64 ? threads / x / y : 64);
    /* small counts along y and z: give the rest back to x */
    x = pow2_at_most(count[0], threads / y / z);
    block[0] = x, block[1] = y, block[2] = z;
}

unsigned dvmh_cuda_config(dvmh_piece *p, dvmh_cuda_module *m, const char *name, int flags,
                          const dvmh_idx count[3], size_t red_bytes, size_t red_per_thread,
                          unsigned block[3], unsigned grid[3])
{
    (void)p;
    gpu *g = running_gpu("dvmh_cuda_config");
    choose_block(g, kernel(g, m, name, 0), name, flags & DVMH_CUDA_DEPENDENT, count, red_per_thread,
                 block);
    unsigned blocks = dvmh_cuda_grid(count, block, grid);
    if (!red_bytes)
        return blocks;
    /* Reductions: every block leaves its partial results in device memory,
     * which one block of the final kernel then combines; that block's
     * threads read one partial after another, so many partials would make
     * it the slow part. The grid holds no more blocks than fill the GPU
     * eight times over (its multiprocessors at 2048 threads each: a single
     * wave leaves the multiprocessors half idle while its last blocks run,
     * and each thread's grid-stride loop keeps too few loads in flight),
     * and, where free memory is short (large array reductions), no more
     * than an eighth of it holds; the kernel's grid-stride loops cover the
     * rest.
     * Where every reduction combines atomically (DVMH_CUDA_ATOMIC_REDS)
     * there are no partial results, and where each is a 4-byte scalar
     * (red_per_thread <= 4) the grid may fill the GPU 512 times over, so
     * that most loops get one iteration per thread. Measured on an H200,
     * Jacobi-3D's loop with a max reduction at 384^3: in float 450 us with
     * one iteration per thread (220,000 blocks) against 530 us with the
     * grid capped (32 iterations per thread, whose loads wait one after
     * another); in double 1030 us against 590 us: the blocks' atomic
     * operations on one address, 8-byte ones at that, then cost more than
     * the loads. The cap keeps them well under the loop's own time. */
    unsigned threads = block[0] * block[1] * block[2];
    unsigned long long cap = (unsigned long long)g->sms * 8 * (2048 / threads > 0 ? 2048 / threads : 1);
    if ((flags & DVMH_CUDA_ATOMIC_REDS) && red_per_thread <= 4) {
        cap *= 64;
    } else {
        unsigned long long fit = gpu_free_memory(g) / 8 / red_bytes;
        if (fit < cap)
            cap = fit ? fit : 1;
    }
    for (int d = 2; d >= 0 && blocks > cap; d--)
        while (blocks > cap && grid[d] > 1) {
            grid[d] = (grid[d] + 1) / 2;
            blocks = grid[0] * grid[1] * grid[2];
        }
    return blocks;
}

/* A grid that covers a loop's iterations (one per thread) becomes one of a
 * quarter as many blocks along z, each thread running DVMH_CUDA_ZU
 * consecutive iterations there (the loop's _kernel4): their loads are
 * independent, so the thread has four times as many in flight, which a
 * stencil limited by memory latency needs. Measured on an H200 (a 7-point
 * stencil at 384^3): 225 -> 177 us in float, 287 -> 264 us in double.
 * Only where the quarter still fills the GPU twice over
 * (multiprocessors x 2048 threads) and z has at least 2 x DVMH_CUDA_ZU
 * iterations; DVMH_CUDA_COARSEN=0 turns it off, 2 drops the first
 * condition (tests: small loops on a large GPU). */
int dvmh_cuda_coarsen(dvmh_piece *p, const dvmh_idx count[3], const unsigned block[3], unsigned grid[3])
{
    (void)p;
    gpu *g = running_gpu("dvmh_cuda_coarsen");
    if (!g->coarsen || count[2] < 2 * DVMH_CUDA_ZU)
        return 0;
    dvmh_idx zthreads = (count[2] + DVMH_CUDA_ZU - 1) / DVMH_CUDA_ZU;
    unsigned gz = (unsigned)((zthreads + block[2] - 1) / block[2]);
    unsigned long long threads = (unsigned long long)grid[0] * grid[1] * gz * block[0] * block[1] * block[2];
    if (g->coarsen == 1 && threads < (unsigned long long)g->sms * 2048 * 2)
        return 0;
    grid[2] = gz;
    return 1;
}

unsigned dvmh_cuda_red_threads(dvmh_piece *p, size_t red_per_thread)
{
    (void)p;
    gpu *g = running_gpu("dvmh_cuda_red_threads");
    unsigned threads = 256;
    while (threads > 1 && threads > shared_fit(g, red_per_thread))
        threads /= 2;
    return threads;
}

void *dvmh_cuda_alloc(dvmh_piece *p, size_t bytes)
{
    (void)p;
    gpu *g = running_gpu("dvmh_cuda_alloc");
    void *r = gpu_alloc(g, bytes);
    if (!r)
        dvmh_fatal(NULL, 0, "out of memory on device %s: %zu bytes for a loop's temporaries",
                   g->dev->name, bytes);
    return r;
}

void dvmh_cuda_free(dvmh_piece *p, void *dev)
{
    (void)p;
    gpu_release(running_gpu("dvmh_cuda_free"), dev, true);
}

void dvmh_cuda_red_result(dvmh_piece *p, int k, const void *var, size_t var_bytes, const void *loc,
                          size_t loc_bytes)
{
    (void)p;
    gpu *g = running_gpu("dvmh_cuda_red_result");
    char *host = gpu_result_space(g, var_bytes + loc_bytes);
    gpu_check(g, gpu_api()->MemcpyDtoHAsync(host, (CUdeviceptr)(uintptr_t)var, var_bytes, g->stream),
              "cuMemcpyDtoHAsync");
    if (loc && loc_bytes)
        gpu_check(g, gpu_api()->MemcpyDtoHAsync(host + var_bytes, (CUdeviceptr)(uintptr_t)loc, loc_bytes,
                                                g->stream),
                  "cuMemcpyDtoHAsync");
    gpu_result_later(k, host, loc && loc_bytes ? host + var_bytes : NULL);
}
