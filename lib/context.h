/* context.h: the runtime's one context: the directive being run (errors
 * without a position of their own name it) and whether handlers run. */
#ifndef DVMH_CONTEXT_H
#define DVMH_CONTEXT_H

#include <stdbool.h>

typedef struct dvmh_context {
    bool initialized;
    int threads;                    /* host device threads */
    void (**inits)(void);
    int init_count;
    /* every live array, in creation order (the same on every process):
     * remapping a template or array remaps the arrays aligned with it */
    struct dvmh_array **arrays;
    int array_count, array_capacity;
    double start_time;
    double cpu_weight;              /* DVMH_CPU_PERF */
    /* the directive being run: errors raised below it without a source
     * position of their own (device errors) name this one */
    const char *site_file;
    int site_line;
    /* handlers are running (their threads may call into the runtime) */
    bool in_handlers;
} dvmh_context;

dvmh_context *dvmh_ctx(void);

#endif
