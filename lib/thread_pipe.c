/* thread_pipe.c: how the threads of a host handler share its loop: a static
 * block each (dvmh_thread_block), or, for a loop whose every dimension
 * carries an across dependence, a pipeline (dvmh.h, dvmh_pipe_*).
 *
 * Thread t owns the t-th block of loop dimension 1 and goes through
 * dimension 0 in order. Row r of block t reads, of the neighbouring
 * blocks, what the sequential loop has written before it: in block t-1
 * rows up to r (new) and rows beyond r still old, in block t+1 rows before
 * r (new) and rows from r on still old. So t starts row r when t-1 has
 * finished row r and t+1 row r-1; then t-1 cannot start row r+1 before t
 * has finished row r, and t+1 has not started row r. Blocks as wide as
 * the across widths along dimension 1 keep every reference within the
 * neighbouring blocks.
 *
 * That lock-step runs the blocks one after another. It is needed only
 * for diagonal references against the loop order (A[i-1][j+1]: a new
 * value of block t+1's row r-1; A[i+1][j-1]: an old value of block t-1's
 * row r+1), which the rewriter marks (dvmh_loop_across_skewed). Without
 * them block t reads of block t+1 only rows it has not started, and of
 * block t-1 only rows t-1 has finished, so waiting for t-1 alone keeps
 * the order and the blocks run as a wavefront, one row apart. */
#include "loop.h"
#include "alloc.h"
#include "env.h"

#include <limits.h>
#include <linux/futex.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <unistd.h>

/* A thread's rows done, one per cache line: the neighbours poll it, and
 * after a short spin sleep on it (a futex), so that on a machine with
 * fewer free cores than threads a waiting thread gives its core to the
 * one it waits for. */
typedef struct pipe_slot {
    _Atomic int done;
    _Atomic int sleepers;
    char pad[64 - 2 * sizeof(int)];
} pipe_slot;

struct thread_pipe {
    int threads;
    bool skewed;                    /* wait for the next block too */
    dvmh_idx first, count, step;
    pipe_slot *slots;
};

/* The widest reach of the loop's across dependences along loop dimension
 * d; -1 when unknown (across on ordinary data whose widths the compiler
 * could not give, or a dependence along an array dimension the loop does
 * not map). */
static dvmh_idx across_width_along(const dvmh_loop *l, int d)
{
    if (l->across_ordinary && l->ord_described < l->ord_across)
        return -1;
    dvmh_idx width = l->across_ordinary ? l->ord_width[d] : 0;
    for (int x = 0; x < l->across_count; x++) {
        const loop_across *a = &l->acrosses[x];
        const loop_data *data = &l->data[a->data];
        for (int k = 0; k < data->rank; k++) {
            if (a->flow[k] == 0 && a->anti[k] == 0)
                continue;
            if (data->map[k].kind != DVMH_RULE_LINEAR)
                return -1;
            if (data->map[k].dim != d)
                continue;
            dvmh_idx scale = data->map[k].a < 0 ? -data->map[k].a : data->map[k].a;
            dvmh_idx w = a->flow[k] > a->anti[k] ? a->flow[k] : a->anti[k];
            /* A[2*j]: one iteration of j moves 2 elements */
            w = scale > 0 ? (w + scale - 1) / scale : w;
            width = w > width ? w : width;
        }
    }
    return width;
}

int dvmh_pipe_begin(dvmh_piece *p)
{
    dvmh_loop *l = p->internal->loop;
    dvmh_idx count = (p->hi[1] - p->lo[1]) / p->step[1] + 1;
    dvmh_idx width = across_width_along(l, 1);
    int threads = p->threads;
    if (width < 0 || count < 2 || p->lo[0] == p->hi[0])
        threads = 1;
    else if (width > 0 && count / width < threads)
        threads = (int)(count / width);
    if (threads < 1)
        threads = 1;
    thread_pipe *tp = dvmh_xcalloc(1, sizeof *tp);
    tp->threads = threads;
    for (int x = 0; x < l->across_count; x++)
        tp->skewed |= l->acrosses[x].skewed;
    tp->skewed |= l->ord_skewed;
    tp->first = p->lo[1];
    tp->count = count > 0 ? count : 0;
    tp->step = p->step[1];
    tp->slots = dvmh_xcalloc((size_t)threads, sizeof *tp->slots);
    p->internal->pipe = tp;
    return threads;
}

void dvmh_pipe_block(dvmh_piece *p, int thread, dvmh_idx *first, dvmh_idx *last)
{
    const thread_pipe *tp = p->internal->pipe;
    dvmh_idx a = tp->count * thread / tp->threads, b = tp->count * (thread + 1) / tp->threads;
    *first = tp->first + a * tp->step;
    *last = tp->first + (b - 1) * tp->step; /* empty: one step before first */
}

