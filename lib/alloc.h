/* alloc.h: the runtime's one allocation path: memory, or a stop naming the site. */
#ifndef DVMH_ALLOC_H
#define DVMH_ALLOC_H

#include "dvmh.h"

#include <stdlib.h>

/* Out of memory stops the program naming the allocation's site in the
 * runtime and, through dvmh_fatal, the directive being run. Inline, so
 * that the parts of the runtime that unit tests link alone (lib/mpi) need
 * nothing but dvmh_fatal. Zero bytes still get a block. */
#define dvmh_xmalloc(bytes) alloc_malloc((bytes), __FILE__, __LINE__)
#define dvmh_xcalloc(count, size) alloc_calloc((count), (size), __FILE__, __LINE__)
#define dvmh_xrealloc(p, bytes) alloc_realloc((p), (bytes), __FILE__, __LINE__)

static inline void *alloc_checked(void *p, size_t bytes, const char *file, int line)
{
    if (!p)
        dvmh_fatal(NULL, 0, "out of memory (%zu bytes at %s:%d)", bytes, file, line);
    return p;
}

static inline void *alloc_malloc(size_t bytes, const char *file, int line)
{
    return alloc_checked(malloc(bytes ? bytes : 1), bytes, file, line);
}

static inline void *alloc_calloc(size_t count, size_t size, const char *file, int line)
{
    return alloc_checked(calloc(count ? count : 1, size ? size : 1), count * size, file, line);
}

static inline void *alloc_realloc(void *p, size_t bytes, const char *file, int line)
{
    return alloc_checked(realloc(p, bytes ? bytes : 1), bytes, file, line);
}

#endif
