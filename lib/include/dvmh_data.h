/* dvmh_data.h: ordinary data, regions and actuality.
 * Part of dvmh.h, the runtime's public interface. */
#ifndef DVMH_PUBLIC_DATA_H
#define DVMH_PUBLIC_DATA_H

#include "dvmh_array.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------
 * Ordinary (undistributed) data: static arrays, heap blocks, scalars.
 * Identified by address; a pointer is resolved to the heap block it points
 * into (blocks come from dvmh_malloc and friends). ext[0] < 0: unknown
 * leading extent (a pointer), the rest of the block.
 * ------------------------------------------------------------------------ */
void *dvmh_malloc(size_t bytes);
void *dvmh_calloc(size_t count, size_t size);
void *dvmh_realloc(void *p, size_t bytes);
void dvmh_free(void *p);

/* An automatic array's declaration ran: its memory begins a new lifetime,
 * whatever the runtime knew of it (copies on accelerators) is forgotten. */
extern int dvmh_data_tracked;       /* ordinary variables the runtime tracks */
void dvmh_data_fresh(const void *addr, size_t bytes);
#define DVMH_DATA_FRESH(a, bytes) \
    (dvmh_data_tracked ? dvmh_data_fresh((const void *)(a), (bytes)) : (void)0)
/* ... and where its block ends (any way out of it: the end, return,
 * break, goto), the runtime forgets it again: what a region left of it on
 * an accelerator must not come back over memory that other variables
 * use by then (a get_actual of everything). */
typedef struct dvmh_data_scope {
    const void *addr;
    size_t bytes;
} dvmh_data_scope;
static inline void dvmh_data_scope_end(const dvmh_data_scope *s)
{
    if (dvmh_data_tracked)
        dvmh_data_fresh(s->addr, s->bytes);
}
#define DVMH_DATA_SCOPE(guard, a, bytes)                                                \
    dvmh_data_scope guard __attribute__((cleanup(dvmh_data_scope_end), unused)) = {    \
        (const void *)(a), (bytes)}

/* A section of an array or ordinary data: per dimension, inclusive global
 * index range; lo > hi is invalid; a whole dimension is {DVMH_WHOLE, DVMH_WHOLE}. */
#define DVMH_WHOLE INT64_MIN
typedef struct dvmh_range { dvmh_idx lo, hi; } dvmh_range;

/* ------------------------------------------------------------------------
 * Regions, actuality
 * ------------------------------------------------------------------------ */
/* INLOCAL: the values at entry are read, those at exit are not wanted */
enum dvmh_intent {
    DVMH_IN = 1, DVMH_OUT = 2, DVMH_INOUT = 3, DVMH_LOCAL = 4, DVMH_INLOCAL = 5
};
enum dvmh_region_flags {
    DVMH_TARGET_HOST = 1, DVMH_TARGET_CUDA = 2, DVMH_TARGET_ALL = 3,
    DVMH_ASYNC = 8
};
void dvmh_region_begin(const char *file, int line, unsigned flags);
/* sec: NULL for the whole variable, else rank ranges. */
void dvmh_region_array(dvmh_array *a, int intent, const dvmh_range *sec);
void dvmh_region_data(const void *addr, int rank, const dvmh_idx *ext,
                      size_t elem_size, int intent, const dvmh_range *sec);
void dvmh_region_end(const char *file, int line);

void dvmh_get_actual_array(const char *file, int line, dvmh_array *a, const dvmh_range *sec);
void dvmh_get_actual_data(const char *file, int line, const void *addr, int rank,
                          const dvmh_idx *ext, size_t elem_size, const dvmh_range *sec);
void dvmh_get_actual_all(const char *file, int line);
void dvmh_actual_array(const char *file, int line, dvmh_array *a, const dvmh_range *sec);
void dvmh_actual_data(const char *file, int line, const void *addr, int rank,
                      const dvmh_idx *ext, size_t elem_size, const dvmh_range *sec);
void dvmh_actual_all(const char *file, int line);

#ifdef __cplusplus
}
#endif
#endif
