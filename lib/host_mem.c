/* host_mem.c: host memory of distributed arrays. Large blocks are mapped
 * separately, aligned to the 2 MiB huge page and advised MADV_HUGEPAGE, so
 * that a kernel in the "madvise" transparent-huge-page mode (the common
 * default) backs them with huge pages; small blocks come from calloc. The
 * mapped blocks are remembered with their lengths for munmap, and whether
 * a GPU backend page-locked them (host_mem_pin). */
#include "host_mem.h"
#include "alloc.h"
#include "env.h"

#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>

#define HUGE_PAGE ((size_t)2 << 20)
/* below this many bytes a block stays in the ordinary heap */
#define MAPPED_MIN (2 * HUGE_PAGE)

typedef struct {
    void *start;    /* what mmap returned */
    size_t length;  /* what was mapped */
    void *block;    /* the aligned block given out */
    size_t bytes;   /* its size, rounded up to whole pages */
    int pinned;     /* page-locked for GPU transfers: 1, 0 not (yet), -1 refused */
} mapping;

static struct {
    pthread_mutex_t lock;
    mapping *maps;
    int count, cap;
    int huge;       /* DVMH_HUGE_PAGES: -1 not read yet */
    host_unpin_fn unpin;
} mem = {PTHREAD_MUTEX_INITIALIZER, NULL, 0, 0, -1, NULL};

void host_mem_start(void)
{
    mem.huge = env_int_max("DVMH_HUGE_PAGES", 1, 0, 1);
}

static void *map_block(size_t bytes)
{
    size_t length = bytes + HUGE_PAGE;
    void *start = mmap(NULL, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (start == MAP_FAILED)
        return NULL;
    uintptr_t at = ((uintptr_t)start + HUGE_PAGE - 1) & ~(uintptr_t)(HUGE_PAGE - 1);
#ifdef MADV_HUGEPAGE
    /* advice only: a kernel without transparent huge pages ignores it */
    madvise((void *)at, (bytes + HUGE_PAGE - 1) & ~(HUGE_PAGE - 1), MADV_HUGEPAGE);
#endif
    pthread_mutex_lock(&mem.lock);
    if (mem.count == mem.cap) {
        mem.cap = mem.cap ? 2 * mem.cap : 16;
        mem.maps = dvmh_xrealloc(mem.maps, (size_t)mem.cap * sizeof *mem.maps);
    }
    mem.maps[mem.count++] = (mapping){start, length, (void *)at, (bytes + 4095) & ~(size_t)4095, 0};
    pthread_mutex_unlock(&mem.lock);
    return (void *)at;
}

void *host_mem_alloc(size_t count, size_t size, const char *file, int line)
{
    if (mem.huge < 0)
        host_mem_start();
    if (mem.huge && size && count >= MAPPED_MIN / size && count <= SIZE_MAX / size - HUGE_PAGE) {
        void *p = map_block(count * size);
        if (p)
            return p;
    }
    return alloc_calloc(count, size, file, line);
}

bool host_mem_pin(const void *p, size_t bytes, host_pin_fn pin, host_unpin_fn unpin)
{
    const char *c = p;
    bool pinned = false;
    pthread_mutex_lock(&mem.lock);
    for (int k = 0; k < mem.count; k++) {
        mapping *m = &mem.maps[k];
        const char *b = m->block;
        if (c < b || c >= b + m->bytes)
            continue;
        if ((size_t)(b + m->bytes - c) >= bytes) {
            if (m->pinned == 0) {
                m->pinned = pin(m->block, m->bytes) ? 1 : -1;
                if (m->pinned == 1)
                    mem.unpin = unpin;
            }
            pinned = m->pinned == 1;
        }
        break;
    }
    pthread_mutex_unlock(&mem.lock);
    return pinned;
}

void host_mem_unpin_all(void)
{
    pthread_mutex_lock(&mem.lock);
    for (int k = 0; k < mem.count; k++)
        if (mem.maps[k].pinned == 1) {
            mem.unpin(mem.maps[k].block);
            mem.maps[k].pinned = 0;
        }
    pthread_mutex_unlock(&mem.lock);
}

void host_mem_free(void *p)
{
    if (!p)
        return;
    pthread_mutex_lock(&mem.lock);
    for (int k = mem.count - 1; k >= 0; k--) {
        if (mem.maps[k].block == p) {
            mapping m = mem.maps[k];
            mem.maps[k] = mem.maps[--mem.count];
            if (m.pinned == 1)
                mem.unpin(m.block);
            pthread_mutex_unlock(&mem.lock);
            munmap(m.start, m.length);
            return;
        }
    }
    pthread_mutex_unlock(&mem.lock);
    free(p);
}
