/* gpu.h: the state of one GPU device of the CUDA backend, shared by its
 * device operations (gpu.c) and the launch API of generated code
 * (launch.c). */
#ifndef DVMH_GPU_GPU_H
#define DVMH_GPU_GPU_H

#include "cuda_api.h"
#include "device.h"

#include <pthread.h>

#define GPU_MAX DEVICE_MAX

typedef struct gpu_block {
    CUdeviceptr ptr;
    size_t size;
} gpu_block;

typedef struct gpu {
    device *dev;
    int ordinal;                    /* among this process's GPUs: 0, 1, ... */
    CUdevice cu;
    CUcontext ctx;
    CUstream stream;
    pthread_mutex_t lock;           /* the allocator and the staging buffer */
    gpu_block *live, *cached;       /* caching allocator: in use / kept for reuse */
    int live_count, live_cap, cached_count, cached_cap;
    bool page_lock;                 /* DVMH_PAGE_LOCK_HOST_MEM */
    void *staging;                  /* page-locked host buffer for transfers */
    size_t staging_size;
    unsigned peer_enabled;          /* bit k: peer access to GPU k enabled */
    int sms;                        /* multiprocessors */
    size_t cached_bytes;            /* in the allocator's cache */
    long long red_limited;          /* reduction launches whose blocks free memory limited */
} gpu;

/* The API of the driver (the backend exists only when it loaded). */
const cuda_api *gpu_api(void);
/* Stops the program when e is an error of 'call' on g. */
void gpu_check(gpu *g, CUresult e, const char *call);
/* The GPU whose handler runs on this thread (set by the run operation). */
gpu *gpu_current(void);
/* Opened GPU by ordinal (module loading keeps one module per GPU). */
gpu *gpu_by_ordinal(int ordinal);

void *gpu_alloc(gpu *g, size_t bytes);
/* Device memory free for new allocations, the allocator's cache included. */
size_t gpu_free_memory(gpu *g);
void gpu_release(gpu *g, void *p);

#endif
