/* selftest.c: the CUDA emulator can fail. Through the mock driver alone
 * (dlopen of libcuda.so.1, kernels built by nvcc-emu): a result read back
 * without synchronising is stale, launches beyond an H100's limits fail,
 * __syncthreads is a real barrier, bad copies and images are refused,
 * the host cannot touch device memory. */
#define _POSIX_C_SOURCE 200809L
#include <dlfcn.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

typedef int CUresult;
typedef unsigned long long CUdeviceptr;
typedef void *handle;

static struct {
    CUresult (*Init)(unsigned);
    CUresult (*DeviceGet)(int *, int);
    CUresult (*DevicePrimaryCtxRetain)(handle *, int);
    CUresult (*CtxPushCurrent)(handle);
    CUresult (*StreamCreate)(handle *, unsigned);
    CUresult (*StreamSynchronize)(handle);
    CUresult (*MemAlloc)(CUdeviceptr *, size_t);
    CUresult (*MemFree)(CUdeviceptr);
    CUresult (*MemAllocHost)(void **, size_t);
    CUresult (*MemcpyDtoHAsync)(void *, CUdeviceptr, size_t, handle);
    CUresult (*MemcpyHtoDAsync)(CUdeviceptr, const void *, size_t, handle);
    CUresult (*EventCreate)(handle *, unsigned);
    CUresult (*EventRecord)(handle, handle);
    CUresult (*EventQuery)(handle);
    CUresult (*EventSynchronize)(handle);
    CUresult (*StreamWaitEvent)(handle, handle, unsigned);
    CUresult (*ModuleLoadData)(handle *, const void *);
    CUresult (*ModuleGetFunction)(handle *, handle, const char *);
    CUresult (*FuncSetAttribute)(handle, int, int);
    CUresult (*LaunchKernel)(handle, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned,
                             unsigned, handle, void **, void **);
} cu;

static int failures;

static void check(int ok, const char *what)
{
    printf("%s %s\n", ok ? "ok  " : "FAIL", what);
    failures += !ok;
}

/* stops at once: later checks make no sense without the driver */
static void need(CUresult e, const char *call)
{
    if (e) {
        printf("FAIL %s: CUDA error %d\n", call, e);
        exit(1);
    }
}

static void load_driver(void)
{
    void *lib = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!lib) {
        printf("FAIL cannot load the emulator's libcuda.so.1: %s\n", dlerror());
        exit(1);
    }
    struct { const char *name; void **slot; } table[] = {
        {"cuInit", (void **)&cu.Init},
        {"cuDeviceGet", (void **)&cu.DeviceGet},
        {"cuDevicePrimaryCtxRetain", (void **)&cu.DevicePrimaryCtxRetain},
        {"cuCtxPushCurrent_v2", (void **)&cu.CtxPushCurrent},
        {"cuStreamCreate", (void **)&cu.StreamCreate},
        {"cuStreamSynchronize", (void **)&cu.StreamSynchronize},
        {"cuMemAlloc_v2", (void **)&cu.MemAlloc},
        {"cuMemFree_v2", (void **)&cu.MemFree},
        {"cuMemAllocHost_v2", (void **)&cu.MemAllocHost},
        {"cuMemcpyDtoHAsync_v2", (void **)&cu.MemcpyDtoHAsync},
        {"cuMemcpyHtoDAsync_v2", (void **)&cu.MemcpyHtoDAsync},
        {"cuEventCreate", (void **)&cu.EventCreate},
        {"cuEventRecord", (void **)&cu.EventRecord},
        {"cuEventQuery", (void **)&cu.EventQuery},
        {"cuEventSynchronize", (void **)&cu.EventSynchronize},
        {"cuStreamWaitEvent", (void **)&cu.StreamWaitEvent},
        {"cuModuleLoadData", (void **)&cu.ModuleLoadData},
        {"cuModuleGetFunction", (void **)&cu.ModuleGetFunction},
        {"cuFuncSetAttribute", (void **)&cu.FuncSetAttribute},
        {"cuLaunchKernel", (void **)&cu.LaunchKernel},
    };
    for (size_t k = 0; k < sizeof table / sizeof table[0]; k++)
        if (!(*table[k].slot = dlsym(lib, table[k].name))) {
            printf("FAIL libcuda.so.1 lacks %s\n", table[k].name);
            exit(1);
        }
}

