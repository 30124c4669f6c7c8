/* block.c: runs a launch's blocks one after another; a block's threads are
 * cooperative fibers, so __syncthreads is a real barrier. A thread runs
 * straight on until it reaches a barrier or ends, and the fiber that ran it
 * goes on with the next thread: kernels without barriers cost one plain
 * call per thread. A thread at a barrier keeps its fiber (its stack) until
 * every thread of the block has reached the barrier or ended.
 *
 * Fibers are created once with makecontext and then switched with
 * _setjmp/_longjmp, which save no signal mask (swapcontext makes a system
 * call per switch, too slow for block reductions). */
#define _GNU_SOURCE
#undef _FORTIFY_SOURCE /* its longjmp check rejects jumps between stacks */
#include "cuemu.h"

#include <setjmp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <ucontext.h>
#include <unistd.h>

#define STACK_SIZE (256 * 1024)

typedef struct fiber {
    jmp_buf ctx;
    char *stack;                    /* mmap'ed, a guard page below */
    unsigned thread;                /* the CUDA thread it runs (linear index) */
    bool parked;                    /* at a barrier; else it ran out of threads */
    struct fiber *next;             /* in the idle pool or a barrier's list */
} fiber;

/* One block runs at a time in the whole process (cuemu_lock is held), so
 * the scheduler's state is plain static data. */
static struct {
    jmp_buf scheduler;
    fiber *idle;                    /* fibers ready for new threads */
    fiber *current;
    fiber *starting;                /* handed to a new fiber's entry */
    /* the block being run */
    const cuemu_launch *launch;
    cuemu_rt *rt;
    unsigned threads, next_thread;
    bool reverse;                   /* CUEMU_ORDER=reverse: last thread and block first */
    fiber *parked, **parked_tail;   /* at the barrier, in thread order */
    /* where a crash happened, for the message */
    bool in_kernel;
    struct sigaction old_segv, old_bus;
} sched;

static void set_thread(unsigned t)
{
    cuemu_rt *rt = sched.rt;
    rt->thread_idx.x = t % rt->block_dim.x;
    rt->thread_idx.y = t / rt->block_dim.x % rt->block_dim.y;
    rt->thread_idx.z = t / (rt->block_dim.x * rt->block_dim.y);
}

/* Back to the scheduler; returns when the scheduler resumes this fiber. */
static void yield(fiber *f)
{
    if (!_setjmp(f->ctx))
        _longjmp(sched.scheduler, 1);
}

static void resume(fiber *f)
{
    sched.current = f;
    if (!_setjmp(sched.scheduler))
        _longjmp(f->ctx, 1);
}

static void fiber_main(void)
{
    fiber *f = sched.starting;
    yield(f); /* created: wait for the first block */
    for (;;) {
        while (sched.next_thread < sched.threads) {
            f->thread = sched.next_thread++;
            if (sched.reverse)
                f->thread = sched.threads - 1 - f->thread;
            set_thread(f->thread);
            sched.launch->fn->call(sched.launch->args);
        }
        f->parked = false;
        yield(f);
    }
}

static fiber *fiber_new(void)
{
    static ucontext_t made;
    fiber *f = calloc(1, sizeof *f);
    long page = sysconf(_SC_PAGESIZE);
    char *m = mmap(NULL, STACK_SIZE + (size_t)page, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_STACK, -1, 0);
    if (!f || m == MAP_FAILED) {
        fprintf(stderr, "cuemu: out of memory for thread stacks\n");
        abort();
    }
    mprotect(m, (size_t)page, PROT_NONE); /* an overflow faults instead of corrupting */
    f->stack = m;
    ucontext_t here;
    getcontext(&made);
    made.uc_stack.ss_sp = m + page;
    made.uc_stack.ss_size = STACK_SIZE;
    made.uc_link = NULL;
    makecontext(&made, fiber_main, 0);
    sched.starting = f;
    if (!_setjmp(sched.scheduler))
        swapcontext(&here, &made);
    return f;
}

static fiber *fiber_take(void)
{
    fiber *f = sched.idle;
    if (!f)
        return fiber_new();
    sched.idle = f->next;
    return f;
}

/* After a fiber comes back: parked ones wait for the barrier's release,
 * the others go back to the pool. */
