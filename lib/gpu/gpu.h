/* gpu.h: the state of one GPU device of the CUDA backend, shared by its
 * device operations (gpu.c) and the launch API of generated code
 * (launch.c). */
#ifndef DVMH_GPU_GPU_H
#define DVMH_GPU_GPU_H

#include "../device.h"
#include "cuda_api.h"

#include <pthread.h>

#define GPU_MAX DEVICE_MAX

/* An allocation, and the last kernels and copies that used it: copies run
 * on their own stream, so each waits only for the kernels that touch its
 * memory, and each kernel only for the copies into or out of its memory
 * (events made on first use; 'pending' says which were recorded). */
enum { USE_KERNEL_WRITE, USE_KERNEL, USE_COPY_WRITE, USE_COPY, USES };
typedef struct gpu_block {
    CUdeviceptr ptr;
    size_t size;
    CUevent event[USES];
    unsigned pending;               /* bit u: event[u] was recorded */
} gpu_block;

typedef struct gpu {
    device *dev;
    int ordinal;                    /* among this process's GPUs: 0, 1, ... */
    CUdevice cu;
    CUcontext ctx;
    CUstream stream;                /* kernels */
    CUstream copy;                  /* transfers */
    CUevent staging_free;           /* the last transfer from the staging buffer is done */
    bool staging_busy;
    pthread_mutex_t lock;           /* the allocator and the staging buffer */
    gpu_block *live, *cached;       /* caching allocator: in use / kept for reuse */
    int live_count, live_cap, cached_count, cached_cap;
    bool page_lock;                 /* DVMH_PAGE_LOCK_HOST_MEM */
    int coarsen;                    /* DVMH_CUDA_COARSEN: 0, 1, 2 */
    void *staging;                  /* page-locked host buffer for transfers */
    size_t staging_size;
    /* page-locked memory where reduction results arrive: used from
     * results_used on, free again once the GPU is synchronised (buffers
     * outgrown stay until the end: results may still be read from them) */
    char *results;
    size_t results_size, results_used;
    void **results_old;
    int results_old_count;
    unsigned peer_enabled;          /* bit k: peer access to GPU k enabled */
    size_t cached_bytes;            /* in the allocator's cache */
    size_t shared_limit;            /* dynamic shared memory a block may have */
    int sms;                        /* multiprocessors */
    /* kernels launched since the last synchronisation, timed by events
     * (DVMH_TRACE only) */
    struct gpu_timed *timed;
    int timed_count, timed_cap;
} gpu;

/* The API of the driver (the backend exists only when it loaded). */
const cuda_api *gpu_api(void);
/* link.c: loads m on the current context; relocatable device code goes
 * through the driver's linker first (its error log: log). */
CUresult gpu_module_load(dvmh_cuda_module *m, CUmodule *out, char *log, size_t log_size);
/* Stops the program when e is an error of 'call' on g. */
void gpu_check(gpu *g, CUresult e, const char *call);
/* The GPU whose handler runs on this thread (set by the run operation). */
gpu *gpu_current(void);
/* Hands the running piece's loop reduction k's result, which will be at var
 * (and loc) once the GPU is synchronised. */
void gpu_result_later(int k, const void *var, const void *loc);
/* DVMH_TRACE: the kernels timed since the last synchronisation go into
 * the trace (the GPU's stream is synchronised). */
void gpu_trace_kernels(gpu *g);
/* Opened GPU by ordinal (module loading keeps one module per GPU). */
gpu *gpu_by_ordinal(int ordinal);

void *gpu_alloc(gpu *g, size_t bytes);
/* Page-locked memory for a reduction result of bytes (valid until the
 * GPU's next synchronisation has been followed by new results). */
void *gpu_result_space(gpu *g, size_t bytes);
/* Device memory free for new allocations, the allocator's cache included. */
size_t gpu_free_memory(gpu *g);
/* Back to the cache; by_kernels: the piece's kernels used it (a launcher's
 * temporary), so later copies into it wait for them. */
void gpu_release(gpu *g, void *p, bool by_kernels);

#endif