static char *read_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        printf("FAIL cannot open %s\n", path);
        exit(1);
    }
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *buf = malloc((size_t)n);
    if (!buf || fread(buf, 1, (size_t)n, f) != (size_t)n)
        exit(1);
    fclose(f);
    return buf;
}

#define N 4096

/* (a) a kernel's result read back into page-locked memory without a sync
 * is stale; after the stream's sync (or the event's) it is right */
static void stale_without_sync(handle fill, handle stream)
{
    CUdeviceptr d;
    int *h, n = N, value = 7;
    need(cu.MemAlloc(&d, N * sizeof(int)), "cuMemAlloc");
    need(cu.MemAllocHost((void **)&h, N * sizeof(int)), "cuMemAllocHost");
    memset(h, 0, N * sizeof(int));
    void *args[] = {&d, &n, &value};
    need(cu.LaunchKernel(fill, 16, 1, 1, 128, 1, 1, 0, stream, args, NULL), "cuLaunchKernel");
    need(cu.MemcpyDtoHAsync(h, d, N * sizeof(int), stream), "cuMemcpyDtoHAsync");
    handle done;
    need(cu.EventCreate(&done, 0), "cuEventCreate");
    need(cu.EventRecord(done, stream), "cuEventRecord");
    check(h[0] == 0 && h[N - 1] == 0, "(a) page-locked read-back without a sync is stale");
    check(cu.EventQuery(done) == 600, "(a) cuEventQuery: not ready before a sync");
    need(cu.EventSynchronize(done), "cuEventSynchronize");
    check(h[0] == 7 && h[N - 1] == 7 + N - 1, "(a) after cuEventSynchronize the result is right");
    /* pageable memory: the driver copies before returning */
    value = 9;
    int *pageable = calloc(N, sizeof(int));
    need(cu.LaunchKernel(fill, 16, 1, 1, 128, 1, 1, 0, stream, args, NULL), "cuLaunchKernel");
    memset(h, 0, N * sizeof(int));
    need(cu.MemcpyDtoHAsync(h, d, N * sizeof(int), stream), "cuMemcpyDtoHAsync");
    check(h[5] == 0, "(a) again stale before cuStreamSynchronize");
    need(cu.StreamSynchronize(stream), "cuStreamSynchronize");
    check(h[5] == 14, "(a) right after cuStreamSynchronize");
    need(cu.MemcpyDtoHAsync(pageable, d, N * sizeof(int), stream), "cuMemcpyDtoHAsync");
    check(pageable[5] == 14, "(a) pageable read-back is synchronous");
    /* a copy past the end of the allocation is refused */
    check(cu.MemcpyDtoHAsync(pageable, d + 8, N * sizeof(int), stream) == 1,
          "device range past the allocation's end: CUDA_ERROR_INVALID_VALUE");
    need(cu.MemFree(d), "cuMemFree");
    check(cu.MemcpyDtoHAsync(pageable, d, 4, stream) == 1,
          "freed device memory: CUDA_ERROR_INVALID_VALUE");
    free(pageable);
}

/* Two streams: a copy on one stream sees a kernel of the other only when
 * it waits for an event recorded after the kernel. */
static void streams_ordered_by_events(handle fill, handle kernels)
{
    handle copies, written;
    CUdeviceptr d;
    int *h, n = N, value = 3;
    need(cu.StreamCreate(&copies, 1), "cuStreamCreate");
    need(cu.EventCreate(&written, 0), "cuEventCreate");
    need(cu.MemAlloc(&d, N * sizeof(int)), "cuMemAlloc");
    need(cu.MemAllocHost((void **)&h, N * sizeof(int)), "cuMemAllocHost");
    void *args[] = {&d, &n, &value};
    need(cu.LaunchKernel(fill, 16, 1, 1, 128, 1, 1, 0, kernels, args, NULL), "cuLaunchKernel");
    need(cu.MemcpyDtoHAsync(h, d, N * sizeof(int), copies), "cuMemcpyDtoHAsync");
    need(cu.StreamSynchronize(copies), "cuStreamSynchronize");
    check(h[1] == -1, "(a) a copy on another stream, not waiting: it reads what was there before");
    need(cu.StreamSynchronize(kernels), "cuStreamSynchronize");
    value = 5;
    need(cu.LaunchKernel(fill, 16, 1, 1, 128, 1, 1, 0, kernels, args, NULL), "cuLaunchKernel");
    need(cu.EventRecord(written, kernels), "cuEventRecord");
    need(cu.StreamWaitEvent(copies, written, 0), "cuStreamWaitEvent");
    need(cu.MemcpyDtoHAsync(h, d, N * sizeof(int), copies), "cuMemcpyDtoHAsync");
    need(cu.StreamSynchronize(copies), "cuStreamSynchronize");
    check(h[1] == 6, "(a) waiting for an event of the kernel's stream: the kernel's result");
    need(cu.MemFree(d), "cuMemFree");
}

