/* thread_share_test: dvmh_thread_next, the parts of a piece's dimension
 * that a host handler's threads run. Every iteration is given out exactly
 * once, whatever the team's size, the steps and the threads' speeds; a
 * thread that stalls has its rows taken over (balance); loops whose
 * reductions depend on the order keep static blocks, and so does a
 * small nest (under 256 iterations a thread). */
#define _POSIX_C_SOURCE 200809L
#include "check.h"
#include "loop.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAXT 8
#define MAXN 5000

static dvmh_piece piece;
static struct dvmh_piece_private priv;
static _Atomic int ran[MAXN];     /* times iteration k ran */
static _Atomic int by[MAXN];      /* the thread that ran it */
static int team;
static int stall_thread = -1;     /* this thread sleeps before its first part */
static _Atomic int parts[MAXT];
static dvmh_idx outer = 1;        /* iterations of the other dimension (0) */

static void nap(long us)
{
    struct timespec ts = {0, us * 1000};
    nanosleep(&ts, NULL);
}

static void *member(void *arg)
{
    int t = (int)(long)arg;
    dvmh_idx lo, hi;
    if (t == stall_thread)
        nap(50000);
    while (dvmh_thread_next(&piece, 1, t, team, &lo, &hi)) {
        atomic_fetch_add(&parts[t], 1);
        for (dvmh_idx v = lo; piece.step[1] > 0 ? v <= hi : v >= hi; v += piece.step[1]) {
            dvmh_idx k = (v - piece.lo[1]) / piece.step[1];
            atomic_fetch_add(&ran[k], 1);
            atomic_store(&by[k], t);
        }
        if (rand() % 4 == 0)
            nap(rand() % 50);
    }
    return NULL;
}

/* One run of a team of n on lo..hi by step; returns the iterations. */
static dvmh_idx run_team(dvmh_loop *l, int n, dvmh_idx lo, dvmh_idx hi, dvmh_idx step)
{
    memset(&piece, 0, sizeof piece);
    memset(&priv, 0, sizeof priv);
    priv.loop = l;
    priv.share = thread_share_new(l, n);
    piece.internal = &priv;
    piece.rank = 2;
    piece.lo[0] = 0;
    piece.hi[0] = outer - 1;
    piece.step[0] = 1;
    piece.lo[1] = lo;
    piece.hi[1] = hi;
    piece.step[1] = step;
    piece.threads = n;
    team = n;
    dvmh_idx count = (hi - lo) / step + 1;
    if (count < 0)
        count = 0;
    for (int k = 0; k < MAXN; k++) {
        atomic_store(&ran[k], 0);
        atomic_store(&by[k], -1);
    }
    for (int t = 0; t < MAXT; t++)
        atomic_store(&parts[t], 0);
    pthread_t th[MAXT];
    for (int t = 0; t < n; t++)
        pthread_create(&th[t], NULL, member, (void *)(long)t);
    for (int t = 0; t < n; t++)
        pthread_join(th[t], NULL);
    for (dvmh_idx k = 0; k < count; k++)
        CHECK(atomic_load(&ran[k]) == 1, "team %d, %ld..%ld by %ld: iteration %ld ran %d times", n,
              (long)lo, (long)hi, (long)step, (long)k, atomic_load(&ran[k]));
    for (dvmh_idx k = count; k < MAXN; k++)
        CHECK(atomic_load(&ran[k]) == 0, "iteration %ld beyond the range ran", (long)k);
    /* a handler run again on the same piece (dvmh_thread_next after a
     * reset starts over; without one, nothing is left) */
    dvmh_idx a, b;
    CHECK(!dvmh_thread_next(&piece, 1, 0, n, &a, &b), "a part after the run");
    thread_share_free(priv.share);
    return count;
}

