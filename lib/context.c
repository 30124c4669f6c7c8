/* context.c: the runtime's one context: start-up (configuration, global
 * arrays of every translation unit), finish, errors, time. */
#include "context.h"
#include "task.h"
#include "env.h"
#include "alloc.h"
#include "comm.h"
#include "compare.h"
#include "device.h"
#include "stats.h"

#include <sched.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static dvmh_context context;

dvmh_context *dvmh_ctx(void)
{
    return &context;
}

static int available_cpus(void)
{
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 0)
        return CPU_COUNT(&set);
    return 1;
}

void dvmh_register_init(void (*create_globals)(void))
{
    dvmh_context *c = dvmh_ctx();
    c->inits = dvmh_xrealloc(c->inits, sizeof *c->inits * (size_t)(c->init_count + 1));
    c->inits[c->init_count++] = create_globals;
}

static void finish_at_exit(void)
{
    dvmh_context *c = dvmh_ctx();
    if (!c->initialized)
        return;
    c->initialized = false;
    fflush(stdout);
    stats_finish();
    devices_stop();
    comm_stop();
}

void dvmh_init(int *argc, char ***argv)
{
    dvmh_context *c = dvmh_ctx();
    if (c->initialized)
        return;
    comm_start(argc, argv);
    c->initialized = true;
    c->start_time = dvmh_wtime();
    c->threads = env_int("DVMH_NUM_THREADS", available_cpus(), 1);
    /* Every variable is checked at start-up, so a typo never waits until
     * the feature using it runs. */
    c->cpu_weight = env_cpu_weight();
    env_weight("DVMH_EMUS_PERF");
    env_weight("DVMH_CUDAS_PERF");
    env_int("DVMH_LOGLEVEL", 1, 0);
    static const char *const static_only[] = { "static", NULL };
    static const char *const dynamic_kinds[] = { "dynamic", "dynamic1", "dynamic2", NULL };
    env_choice("DVMH_SCHED_TECH", static_only, dynamic_kinds);
    task_check_env();
    const char *trace = getenv("DVMH_TRACE");
    if (trace && *trace)
        dvmh_fatal(NULL, 0, "DVMH_TRACE='%s': not supported yet", trace);
    stats_start();
    compare_start();
    devices_start(c->threads);
    atexit(finish_at_exit);
    for (int k = 0; k < c->init_count; k++)
        c->inits[k]();
}

int dvmh_finish(int status)
{
    fflush(stdout);
    return status;
}

double dvmh_wtime(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

void dvmh_barrier(void)
{
    comm_barrier();
}

int dvmh_process_count(void)
{
    return comm_process_count();
}

int dvmh_process_rank(void)
{
    return comm_process_rank();
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
    comm_abort(1);
}
