/* init.c: start-up and shutdown of the runtime. */
#include "alloc.h"
#include "comm.h"
#include "compare.h"
#include "context.h"
#include "device.h"
#include "env.h"
#include "schedule.h"
#include "host_mem.h"
#include "loop.h"
#include "stats.h"
#include "task.h"
#include "trace.h"

#include <sched.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

static struct {
    bool initialized;
    void (**inits)(void);           /* create the global arrays of each unit */
    int init_count;
} init;

static int available_cpus(void)
{
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 0)
        return CPU_COUNT(&set);
    return 1;
}

void dvmh_register_init(void (*create_globals)(void))
{
    init.inits = dvmh_xrealloc(init.inits, sizeof *init.inits * (size_t)(init.init_count + 1));
    init.inits[init.init_count++] = create_globals;
}

static void finish_at_exit(void)
{
    /* a fatal error: no orderly end (devices, statistics, MPI) */
    if (!init.initialized || context_stopping())
        return;
    init.initialized = false;
    fflush(stdout);
    trace_finish();
    schedule_finish();
    stats_finish();
    devices_stop();
    task_release_all();
    comm_stop();
}

/* Every variable is checked at start-up, so a typo never waits until the
 * feature using it runs. */
static void check_env(void)
{
    env_cpu_weight();
    env_weight("DVMH_EMUS_PERF", 0, -1);
    env_weight("DVMH_CUDAS_PERF", 0, -1);
    env_int("DVMH_LOGLEVEL", 1, 0);
    env_int("DVMH_PAGE_LOCK_HOST_MEM", 1, 0);
    env_int_max("DVMH_CUDA_COARSEN", 1, 0, 2);
    thread_share_start();
    schedule_check_env();
    host_mem_start();
    task_check_env();
}

void dvmh_init(int *argc, char ***argv)
{
    if (init.initialized)
        return;
    /* from now on an error stops every process */
    context_set_stop(comm_abort);
    comm_start(argc, argv);
    init.initialized = true;
    int threads = env_int_max("DVMH_NUM_THREADS", available_cpus(), 1, ENV_MAX_THREADS);
    check_env();
    stats_start();
    compare_start();
    devices_start(threads);
    schedule_start();
    trace_start();
    dvmh_names_wanted = stats_enabled() || trace_on;
    atexit(finish_at_exit);
    for (int k = 0; k < init.init_count; k++)
        init.inits[k]();
}

int dvmh_finish(int status)
{
    fflush(stdout);
    return status;
}

void dvmh_barrier(void)
{
    double t0 = dvmh_wtime();
    comm_barrier();
    trace_op("barrier", t0, 0);
    stats_sync(t0);
}

int dvmh_process_count(void)
{
    return comm_process_count();
}

int dvmh_process_rank(void)
{
    return comm_process_rank();
}