static void returned(fiber *f)
{
    if (f->parked) {
        f->next = NULL;
        *sched.parked_tail = f;
        sched.parked_tail = &f->next;
    } else {
        f->next = sched.idle;
        sched.idle = f;
    }
}

/* __syncthreads: park; the scheduler releases the barrier once no thread
 * of the block can still reach it (each has arrived or ended, as on the
 * hardware, where ended threads no longer count). */
static void barrier(void)
{
    fiber *f = sched.current;
    f->parked = true;
    yield(f);
    set_thread(f->thread);
}

static void run_block(void)
{
    sched.next_thread = 0;
    sched.parked = NULL;
    sched.parked_tail = &sched.parked;
    while (sched.next_thread < sched.threads) {
        fiber *f = fiber_take();
        resume(f);
        returned(f);
    }
    while (sched.parked) {
        fiber *round = sched.parked;
        sched.parked = NULL;
        sched.parked_tail = &sched.parked;
        while (round) {
            fiber *f = round;
            round = f->next;
            resume(f);
            returned(f);
        }
    }
}

static void crashed(int sig, siginfo_t *info, void *unused)
{
    (void)unused;
    if (sched.in_kernel) {
        const cuemu_rt *rt = sched.rt;
        char msg[512];
        int n = snprintf(msg, sizeof msg,
                         "cuemu: kernel %s crashed (signal %d, address %p) in block (%u,%u,%u) "
                         "thread (%u,%u,%u); a thread stack overflow (%d KiB) looks the same\n",
                         sched.launch->fn->name, sig, info->si_addr, rt->block_idx.x,
                         rt->block_idx.y, rt->block_idx.z, rt->thread_idx.x, rt->thread_idx.y,
                         rt->thread_idx.z, STACK_SIZE / 1024);
        if (write(2, msg, (size_t)n) < 0)
            n = 0;
    }
    /* the program's own handling (or the default) on the retried access */
    sigaction(SIGSEGV, &sched.old_segv, NULL);
    sigaction(SIGBUS, &sched.old_bus, NULL);
}

/* The crash report needs a stack of its own (the fault may be a fiber's
 * stack overflow); installed once per OS thread that runs kernels. */
static void watch_crashes(void)
{
    static _Thread_local bool have_stack;
    if (!have_stack) {
        stack_t ss = {.ss_sp = malloc(65536), .ss_size = 65536, .ss_flags = 0};
        if (ss.ss_sp && sigaltstack(&ss, NULL) == 0)
            have_stack = true;
    }
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = crashed;
    sa.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGSEGV, &sa, &sched.old_segv);
    sigaction(SIGBUS, &sa, &sched.old_bus);
}

void cuemu_run_launch(const cuemu_launch *l)
{
    cuemu_rt *rt = &l->fn->module->rt;
    sched.launch = l;
    sched.rt = rt;
    sched.threads = l->block.x * l->block.y * l->block.z;
    rt->block_dim = l->block;
    rt->grid_dim = l->grid;
    rt->syncthreads = barrier;
    /* poisoned like fresh device memory: a block reading shared memory it
     * did not write sees NaN / -1 */
    char *shared = l->shared ? malloc(l->shared) : NULL;
    rt->dynamic_shared = shared;
    watch_crashes();
    cuemu_memory_open();
    sched.in_kernel = true;
    /* A kernel whose threads race (one reads what another writes) gives
     * the sequential answer by chance when they run in the loop's order;
     * in the reverse order it shows. */
    const char *order = getenv("CUEMU_ORDER");
    sched.reverse = order && !strcmp(order, "reverse");
    for (unsigned z = 0; z < l->grid.z; z++)
        for (unsigned y = 0; y < l->grid.y; y++)
            for (unsigned x = 0; x < l->grid.x; x++) {
                rt->block_idx = sched.reverse ? (cuemu_uint3){l->grid.x - 1 - x, l->grid.y - 1 - y,
                                                              l->grid.z - 1 - z}
                                              : (cuemu_uint3){x, y, z};
                if (shared)
                    memset(shared, 0xFF, l->shared);
                run_block();
            }
    sched.in_kernel = false;
    cuemu_memory_close();
    sigaction(SIGSEGV, &sched.old_segv, NULL);
    sigaction(SIGBUS, &sched.old_bus, NULL);
    free(shared);
}
