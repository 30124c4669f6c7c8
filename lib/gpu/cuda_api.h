/* cuda_api.h: the part of the CUDA driver API the GPU backend uses, loaded
 * from libcuda.so.1 at run time (no build- or link-time dependency on
 * CUDA). Types and layouts follow the driver's stable ABI (the _v2 entry
 * points, 64-bit device pointers). */
#ifndef DVMH_GPU_CUDA_API_H
#define DVMH_GPU_CUDA_API_H

#include <stdbool.h>
#include <stddef.h>

#ifndef CUDA_VERSION                /* cuda.h not included (it is only in a layout test) */
typedef int CUresult;              /* 0: CUDA_SUCCESS */
#endif
typedef int CUdevice;
typedef struct CUctx_st *CUcontext;
typedef struct CUmod_st *CUmodule;
typedef struct CUfunc_st *CUfunction;
typedef struct CUstream_st *CUstream;
typedef struct CUevent_st *CUevent;
typedef unsigned long long CUdeviceptr;
typedef struct CUlinkState_st *CUlinkState;

/* The driver's constants are plain integers here: each is the value of one
 * of cuda.h's enums (the layout test compares them), no enum of its own. */
#define DRV_MEMORYTYPE_HOST 1
#define DRV_MEMORYTYPE_DEVICE 2
#define DRV_ERROR_OUT_OF_MEMORY 2
#define DRV_ERROR_PEER_ACCESS_ALREADY_ENABLED 704
#define DRV_MEMHOSTREGISTER_PORTABLE 0x01
#define DRV_STREAM_NON_BLOCKING 1
#define DRV_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK 0
#define DRV_FUNC_ATTRIBUTE_NUM_REGS 4
#define DRV_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES 8
#define DRV_EVENT_DISABLE_TIMING 2
#define DRV_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT 16
#define DRV_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN 97
#define DRV_JIT_ERROR_LOG_BUFFER 5
#define DRV_JIT_ERROR_LOG_BUFFER_SIZE_BYTES 6
#define DRV_JIT_INPUT_FATBINARY 2

typedef struct cuda_memcpy3d {
    size_t srcXInBytes, srcY, srcZ, srcLOD;
    int srcMemoryType;
    const void *srcHost;
    CUdeviceptr srcDevice;
    void *srcArray;
    void *reserved0;
    size_t srcPitch, srcHeight;
    size_t dstXInBytes, dstY, dstZ, dstLOD;
    int dstMemoryType;
    void *dstHost;
    CUdeviceptr dstDevice;
    void *dstArray;
    void *reserved1;
    size_t dstPitch, dstHeight;
    size_t WidthInBytes, Height, Depth;
} cuda_memcpy3d;

typedef struct cuda_memcpy3d_peer {
    size_t srcXInBytes, srcY, srcZ, srcLOD;
    int srcMemoryType;
    const void *srcHost;
    CUdeviceptr srcDevice;
    void *srcArray;
    CUcontext srcContext;
    size_t srcPitch, srcHeight;
    size_t dstXInBytes, dstY, dstZ, dstLOD;
    int dstMemoryType;
    void *dstHost;
    CUdeviceptr dstDevice;
    void *dstArray;
    CUcontext dstContext;
    size_t dstPitch, dstHeight;
    size_t WidthInBytes, Height, Depth;
} cuda_memcpy3d_peer;

typedef struct cuda_api {
    CUresult (*Init)(unsigned flags);
    CUresult (*GetErrorString)(CUresult e, const char **s);
    CUresult (*DeviceGetCount)(int *n);
    CUresult (*DeviceGet)(CUdevice *d, int ordinal);
    CUresult (*DeviceGetName)(char *name, int len, CUdevice d);
    CUresult (*DeviceCanAccessPeer)(int *can, CUdevice d, CUdevice peer);
    CUresult (*DevicePrimaryCtxRetain)(CUcontext *c, CUdevice d);
    CUresult (*DevicePrimaryCtxRelease)(CUdevice d);
    CUresult (*CtxPushCurrent)(CUcontext c);
    CUresult (*CtxPopCurrent)(CUcontext *c);
    CUresult (*CtxEnablePeerAccess)(CUcontext peer, unsigned flags);
    CUresult (*StreamCreate)(CUstream *s, unsigned flags);
    CUresult (*StreamDestroy)(CUstream s);
    CUresult (*StreamSynchronize)(CUstream s);
    CUresult (*StreamWaitEvent)(CUstream s, CUevent e, unsigned flags);
    CUresult (*EventCreate)(CUevent *e, unsigned flags);
    CUresult (*EventDestroy)(CUevent e);
    CUresult (*EventRecord)(CUevent e, CUstream s);
    CUresult (*EventSynchronize)(CUevent e);
    CUresult (*EventElapsedTime)(float *ms, CUevent start, CUevent end);
    CUresult (*MemGetInfo)(size_t *free_bytes, size_t *total_bytes);
    CUresult (*DeviceGetAttribute)(int *v, int attribute, CUdevice d);
    CUresult (*MemAlloc)(CUdeviceptr *p, size_t bytes);
    CUresult (*MemFree)(CUdeviceptr p);
    CUresult (*MemAllocHost)(void **p, size_t bytes);
    CUresult (*MemFreeHost)(void *p);
    CUresult (*MemHostRegister)(void *p, size_t bytes, unsigned flags);
    CUresult (*MemHostUnregister)(void *p);
    CUresult (*Memcpy3DAsync)(const cuda_memcpy3d *c, CUstream s);
    CUresult (*Memcpy3DPeerAsync)(const cuda_memcpy3d_peer *c, CUstream s);
    CUresult (*MemcpyDtoHAsync)(void *dst, CUdeviceptr src, size_t bytes, CUstream s);
    CUresult (*ModuleLoadData)(CUmodule *m, const void *image);
    CUresult (*ModuleUnload)(CUmodule m);
    CUresult (*ModuleGetFunction)(CUfunction *f, CUmodule m, const char *name);
    CUresult (*FuncSetAttribute)(CUfunction f, int attribute, int value);
    CUresult (*FuncGetAttribute)(int *v, int attribute, CUfunction f);
    CUresult (*LinkCreate)(unsigned nopts, int *opts, void **values, CUlinkState *s);
    CUresult (*LinkAddData)(CUlinkState s, int type, void *data, size_t size, const char *name,
                            unsigned nopts, int *opts, void **values);
    CUresult (*LinkComplete)(CUlinkState s, void **image, size_t *size);
    CUresult (*LinkDestroy)(CUlinkState s);
    CUresult (*LaunchKernel)(CUfunction f, unsigned gx, unsigned gy, unsigned gz, unsigned bx,
                             unsigned by, unsigned bz, unsigned shared, CUstream s, void **params,
                             void **extra);
} cuda_api;

/* The driver's entry points, loaded on first call; NULL when libcuda.so.1
 * cannot be loaded or initialised (why: the reason). */
const cuda_api *cuda_api_get(const char **why);
/* "cuMemAlloc: out of memory (CUDA error 2)" */
const char *cuda_error_text(const char *call, CUresult e, char *buf, size_t size);

#endif
