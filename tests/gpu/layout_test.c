/* layout_test.c: lib/gpu/cuda_api.h declares the driver's structures and
 * constants itself (no CUDA needed to build); this file, built where
 * cuda.h exists, fails to compile if they differ from the driver's. */
#include <cuda.h>                   /* first: cuda_api.h then leaves CUresult to it */
#include <stddef.h>

#include "cuda_api.h"

#define SAME(ours, theirs, field) \
    _Static_assert(offsetof(ours, field) == offsetof(theirs, field), #ours "." #field)
SAME(cuda_memcpy3d, CUDA_MEMCPY3D, srcMemoryType);
SAME(cuda_memcpy3d, CUDA_MEMCPY3D, srcHost);
SAME(cuda_memcpy3d, CUDA_MEMCPY3D, srcDevice);
SAME(cuda_memcpy3d, CUDA_MEMCPY3D, srcPitch);
SAME(cuda_memcpy3d, CUDA_MEMCPY3D, srcHeight);
SAME(cuda_memcpy3d, CUDA_MEMCPY3D, dstMemoryType);
SAME(cuda_memcpy3d, CUDA_MEMCPY3D, dstHost);
SAME(cuda_memcpy3d, CUDA_MEMCPY3D, dstDevice);
SAME(cuda_memcpy3d, CUDA_MEMCPY3D, dstPitch);
SAME(cuda_memcpy3d, CUDA_MEMCPY3D, dstHeight);
SAME(cuda_memcpy3d, CUDA_MEMCPY3D, WidthInBytes);
SAME(cuda_memcpy3d, CUDA_MEMCPY3D, Depth);
_Static_assert(sizeof(cuda_memcpy3d) == sizeof(CUDA_MEMCPY3D), "CUDA_MEMCPY3D size");
SAME(cuda_memcpy3d_peer, CUDA_MEMCPY3D_PEER, srcContext);
SAME(cuda_memcpy3d_peer, CUDA_MEMCPY3D_PEER, srcPitch);
SAME(cuda_memcpy3d_peer, CUDA_MEMCPY3D_PEER, dstContext);
SAME(cuda_memcpy3d_peer, CUDA_MEMCPY3D_PEER, dstHeight);
SAME(cuda_memcpy3d_peer, CUDA_MEMCPY3D_PEER, Depth);
_Static_assert(sizeof(cuda_memcpy3d_peer) == sizeof(CUDA_MEMCPY3D_PEER), "CUDA_MEMCPY3D_PEER size");
_Static_assert(sizeof(CUdeviceptr) == sizeof(unsigned long long), "CUdeviceptr");
/* The constants are of different enum types on each side: compared as ints. */
#define SAME_VALUE(ours, theirs) _Static_assert((int)(ours) == (int)(theirs), #ours)
SAME_VALUE(DRV_ERROR_OUT_OF_MEMORY, CUDA_ERROR_OUT_OF_MEMORY);
SAME_VALUE(DRV_ERROR_PEER_ACCESS_ALREADY_ENABLED, CUDA_ERROR_PEER_ACCESS_ALREADY_ENABLED);
SAME_VALUE(DRV_MEMORYTYPE_HOST, CU_MEMORYTYPE_HOST);
SAME_VALUE(DRV_MEMORYTYPE_DEVICE, CU_MEMORYTYPE_DEVICE);
SAME_VALUE(DRV_STREAM_NON_BLOCKING, CU_STREAM_NON_BLOCKING);
SAME_VALUE(DRV_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK, CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK);
SAME_VALUE(DRV_FUNC_ATTRIBUTE_NUM_REGS, CU_FUNC_ATTRIBUTE_NUM_REGS);
SAME_VALUE(DRV_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES);
SAME_VALUE(DRV_EVENT_DISABLE_TIMING, CU_EVENT_DISABLE_TIMING);
SAME_VALUE(DRV_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN,
           CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN);
SAME_VALUE(DRV_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT);
SAME_VALUE(DRV_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER);
SAME_VALUE(DRV_JIT_ERROR_LOG_BUFFER_SIZE_BYTES, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES);
SAME_VALUE(DRV_JIT_INPUT_FATBINARY, CU_JIT_INPUT_FATBINARY);

int main(void)
{
    return 0;
}