/* Waits until slot's thread has finished at least rows rows. */
static void wait_rows(pipe_slot *slot, long rows)
{
    for (int spins = 0; spins < 2000; spins++)
        if (atomic_load_explicit(&slot->done, memory_order_acquire) >= rows)
            return;
    for (;;) {
        atomic_fetch_add(&slot->sleepers, 1);
        int seen = atomic_load(&slot->done);
        if (seen < rows)
            syscall(SYS_futex, (int *)&slot->done, FUTEX_WAIT_PRIVATE, seen, NULL, NULL, 0);
        atomic_fetch_sub(&slot->sleepers, 1);
        if (seen >= rows || atomic_load(&slot->done) >= rows)
            return;
    }
}

void dvmh_pipe_wait(dvmh_piece *p, int thread, long row)
{
    thread_pipe *tp = p->internal->pipe;
    if (thread > 0)
        wait_rows(&tp->slots[thread - 1], row + 1);
    if (tp->skewed && thread + 1 < tp->threads && row > 0)
        wait_rows(&tp->slots[thread + 1], row);
}

void dvmh_pipe_done(dvmh_piece *p, int thread, long rows)
{
    pipe_slot *slot = &p->internal->pipe->slots[thread];
    atomic_store(&slot->done, (int)rows);
    if (atomic_load(&slot->sleepers) > 0)
        syscall(SYS_futex, (int *)&slot->done, FUTEX_WAKE_PRIVATE, INT_MAX, NULL, NULL, 0);
}

/* (dvmh.h) Fewer threads than dvmh_pipe_begin planned for: blocks of
 * dimension 1 for those (the slots of the others stay unused). Before
 * the team's threads ask for their blocks (dvmh_team_on's single). */
void dvmh_team_shrunk(dvmh_piece *p, int threads)
{
    thread_pipe *tp = p->internal->pipe;
    if (tp && threads >= 1 && threads < tp->threads)
        tp->threads = threads;
}

void dvmh_pipe_end(dvmh_piece *p)
{
    thread_pipe *tp = p->internal->pipe;
    if (!tp)
        return;
    free(tp->slots);
    free(tp);
    p->internal->pipe = NULL;
}

/* Dynamic blocks (dvmh_thread_next). Thread t starts with its static
 * block of the dimension and takes it from the front a chunk at a time (an
 * eighth of a block); a thread whose block is done takes the back half of
 * the largest rest of another's and goes on with that as its own. On a
 * quiet machine every thread runs its own block, in order, as before; on
 * a busy one (a thread sharing its core with another program) the others
 * take over its rows instead of waiting for it at the loop's end.
 *
 * A slot holds a thread's rest, iteration numbers [front, back) of the
 * piece's dimension, with bit 63 set once anybody has touched it; an
 * untouched slot (0) stands for the thread's static block, so that a
 * block is taken over even before its thread has started. Iterations only
 * ever leave a slot (a compare-and-swap moves front up or back down), so
 * each runs once. */
#define SHARE_TOUCHED (1ULL << 63)
#define SHARE_MAX ((dvmh_idx)1 << 31)   /* iteration numbers below this */
#define SHARE_MIN_WORK 256              /* iterations of the nest in a chunk, at least */

typedef struct share_slot {
    _Atomic unsigned long long rest;
    char pad[64 - sizeof(unsigned long long)];
} share_slot;

struct thread_share {
    int threads;
    bool balance;
    share_slot *slots;
};

static int balance_env = 1;

void thread_share_start(void)
{
    balance_env = env_int_max("DVMH_THREAD_BALANCE", 1, 0, 1);
}

/* Whether the loop's reductions give the same result however the
 * iterations are shared out: max, min and the bitwise and logical ones,
 * sums and products of integers; not floating-point sums (rounding) nor
 * maxloc/minloc (which of equal values a thread sees first). */
static bool order_free(const dvmh_loop *l)
{
    for (int m = 0; m < l->red_count; m++) {
        const loop_reduction *r = &l->reds[m];
        bool real = r->type == DVMH_T_FLOAT || r->type == DVMH_T_DOUBLE ||
                    r->type == DVMH_T_LDOUBLE || r->type == DVMH_T_OTHER;
        if (r->op == DVMH_RED_MAXLOC || r->op == DVMH_RED_MINLOC ||
            ((r->op == DVMH_RED_SUM || r->op == DVMH_RED_PRODUCT) && real))
            return false;
    }
    return true;
}

thread_share *thread_share_new(const dvmh_loop *l, int threads)
{
    if (threads < 1)
        threads = 1;
    thread_share *sh = dvmh_xcalloc(1, sizeof *sh);
    sh->threads = threads;
    sh->balance = balance_env && threads > 1 && order_free(l);
    sh->slots = aligned_alloc(64, (size_t)threads * sizeof *sh->slots);
    if (!sh->slots)
        dvmh_fatal(l->file, l->line, "out of memory: %d threads' blocks", threads);
    thread_share_reset(sh);
    return sh;
}

