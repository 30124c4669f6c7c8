/* cuda_api.c: loads the CUDA driver (libcuda.so.1) with dlopen on first
 * use, so that the runtime links and runs on machines without it. */
#include "cuda_api.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

static struct {
    pthread_once_t once;
    cuda_api api;
    bool ok;
    char why[256];
} driver = {PTHREAD_ONCE_INIT, {0}, false, ""};

static bool load_symbol(void *lib, const char *name, void **slot)
{
    *slot = dlsym(lib, name);
    if (!*slot)
        snprintf(driver.why, sizeof driver.why, "libcuda.so.1 lacks %s", name);
    return *slot != NULL;
}

static void load(void)
{
    void *lib = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!lib) {
        snprintf(driver.why, sizeof driver.why, "libcuda.so.1 not loadable: %s", dlerror());
        return;
    }
    cuda_api *a = &driver.api;
    /* the _v2 names are the entry points with 64-bit sizes and pointers */
    struct { const char *name; void **slot; } table[] = {
        {"cuInit", (void **)&a->Init},
        {"cuGetErrorString", (void **)&a->GetErrorString},
        {"cuDeviceGetCount", (void **)&a->DeviceGetCount},
        {"cuDeviceGet", (void **)&a->DeviceGet},
        {"cuDeviceGetName", (void **)&a->DeviceGetName},
        {"cuDeviceCanAccessPeer", (void **)&a->DeviceCanAccessPeer},
        {"cuDevicePrimaryCtxRetain", (void **)&a->DevicePrimaryCtxRetain},
        {"cuDevicePrimaryCtxRelease_v2", (void **)&a->DevicePrimaryCtxRelease},
        {"cuCtxPushCurrent_v2", (void **)&a->CtxPushCurrent},
        {"cuCtxPopCurrent_v2", (void **)&a->CtxPopCurrent},
        {"cuCtxEnablePeerAccess", (void **)&a->CtxEnablePeerAccess},
        {"cuStreamCreate", (void **)&a->StreamCreate},
        {"cuStreamDestroy_v2", (void **)&a->StreamDestroy},
        {"cuStreamSynchronize", (void **)&a->StreamSynchronize},
        {"cuStreamWaitEvent", (void **)&a->StreamWaitEvent},
        {"cuEventCreate", (void **)&a->EventCreate},
        {"cuEventDestroy_v2", (void **)&a->EventDestroy},
        {"cuEventRecord", (void **)&a->EventRecord},
        {"cuEventSynchronize", (void **)&a->EventSynchronize},
        {"cuEventElapsedTime", (void **)&a->EventElapsedTime},
        {"cuMemGetInfo_v2", (void **)&a->MemGetInfo},
        {"cuDeviceGetAttribute", (void **)&a->DeviceGetAttribute},
        {"cuMemAlloc_v2", (void **)&a->MemAlloc},
        {"cuMemFree_v2", (void **)&a->MemFree},
        {"cuMemAllocHost_v2", (void **)&a->MemAllocHost},
        {"cuMemFreeHost", (void **)&a->MemFreeHost},
        {"cuMemHostRegister_v2", (void **)&a->MemHostRegister},
        {"cuMemHostUnregister", (void **)&a->MemHostUnregister},
        {"cuMemcpy3DAsync_v2", (void **)&a->Memcpy3DAsync},
        {"cuMemcpy3DPeerAsync", (void **)&a->Memcpy3DPeerAsync},
        {"cuMemcpyDtoHAsync_v2", (void **)&a->MemcpyDtoHAsync},
        {"cuModuleLoadData", (void **)&a->ModuleLoadData},
        {"cuModuleUnload", (void **)&a->ModuleUnload},
        {"cuModuleGetFunction", (void **)&a->ModuleGetFunction},
        {"cuFuncSetAttribute", (void **)&a->FuncSetAttribute},
        {"cuFuncGetAttribute", (void **)&a->FuncGetAttribute},
        {"cuLinkCreate_v2", (void **)&a->LinkCreate},
        {"cuLinkAddData_v2", (void **)&a->LinkAddData},
        {"cuLinkComplete", (void **)&a->LinkComplete},
        {"cuLinkDestroy", (void **)&a->LinkDestroy},
        {"cuLaunchKernel", (void **)&a->LaunchKernel},
    };
    for (size_t k = 0; k < sizeof table / sizeof table[0]; k++)
        if (!load_symbol(lib, table[k].name, table[k].slot)) {
            dlclose(lib);
            return;
        }
    CUresult e = a->Init(0);
    if (e) {
        char buf[160];
        snprintf(driver.why, sizeof driver.why, "%s", cuda_error_text("cuInit", e, buf, sizeof buf));
        dlclose(lib);
        return;
    }
    driver.ok = true; /* the library stays loaded for the process's life */
}

const cuda_api *cuda_api_get(const char **why)
{
    pthread_once(&driver.once, load);
    if (why)
        *why = driver.why;
    return driver.ok ? &driver.api : NULL;
}

const char *cuda_error_text(const char *call, CUresult e, char *buf, size_t size)
{
    const char *s = NULL;
    if (driver.api.GetErrorString)
        driver.api.GetErrorString(e, &s);
    snprintf(buf, size, "%s: %s (CUDA error %d)", call, s ? s : "unknown error", e);
    return buf;
}
