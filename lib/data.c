/* data.c: the program's heap blocks. Allocations go through the runtime so
 * that ordinary data used in regions can be found by any pointer into it. */
#include "internal.h"

#include <stdlib.h>

void *dvmh_malloc(size_t bytes)
{
    return malloc(bytes);
}

void *dvmh_calloc(size_t count, size_t size)
{
    return calloc(count, size);
}

void *dvmh_realloc(void *p, size_t bytes)
{
    return realloc(p, bytes);
}

void dvmh_free(void *p)
{
    free(p);
}
