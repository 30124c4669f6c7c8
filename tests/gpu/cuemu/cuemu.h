/* cuemu.h: the mock CUDA driver's internals, shared by its parts:
 * cuemu.c (entry points: devices, contexts, modules, launches), memory.c
 * (allocations and copies), stream.c (deferred work, streams and events),
 * block.c (running a launch's blocks and threads), launchlog.c (what
 * ran, for tests). */
#ifndef CUEMU_H
#define CUEMU_H

#include "cuemu_abi.h"

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The driver's codes this mock returns (cuda.h's values). */
enum {
    CUDA_SUCCESS = 0,
    CUDA_ERROR_INVALID_VALUE = 1,
    CUDA_ERROR_OUT_OF_MEMORY = 2,
    CUDA_ERROR_NOT_INITIALIZED = 3,
    CUDA_ERROR_NO_DEVICE = 100,
    CUDA_ERROR_INVALID_DEVICE = 101,
    CUDA_ERROR_INVALID_IMAGE = 200,
    CUDA_ERROR_INVALID_CONTEXT = 201,
    CUDA_ERROR_NO_BINARY_FOR_GPU = 209,
    CUDA_ERROR_PEER_ACCESS_UNSUPPORTED = 217,
    CUDA_ERROR_INVALID_HANDLE = 400,
    CUDA_ERROR_NOT_FOUND = 500,
    CUDA_ERROR_NOT_READY = 600,
    CUDA_ERROR_ILLEGAL_ADDRESS = 700,
    CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES = 701,
    CUDA_ERROR_PEER_ACCESS_ALREADY_ENABLED = 704,
    CUDA_ERROR_CONTEXT_IS_DESTROYED = 709,
    CUDA_ERROR_HOST_MEMORY_ALREADY_REGISTERED = 712,
    CUDA_ERROR_HOST_MEMORY_NOT_REGISTERED = 713,
};

typedef int CUresult;
typedef int CUdevice;
typedef unsigned long long CUdeviceptr;
typedef struct cuemu_context *CUcontext;
typedef struct cuemu_stream *CUstream;
typedef struct cuemu_event *CUevent;
typedef struct cuemu_module *CUmodule;
typedef struct cuemu_function *CUfunction;

#define CUEMU_MAX_DEVICES 16

typedef struct cuemu_stream cuemu_stream;

/* A device's primary context: its streams, what failed asynchronously. */
typedef struct cuemu_context {
    int device;
    int retained;                   /* cuDevicePrimaryCtxRetain count */
    cuemu_stream *streams;          /* all of them, destroyed ones with work left too */
    cuemu_stream *null_stream;      /* handle 0 (created on first use) */
    unsigned peer_enabled;          /* bit d: cuCtxEnablePeerAccess(device d) */
    CUresult sticky;                /* an error of deferred work, returned by syncs */
} cuemu_context;

typedef struct cuemu_module {
    void *handle;                   /* dlopen of the image */
    int fd;                         /* the image's memfd */
    cuemu_context *ctx;
    cuemu_rt rt;                    /* what the image's kernels read */
    struct cuemu_function *functions;
} cuemu_module;

typedef struct cuemu_function {
    char *name;
    void (*call)(void **args);      /* NAME__cuemu */
    unsigned nparams;
    size_t param_size[CUEMU_MAX_PARAMS];
    int max_dynamic_shared;         /* CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES */
    cuemu_module *module;
    struct cuemu_function *next;
} cuemu_function;

/* A kernel launch as queued: the parameters are copied at the call, as
 * the driver does. */
typedef struct cuemu_launch {
    cuemu_function *fn;
    cuemu_uint3 grid, block;
    size_t shared;
    void **args;                    /* into params */
    char *params;
} cuemu_launch;

/* A box copy between two places in this process's memory (device memory
 * is host memory here). Device sides are checked again when the copy
 * runs: memory freed meanwhile is a bug. */
typedef struct cuemu_copy {
    char *dst;
    const char *src;
    size_t dst_pitch, dst_slice, src_pitch, src_slice; /* bytes between rows, slices */
    size_t width, height, depth;
    bool dst_device, src_device;
    char *snapshot;                 /* pageable source copied at the call (owned) */
} cuemu_copy;

/* ---- cuemu.c ---- */
extern pthread_mutex_t cuemu_lock;  /* held by every entry point */
/* A nonzero value of an environment variable, else fallback. */
long long cuemu_env(const char *name, long long fallback);
cuemu_context *cuemu_context_of(int device);
/* The calling thread's current context, NULL when none. */
cuemu_context *cuemu_current(void);
int cuemu_device_count(void);

/* ---- memory.c ---- */
/* Device memory accessible (nested) / inaccessible again. */
void cuemu_memory_open(void);
void cuemu_memory_close(void);
bool cuemu_device_address(const void *p, const void **base, size_t *size);
/* Reports host accesses to device memory (installed by cuInit). */
void cuemu_watch_host_faults(void);
CUresult cuemu_copy_run(cuemu_copy *c, cuemu_context *ctx);
void cuemu_copy_free(cuemu_copy *c);

/* ---- stream.c ---- */
/* The stream for a handle (0 and the special handles: the context's null
 * stream); NULL when there is no current context. */
cuemu_stream *cuemu_stream_of(CUstream s);
cuemu_context *cuemu_stream_context(cuemu_stream *s);
void cuemu_queue_copy(cuemu_stream *s, const cuemu_copy *c);
void cuemu_queue_launch(cuemu_stream *s, const cuemu_launch *l);
/* Runs a stream's queued work; every stream of one context; of all. */
void cuemu_stream_drain(cuemu_stream *s);
void cuemu_context_drain(cuemu_context *ctx);
void cuemu_drain_all(void);

/* ---- block.c ---- */
void cuemu_run_launch(const cuemu_launch *l);

/* ---- launchlog.c ---- */
/* Counts a launch that runs (CUEMU_LAUNCH_LOG). */
void cuemu_log_launch(const cuemu_launch *l);

/* link.c: a relocatable image linked alone into a loadable one (malloc'd),
 * or NULL when it does not link alone (the linker's messages on stderr). */
unsigned char *cuemu_link_alone(const unsigned char *image, size_t size);

#endif