/* (b) an H100's launch limits */
static void launch_limits(handle fill, handle block_sum, handle stream)
{
    CUdeviceptr d;
    int n = 1, value = 0;
    need(cu.MemAlloc(&d, 4096), "cuMemAlloc");
    void *args[] = {&d, &n, &value};
    check(cu.LaunchKernel(fill, 1, 1, 1, 2048, 1, 1, 0, stream, args, NULL) == 1,
          "(b) 2048 threads per block: CUDA_ERROR_INVALID_VALUE");
    check(cu.LaunchKernel(fill, 1, 1, 1, 1, 1, 128, 0, stream, args, NULL) == 1,
          "(b) block z of 128: CUDA_ERROR_INVALID_VALUE");
    check(cu.LaunchKernel(fill, 1, 65536, 1, 32, 1, 1, 0, stream, args, NULL) == 1,
          "(b) grid y of 65536: CUDA_ERROR_INVALID_VALUE");
    void *sum_args[] = {&d, &d};
    check(cu.LaunchKernel(block_sum, 1, 1, 1, 32, 1, 1, 64 * 1024, stream, sum_args, NULL) == 1,
          "(b) 64 KiB of dynamic shared memory without opting in: CUDA_ERROR_INVALID_VALUE");
    check(cu.FuncSetAttribute(block_sum, 8, 228 * 1024) == 1,
          "(b) opting in to more than 227 KiB: CUDA_ERROR_INVALID_VALUE");
    need(cu.FuncSetAttribute(block_sum, 8, 64 * 1024), "cuFuncSetAttribute");
    check(cu.LaunchKernel(block_sum, 1, 1, 1, 32, 1, 1, 64 * 1024, stream, sum_args, NULL) == 0,
          "(b) 64 KiB after cuFuncSetAttribute");
    setenv("CUEMU_REGS", "128", 1);
    check(cu.LaunchKernel(fill, 1, 1, 1, 1024, 1, 1, 0, stream, args, NULL) == 701,
          "(b) 1024 threads of 128 registers: CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES");
    unsetenv("CUEMU_REGS");
    need(cu.StreamSynchronize(stream), "cuStreamSynchronize");
    need(cu.MemFree(d), "cuMemFree");
}

/* (c) __syncthreads is a barrier: block sums in shared memory are right */
static void barrier(handle block_sum, handle coordinates, handle stream)
{
    enum { BLOCKS = 64, THREADS = 512 };
    static int in[BLOCKS * THREADS], out[BLOCKS];
    for (int k = 0; k < BLOCKS * THREADS; k++)
        in[k] = k % 1000;
    CUdeviceptr din, dout;
    need(cu.MemAlloc(&din, sizeof in), "cuMemAlloc");
    need(cu.MemAlloc(&dout, sizeof out), "cuMemAlloc");
    need(cu.MemcpyHtoDAsync(din, in, sizeof in, stream), "cuMemcpyHtoDAsync");
    void *args[] = {&din, &dout};
    need(cu.LaunchKernel(block_sum, BLOCKS, 1, 1, THREADS, 1, 1, THREADS * sizeof(int), stream,
                         args, NULL), "cuLaunchKernel");
    need(cu.MemcpyDtoHAsync(out, dout, sizeof out, stream), "cuMemcpyDtoHAsync");
    int right = 1;
    for (int b = 0; b < BLOCKS; b++) {
        int sum = 0;
        for (int t = 0; t < THREADS; t++)
            sum += in[b * THREADS + t];
        right &= out[b] == sum;
    }
    check(right, "(c) block reduction in shared memory across __syncthreads");
    /* 3D blocks: every thread runs once with its own coordinates */
    enum { GX = 3, GY = 2, GZ = 2, BX = 8, BY = 4, BZ = 2 };
    static unsigned coords[GX * GY * GZ * BX * BY * BZ];
    unsigned count = 0;
    CUdeviceptr dc, dn;
    need(cu.MemAlloc(&dc, sizeof coords), "cuMemAlloc");
    need(cu.MemAlloc(&dn, sizeof count), "cuMemAlloc");
    need(cu.MemcpyHtoDAsync(dn, &count, sizeof count, stream), "cuMemcpyHtoDAsync");
    void *cargs[] = {&dc, &dn};
    need(cu.LaunchKernel(coordinates, GX, GY, GZ, BX, BY, BZ, 0, stream, cargs, NULL),
         "cuLaunchKernel");
    need(cu.MemcpyDtoHAsync(coords, dc, sizeof coords, stream), "cuMemcpyDtoHAsync");
    need(cu.MemcpyDtoHAsync(&count, dn, sizeof count, stream), "cuMemcpyDtoHAsync");
    right = count == sizeof coords / sizeof coords[0];
    for (unsigned k = 0; k < count; k++) {
        unsigned t = k % (BX * BY * BZ), b = k / (BX * BY * BZ);
        right &= coords[k] == (t % BX | t / BX % BY << 8 | t / (BX * BY) << 16 | b << 24);
    }
    check(right, "(c) 3D grid and blocks: indices, and atomicAdd counts every thread");
}

