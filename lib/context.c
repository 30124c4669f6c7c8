/* context.c: the runtime's one context (the directive being run), errors
 * that stop the program, and the clock. */
#include "context.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static dvmh_context context;

/* How dvmh_fatal stops the program once the runtime has started (NULL:
 * this process exits). */
static void (*stop_program)(int status);
static int stopping;

dvmh_context *dvmh_ctx(void)
{
    return &context;
}

void context_set_stop(void (*stop)(int status))
{
    stop_program = stop;
}

bool context_stopping(void)
{
    return __atomic_load_n(&stopping, __ATOMIC_ACQUIRE) != 0;
}

double dvmh_wtime(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

void dvmh_fatal(const char *file, int line, const char *fmt, ...)
{
    fflush(stdout);
    va_list ap;
    va_start(ap, fmt);
    if (!file && context.site_file) {
        file = context.site_file;
        line = context.site_line;
    }
    if (file)
        fprintf(stderr, "%s:%d: error: ", file, line);
    else
        fputs("dvmh: error: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    __atomic_store_n(&stopping, 1, __ATOMIC_RELEASE);
    if (stop_program)
        stop_program(1);
    fflush(stderr);
    _Exit(1);
}
