/* alloc.c: allocation that names the site and stops when memory runs out. */
#include "alloc.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static _Noreturn void alloc_fail(size_t size, const char *site)
{
    fprintf(stderr, "cdvmh: out of memory (%zu bytes) at %s\n", size, site);
    exit(EXIT_FAILURE);
}

void *alloc_malloc(size_t size, const char *site)
{
    void *p = malloc(size ? size : 1);
    if (!p)
        alloc_fail(size, site);
    return p;
}

void *alloc_calloc(size_t count, size_t size, const char *site)
{
    void *p = calloc(count ? count : 1, size ? size : 1);
    if (!p)
        alloc_fail(count * size, site);
    return p;
}

void *alloc_realloc(void *p, size_t size, const char *site)
{
    void *grown = realloc(p, size ? size : 1);
    if (!grown)
        alloc_fail(size, site);
    return grown;
}

char *alloc_strdup(const char *s, const char *site)
{
    return alloc_strndup(s, strlen(s), site);
}

char *alloc_strndup(const char *s, size_t n, const char *site)
{
    size_t len = strnlen(s, n);
    char *r = alloc_malloc(len + 1, site);
    memcpy(r, s, len);
    r[len] = 0;
    return r;
}

void *alloc_grow(void *items, int *cap, int need, size_t size, const char *site)
{
    if (need <= *cap)
        return items;
    size_t room = *cap > 0 ? (size_t)*cap : 8;
    while (room < (size_t)need)
        room *= 2;
    if (room > INT32_MAX || room > SIZE_MAX / size)
        alloc_fail(SIZE_MAX, site);
    *cap = (int)room;
    return alloc_realloc(items, room * size, site);
}