/* device memory is not the host's: a host read of it faults (in a child
 * process, whose death is the expected outcome) */
static void host_cannot_touch(void)
{
    CUdeviceptr d;
    need(cu.MemAlloc(&d, 256), "cuMemAlloc");
    fflush(stdout);
    pid_t child = fork();
    if (child == 0) {
        volatile int *p = (volatile int *)(uintptr_t)d;
        _exit(*p == -1 ? 0 : 1);
    }
    int status = 0;
    waitpid(child, &status, 0);
    check(WIFSIGNALED(status) && WTERMSIG(status) == SIGSEGV,
          "a host read of device memory faults (SIGSEGV)");
    need(cu.MemFree(d), "cuMemFree");
}

/* a million threads without barriers: one plain call each */
static void speed(handle fill, handle stream)
{
    int n = 1 << 20, value = 1;
    CUdeviceptr d;
    need(cu.MemAlloc(&d, (size_t)n * sizeof(int)), "cuMemAlloc");
    void *args[] = {&d, &n, &value};
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    need(cu.LaunchKernel(fill, (unsigned)n / 256, 1, 1, 256, 1, 1, 0, stream, args, NULL),
         "cuLaunchKernel");
    need(cu.StreamSynchronize(stream), "cuStreamSynchronize");
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double s = (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec);
    printf("     2^20 threads in %.3f s\n", s);
    check(s < 5, "a launch of 2^20 threads takes seconds at most");
    need(cu.MemFree(d), "cuMemFree");
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: cuemu_selftest IMAGE (selftest.cu built by nvcc-emu)\n");
        return 2;
    }
    load_driver();
    char *image = read_file(argv[1]);
    int dev;
    handle ctx, stream, module, fill, block_sum, coordinates;
    need(cu.Init(0), "cuInit");
    need(cu.DeviceGet(&dev, 0), "cuDeviceGet");
    need(cu.DevicePrimaryCtxRetain(&ctx, dev), "cuDevicePrimaryCtxRetain");
    need(cu.CtxPushCurrent(ctx), "cuCtxPushCurrent");
    need(cu.StreamCreate(&stream, 1), "cuStreamCreate");
    static const char not_ours[16] = "\x50\xed\x55\xba\x01\x00\x10\x00"; /* a fatbin's start */
    check(cu.ModuleLoadData(&module, not_ours) == 209,
          "an image not from nvcc-emu: CUDA_ERROR_NO_BINARY_FOR_GPU");
    need(cu.ModuleLoadData(&module, image), "cuModuleLoadData");
    need(cu.ModuleGetFunction(&fill, module, "fill"), "cuModuleGetFunction");
    need(cu.ModuleGetFunction(&block_sum, module, "block_sum"), "cuModuleGetFunction");
    need(cu.ModuleGetFunction(&coordinates, module, "coordinates"), "cuModuleGetFunction");
    handle missing;
    check(cu.ModuleGetFunction(&missing, module, "no_such_kernel") == 500,
          "a kernel the image lacks: CUDA_ERROR_NOT_FOUND");
    stale_without_sync(fill, stream);
    streams_ordered_by_events(fill, stream);
    launch_limits(fill, block_sum, stream);
    barrier(block_sum, coordinates, stream);
    host_cannot_touch();
    speed(fill, stream);
    free(image);
    printf("%s\n", failures ? "FAILED" : "all passed");
    return failures ? 1 : 0;
}
