/* link_test.c: the emulator's device link (cuLink*) is faithful: a
 * relocatable image calling a function of another image does not load
 * alone and does not link alone (the log names the function); linked with
 * the image defining it, it loads and its kernel computes with it; an
 * image that is not relocatable is refused by the linker.
 *   link_test KERNEL.img LIB.img WHOLE.img   (nvcc-emu -rdc=true, and not) */
#define _POSIX_C_SOURCE 200809L
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef int CUresult;
typedef unsigned long long CUdeviceptr;
typedef void *handle;

static struct {
    CUresult (*Init)(unsigned);
    CUresult (*DeviceGet)(int *, int);
    CUresult (*DevicePrimaryCtxRetain)(handle *, int);
    CUresult (*CtxPushCurrent)(handle);
    CUresult (*CtxSynchronize)(void);
    CUresult (*MemAlloc)(CUdeviceptr *, size_t);
    CUresult (*MemcpyDtoHAsync)(void *, CUdeviceptr, size_t, handle);
    CUresult (*ModuleLoadData)(handle *, const void *);
    CUresult (*ModuleGetFunction)(handle *, handle, const char *);
    CUresult (*LaunchKernel)(handle, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned,
                             unsigned, handle, void **, void **);
    CUresult (*LinkCreate)(unsigned, int *, void **, handle *);
    CUresult (*LinkAddData)(handle, int, void *, size_t, const char *, unsigned, int *, void **);
    CUresult (*LinkComplete)(handle, void **, size_t *);
    CUresult (*LinkDestroy)(handle);
} cu;

static int failures;

static void check(int ok, const char *what)
{
    printf("%s %s\n", ok ? "ok  " : "FAIL", what);
    failures += !ok;
}

static void need(CUresult e, const char *call)
{
    if (e) {
        printf("FAIL %s: CUDA error %d\n", call, e);
        exit(1);
    }
}

static char *slurp(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        printf("FAIL cannot read %s\n", path);
        exit(1);
    }
    fseek(f, 0, SEEK_END);
    *size = (size_t)ftell(f);
    fseek(f, 0, SEEK_SET);
    char *p = malloc(*size);
    if (!p || fread(p, 1, *size, f) != *size)
        exit(1);
    fclose(f);
    return p;
}

/* Links the images; returns the error and the log in log. */
static CUresult link_images(char **img, size_t *size, int n, handle *mod, char *log, size_t logn)
{
    int opts[] = {5, 6};            /* CU_JIT_ERROR_LOG_BUFFER(_SIZE_BYTES) */
    void *vals[] = {log, (void *)(uintptr_t)logn};
    handle s;
    need(cu.LinkCreate(2, opts, vals, &s), "cuLinkCreate");
    CUresult e = 0;
    for (int k = 0; k < n && !e; k++)
        e = cu.LinkAddData(s, 2 /* CU_JIT_INPUT_FATBINARY */, img[k], size[k], "image", 0, NULL, NULL);
    void *out;
    size_t outn;
    if (!e)
        e = cu.LinkComplete(s, &out, &outn);
    if (!e)
        e = cu.ModuleLoadData(mod, out);
    cu.LinkDestroy(s);
    return e;
}

int main(int argc, char **argv)
{
    if (argc != 4)
        return 2;
    void *lib = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!lib) {
        printf("FAIL cannot load the emulator's libcuda.so.1: %s\n", dlerror());
        return 1;
    }
    struct { const char *name; void **slot; } table[] = {
        {"cuInit", (void **)&cu.Init}, {"cuDeviceGet", (void **)&cu.DeviceGet},
        {"cuDevicePrimaryCtxRetain", (void **)&cu.DevicePrimaryCtxRetain},
        {"cuCtxPushCurrent_v2", (void **)&cu.CtxPushCurrent},
        {"cuCtxSynchronize", (void **)&cu.CtxSynchronize},
        {"cuMemAlloc_v2", (void **)&cu.MemAlloc}, {"cuMemcpyDtoHAsync_v2", (void **)&cu.MemcpyDtoHAsync},
        {"cuModuleLoadData", (void **)&cu.ModuleLoadData},
        {"cuModuleGetFunction", (void **)&cu.ModuleGetFunction},
        {"cuLaunchKernel", (void **)&cu.LaunchKernel},
        {"cuLinkCreate_v2", (void **)&cu.LinkCreate}, {"cuLinkAddData_v2", (void **)&cu.LinkAddData},
        {"cuLinkComplete", (void **)&cu.LinkComplete}, {"cuLinkDestroy", (void **)&cu.LinkDestroy},
    };
    for (size_t k = 0; k < sizeof table / sizeof table[0]; k++)
        if (!(*table[k].slot = dlsym(lib, table[k].name))) {
            printf("FAIL libcuda.so.1 lacks %s\n", table[k].name);
            return 1;
        }
    int dev;
    handle ctx, mod;
    need(cu.Init(0), "cuInit");
    need(cu.DeviceGet(&dev, 0), "cuDeviceGet");
    need(cu.DevicePrimaryCtxRetain(&ctx, dev), "cuDevicePrimaryCtxRetain");
    need(cu.CtxPushCurrent(ctx), "cuCtxPushCurrent");
    char *img[3];
    size_t size[3];
    for (int k = 0; k < 3; k++)
        img[k] = slurp(argv[k + 1], &size[k]);
    char log[4096];

    check(cu.ModuleLoadData(&mod, img[0]) != 0,
          "a relocatable image calling a function of another image does not load unlinked");
    log[0] = 0;
    check(link_images(img, size, 1, &mod, log, sizeof log) != 0 && strstr(log, "twice_plus"),
          "it does not link alone either, and the linker's log names the missing function");
    check(link_images((char *[]){img[0], img[2]}, (size_t[]){size[0], size[2]}, 2, &mod, log,
                      sizeof log) != 0,
          "an image that is not relocatable is refused by the linker");
    log[0] = 0;
    CUresult e = link_images(img, size, 2, &mod, log, sizeof log);
    check(e == 0, "linked with the image defining the function, it loads");
    if (e) {
        printf("     (CUDA error %d: %s)\n", e, log);
        return 1;
    }
    handle fn;
    need(cu.ModuleGetFunction(&fn, mod, "use_lib"), "cuModuleGetFunction");
    enum { N = 300 };
    CUdeviceptr out;
    need(cu.MemAlloc(&out, N * sizeof(int)), "cuMemAlloc");
    int n = N;
    void *args[] = {&out, &n};
    need(cu.LaunchKernel(fn, 2, 1, 1, 128, 1, 1, 0, NULL, args, NULL), "cuLaunchKernel");
    need(cu.CtxSynchronize(), "cuCtxSynchronize");
    int host[N];
    need(cu.MemcpyDtoHAsync(host, out, sizeof host, NULL), "cuMemcpyDtoHAsync");
    need(cu.CtxSynchronize(), "cuCtxSynchronize");
    int right = 1;
    for (int i = 0; i < N; i++)
        right &= host[i] == 2 * i + 7;
    check(right, "its kernel computes with the other image's function");
    return failures ? 1 : 0;
}