void thread_share_reset(thread_share *sh)
{
    for (int t = 0; t < sh->threads; t++)
        atomic_init(&sh->slots[t].rest, 0);
}

void thread_share_free(thread_share *sh)
{
    if (!sh)
        return;
    free(sh->slots);
    free(sh);
}

static unsigned long long share_pack(dvmh_idx front, dvmh_idx back)
{
    return SHARE_TOUCHED | (unsigned long long)front << 32 | (unsigned long long)back;
}

/* Iterations of the piece's dimension d (none: 0). */
static dvmh_idx piece_count(const dvmh_piece *p, int d)
{
    dvmh_idx count = (p->hi[d] - p->lo[d]) / p->step[d] + 1;
    return count > 0 ? count : 0;
}

/* Slot t's rest: [*front, *back). */
static void share_unpack(unsigned long long rest, dvmh_idx count, int t, int n, dvmh_idx *front,
                         dvmh_idx *back)
{
    if (!(rest & SHARE_TOUCHED)) {
        *front = count * t / n;
        *back = count * (t + 1) / n;
        return;
    }
    *front = (dvmh_idx)((rest & ~SHARE_TOUCHED) >> 32);
    *back = (dvmh_idx)(rest & 0xffffffffULL);
}

/* (dvmh.h) */
int dvmh_thread_next(dvmh_piece *p, int d, int t, int n, dvmh_idx *lo, dvmh_idx *hi)
{
    thread_share *sh = p->internal->share;
    if (!sh || n > sh->threads || t < 0 || t >= n)
        dvmh_fatal(p->internal->loop->file, p->internal->loop->line,
                   "internal error: thread %d of %d asks for a block of a piece set up for %d", t,
                   n, sh ? sh->threads : 0);
    dvmh_idx count = piece_count(p, d);
    share_slot *own = &sh->slots[t];
    dvmh_idx front, back;
    /* parts of an eighth of a block, of SHARE_MIN_WORK iterations of the
     * nest at least (the other dimensions' counts multiply in); where one
     * part holds a whole block (a small nest), the blocks stay static:
     * taking over a part costs atomic operations that each pass a cache
     * line between cores */
    dvmh_idx inner = 1;
    for (int k = 0; k < p->rank && inner < SHARE_MIN_WORK; k++)
        if (k != d)
            inner *= piece_count(p, k);
    dvmh_idx chunk = count / (8 * (dvmh_idx)n);
    if (inner == 0)
        chunk = count;      /* an empty nest: nothing to share */
    else if (inner < SHARE_MIN_WORK && chunk < (SHARE_MIN_WORK + inner - 1) / inner)
        chunk = (SHARE_MIN_WORK + inner - 1) / inner;
    if (chunk < 1)
        chunk = 1;
    if (!sh->balance || n == 1 || count >= SHARE_MAX || chunk * n > count) {
        /* the static block, once */
        if (atomic_exchange(&own->rest, SHARE_TOUCHED) & SHARE_TOUCHED)
            return 0;
        share_unpack(0, count, t, n, &front, &back);
    } else {
        for (;;) {
            unsigned long long rest = atomic_load(&own->rest);
            share_unpack(rest, count, t, n, &front, &back);
            if (front < back) {
                dvmh_idx end = back - front > chunk ? front + chunk : back;
                if (!atomic_compare_exchange_weak(&own->rest, &rest, share_pack(end, back)))
                    continue;
                back = end;
                break;
            }
            /* the back half of the largest rest of another thread */
            int victim = -1;
            unsigned long long seen = 0;
            dvmh_idx vf = 0, vb = 0;
            for (int v = 0; v < n; v++) {
                if (v == t)
                    continue;
                unsigned long long r = atomic_load(&sh->slots[v].rest);
                dvmh_idx f, b;
                share_unpack(r, count, v, n, &f, &b);
                if (b - f > vb - vf) {
                    victim = v;
                    seen = r;
                    vf = f;
                    vb = b;
                }
            }
            if (victim < 0)
                return 0;
            dvmh_idx half = (vb - vf + 1) / 2;
            if (!atomic_compare_exchange_strong(&sh->slots[victim].rest, &seen,
                                                share_pack(vf, vb - half)))
                continue;
            /* only this thread stores into its own empty slot; the others
             * skip an empty one */
            atomic_store(&own->rest, share_pack(vb - half, vb));
        }
    }
    if (front >= back)
        return 0;
    *lo = p->lo[d] + front * p->step[d];
    *hi = p->lo[d] + (back - 1) * p->step[d];
    return 1;
}

/* (dvmh.h) */
void dvmh_thread_block(const dvmh_piece *p, int d, int t, int n, dvmh_idx *lo, dvmh_idx *hi)
{
    dvmh_idx a, b;
    share_unpack(0, piece_count(p, d), t, n, &a, &b);
    *lo = p->lo[d] + a * p->step[d];
    *hi = p->lo[d] + (b - 1) * p->step[d];
}