int main(void)
{
    srand(7);
    setenv("DVMH_THREAD_BALANCE", "1", 1);
    thread_share_start();
    loop_reduction max_double = {.op = DVMH_RED_MAX, .type = DVMH_T_DOUBLE};
    loop_reduction sum_int = {.op = DVMH_RED_SUM, .type = DVMH_T_LONG};
    loop_reduction sum_double = {.op = DVMH_RED_SUM, .type = DVMH_T_DOUBLE};
    loop_reduction maxloc = {.op = DVMH_RED_MAXLOC, .type = DVMH_T_INT};
    dvmh_loop free_loop = {.file = "t.c", .line = 1};
    dvmh_loop exact = {.file = "t.c", .line = 2, .reds = (loop_reduction[]){max_double, sum_int},
                       .red_count = 2};

    /* sizes, steps both ways, teams of 1..8 */
    const dvmh_idx ranges[][3] = {{0, 4999, 1}, {1, 126, 1}, {10, 10, 1}, {5, 4, 1},
                                  {3, 2999, 3},  {4000, 0, -1}, {0, 14, 1}, {7, 6, 1}};
    /* outer 1: chunks of 256 iterations at least; outer 256: chunks of an
     * eighth of a block, down to one iteration */
    for (outer = 1; outer <= 256; outer *= 256)
        for (int r = 0; r < (int)(sizeof ranges / sizeof ranges[0]); r++)
            for (int n = 1; n <= MAXT; n++) {
                run_team(&free_loop, n, ranges[r][0], ranges[r][1], ranges[r][2]);
                run_team(&exact, n, ranges[r][0], ranges[r][1], ranges[r][2]);
            }
    outer = 1;

    /* thread 0 of 2 alone, on 0..125: its first part is an eighth of its
     * block (7 of 63) when a part holds enough iterations of the nest;
     * the next, another eighth. A small nest (under 256 iterations a
     * thread) gets static blocks: the whole block, then nothing. */
    const struct { dvmh_idx outer, first_hi, second_lo; } firsts[] = {
        {256, 6, 7}, {8, 31, 32}, {2, 62, -1}, {1, 62, -1}};
    for (int f = 0; f < 4; f++) {
        memset(&piece, 0, sizeof piece);
        memset(&priv, 0, sizeof priv);
        priv.loop = &free_loop;
        priv.share = thread_share_new(&free_loop, 2);
        piece.internal = &priv;
        piece.rank = 2;
        piece.hi[0] = firsts[f].outer - 1;
        piece.step[0] = piece.step[1] = 1;
        piece.hi[1] = 125;
        dvmh_idx lo = -1, hi = -1;
        CHECK(dvmh_thread_next(&piece, 1, 0, 2, &lo, &hi) && lo == 0 && hi == firsts[f].first_hi,
              "outer %ld: first part %ld..%ld, not 0..%ld", (long)firsts[f].outer, (long)lo,
              (long)hi, (long)firsts[f].first_hi);
        int more = dvmh_thread_next(&piece, 1, 0, 2, &lo, &hi);
        if (firsts[f].second_lo < 0)
            CHECK(!more, "outer %ld (small): a second part %ld..%ld", (long)firsts[f].outer,
                  (long)lo, (long)hi);
        else
            CHECK(more && lo == firsts[f].second_lo, "outer %ld: second part %ld..%ld, not from %ld",
                  (long)firsts[f].outer, (long)lo, (long)hi, (long)firsts[f].second_lo);
        thread_share_free(priv.share);
    }

    /* a stalled thread: the others run its block (balance) */
    stall_thread = 1;
    dvmh_idx count = run_team(&free_loop, 2, 0, 3999, 1);
    int mine = 0;
    for (dvmh_idx k = count / 2; k < count; k++)
        mine += atomic_load(&by[k]) == 1;
    CHECK(mine < count / 4, "thread 1 stalled but ran %d of its %ld iterations", mine,
          (long)(count / 2));
    CHECK(atomic_load(&parts[0]) > 8, "thread 0 ran %d parts: it took none of thread 1's",
          atomic_load(&parts[0]));

    /* order-dependent reductions: static blocks, one part each */
    dvmh_loop fp_sum = {.file = "t.c", .line = 3, .reds = &sum_double, .red_count = 1};
    dvmh_loop loc = {.file = "t.c", .line = 4, .reds = &maxloc, .red_count = 1};
    dvmh_loop *fixed[] = {&fp_sum, &loc};
    for (int f = 0; f < 2; f++) {
        count = run_team(fixed[f], 2, 0, 3999, 1);
        for (dvmh_idx k = 0; k < count; k++)
            CHECK(atomic_load(&by[k]) == (k < count / 2 ? 0 : 1),
                  "loop %d: iteration %ld ran on thread %d, not in its static block", f, (long)k,
                  atomic_load(&by[k]));
        CHECK(atomic_load(&parts[0]) == 1 && atomic_load(&parts[1]) == 1,
              "loop %d: parts %d and %d, not one block each", f, atomic_load(&parts[0]),
              atomic_load(&parts[1]));
    }

    /* DVMH_THREAD_BALANCE=0: static blocks for every loop */
    setenv("DVMH_THREAD_BALANCE", "0", 1);
    thread_share_start();
    count = run_team(&free_loop, 2, 0, 3999, 1);
    for (dvmh_idx k = 0; k < count; k++)
        CHECK(atomic_load(&by[k]) == (k < count / 2 ? 0 : 1),
              "balance off: iteration %ld ran on thread %d", (long)k, atomic_load(&by[k]));
    stall_thread = -1;

    if (failures)
        fprintf(stderr, "%d failures\n", failures);
    else
        printf("thread_share_test: ok\n");
    return failures != 0;
}
