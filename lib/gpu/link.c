/* link.c: device code across files. Images of relocatable device code
 * (nvcc -rdc=true) register themselves before main; one whose kernels
 * call functions of other files is loaded only after the driver's linker
 * (cuLinkCreate ... cuLinkComplete) has combined it with the program's
 * other relocatable images. */
#include "gpu.h"
#include "../alloc.h"
#include "cuda_api.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static dvmh_cuda_module *registered;   /* written by constructors only */

void dvmh_cuda_register(dvmh_cuda_module *m)
{
    for (dvmh_cuda_module *r = registered; r; r = r->next)
        if (r == m)
            return;
    m->next = registered;
    registered = m;
}

/* Whether the n characters at name are a word of the list " f g ". */
static bool listed(const char *list, const char *name, size_t n)
{
    for (const char *p = list ? list : ""; *p;) {
        size_t w = strcspn(p, " ");
        if (w == n && !memcmp(p, name, n))
            return true;
        p += w ? w : 1;
    }
    return false;
}

/* The image giving the function named by the n characters at name, or
 * NULL. */
static dvmh_cuda_module *giver(const char *name, size_t n)
{
    for (dvmh_cuda_module *r = registered; r; r = r->next)
        if (listed(r->gives, name, n))
            return r;
    return NULL;
}

/* The images m's device link takes: m and, transitively, those giving
 * what they need (set: room for every registered image); false when
 * something needed is given by none. */
static bool link_set(dvmh_cuda_module *m, dvmh_cuda_module **set, int *count)
{
    set[0] = m;
    *count = 1;
    for (int k = 0; k < *count; k++) {
        for (const char *p = set[k]->needs ? set[k]->needs : ""; *p;) {
            size_t n = strcspn(p, " ");
            if (n) {
                dvmh_cuda_module *r = giver(p, n);
                if (!r)
                    return false;
                bool in = false;
                for (int j = 0; j < *count && !in; j++)
                    in = set[j] == r;
                if (!in)
                    set[(*count)++] = r;
            }
            p += n ? n : 1;
        }
    }
    return true;
}

static int registered_count(void)
{
    int n = 0;
    for (dvmh_cuda_module *r = registered; r; r = r->next)
        n++;
    return n;
}

/* Images register before main and never after, so the answer is found
 * once, at m's first loop, not at every run of every loop. */
int dvmh_cuda_linkable(dvmh_cuda_module *m)
{
    /* a single 0 byte: nvcc failed on the file, its loops run on the host */
    if (!m->image || !*(const unsigned char *)m->image)
        return 0;
    if (!m->relocatable)
        return 1;
    if (!m->linkable) {
        dvmh_cuda_module **set = dvmh_xmalloc(sizeof *set * (size_t)(registered_count() + 1));
        int count;
        m->linkable = link_set(m, set, &count) ? 1 : -1;
        free(set);
    }
    return m->linkable > 0;
}

CUresult gpu_module_load(dvmh_cuda_module *m, CUmodule *out, char *log, size_t log_size)
{
    const cuda_api *api = gpu_api();
    log[0] = 0;
    bool link = m->relocatable != 0;
    if (!link)
        return api->ModuleLoadData(out, m->image);
    int opts[] = {DRV_JIT_ERROR_LOG_BUFFER, DRV_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
    void *values[] = {log, (void *)(uintptr_t)log_size};
    CUlinkState s;
    CUresult e = api->LinkCreate(2, opts, values, &s);
    if (e)
        return e;
    dvmh_cuda_module **set = dvmh_xmalloc(sizeof *set * (size_t)(registered_count() + 1));
    int count = 0;
    link_set(m, set, &count);   /* dvmh_cuda_linkable(m) held: the set is whole */
    for (int k = 0; k < count && !e; k++)
        e = api->LinkAddData(s, DRV_JIT_INPUT_FATBINARY, (void *)set[k]->image, set[k]->size,
                             set[k]->file, 0, NULL, NULL);
    free(set);
    void *image = NULL;
    size_t size = 0;
    if (!e)
        e = api->LinkComplete(s, &image, &size);
    if (!e)
        e = api->ModuleLoadData(out, image);
    api->LinkDestroy(s);        /* the linked image lives until here */
    return e;
}
