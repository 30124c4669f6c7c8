/* dvmh_loop.h: parallel loops and their handlers, shadow_add, check mode's
 * scalar checks.
 * Part of dvmh.h, the runtime's public interface. */
#ifndef DVMH_PUBLIC_LOOP_H
#define DVMH_PUBLIC_LOOP_H

#include "dvmh_data.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------
 * Parallel loops
 * ------------------------------------------------------------------------ */
typedef struct dvmh_loop dvmh_loop;

/* What a handler receives: one piece of the loop's iterations on one device.
 * Loop dimension d runs from lo[d] to hi[d] inclusive with step[d]
 * (step < 0: downwards); lo/hi are exact iteration values. */
typedef struct dvmh_piece {
    int rank;
    dvmh_idx lo[DVMH_MAX_RANK], hi[DVMH_MAX_RANK], step[DVMH_MAX_RANK];
    int threads;                   /* threads (or CUDA streams/...) to use */
    int device;                    /* device number in the process */
    /* data[k]: device address of global index (0,..,0) of data k (arrays
     * and ordinary data, in dvmh_loop_array/dvmh_loop_data order): element
     * [i][j] is ((T (*)[ext[k][1]])data[k])[i][j]. */
    void **data;
    dvmh_idx (*ext)[DVMH_MAX_RANK];
    void **scalar;                 /* scalar k (dvmh_loop_scalar order) */
    struct dvmh_piece_private *internal;
} dvmh_piece;

typedef void (*dvmh_handler)(dvmh_piece *piece);

/* DVMH_DENSE (with DVMH_WRITE): every iteration writes the element its
 * references reach (one offset per dimension, dvmh_loop_reach). */
enum dvmh_access { DVMH_READ = 1, DVMH_WRITE = 2, DVMH_DENSE = 4 };
enum dvmh_device_kind { DVMH_DEV_HOST = 0, DVMH_DEV_CUDA = 1 };
enum dvmh_red_op {
    DVMH_RED_SUM, DVMH_RED_PRODUCT, DVMH_RED_MAX, DVMH_RED_MIN,
    DVMH_RED_AND, DVMH_RED_OR, DVMH_RED_XOR, DVMH_RED_MAXLOC, DVMH_RED_MINLOC
};

/* lo: first iteration value; hi: the inclusive bound (ub-1 for '<', ub for
 * '<=', ub+1 for '>', ub for '>='); step: signed. */
dvmh_loop *dvmh_loop_create(const char *file, int line, int rank,
                            const dvmh_idx *lo, const dvmh_idx *hi, const dvmh_idx *step);
/* 'on target[...]': rules[k] for target dimension k in terms of loop dims. */
void dvmh_loop_map(dvmh_loop *l, void *target, const dvmh_rule *rules);
/* Data the handler touches; returns its index in piece->data. */
int dvmh_loop_array(dvmh_loop *l, dvmh_array *a, unsigned access);
int dvmh_loop_data(dvmh_loop *l, const void *addr, int rank, const dvmh_idx *ext,
                   size_t elem_size, unsigned access);
/* A scalar read in the body, passed by value; returns its index. */
int dvmh_loop_scalar(dvmh_loop *l, const void *addr, size_t size);
/* reduction(op(var)) / maxloc(var, loc, loc_count): var holds count
 * elements of 'type' (count > 1 for an array variable). */
void dvmh_loop_reduction(dvmh_loop *l, int op, int type, void *var, int count,
                         void *loc, int loc_count, size_t loc_elem_size);
/* shadow_renew(A) (lo/hi NULL: all widths), A[1:1][0:0], A(corner). */
void dvmh_loop_shadow_renew(dvmh_loop *l, int data, const dvmh_idx *lo,
                            const dvmh_idx *hi, int corner);
/* shadow_renew(A["name"]): the shadow edge 'name' that shadow_add gave
 * A's indirectly distributed dimension. */
void dvmh_loop_shadow_renew_edge(dvmh_loop *l, int data, const char *name);
/* across(A[f:a]...) / across(out(A[...])): flow (lo) and anti (hi) widths. */
void dvmh_loop_across(dvmh_loop *l, int data, const dvmh_idx *flow,
                      const dvmh_idx *anti, int out);
/* After dvmh_loop_across: the body's references to that data reach
 * diagonally against the loop order (A[i-1][j+1]: the value must be new;
 * A[i+1][j-1]: old), or in ways the compiler cannot tell. */
void dvmh_loop_across_skewed(dvmh_loop *l, int data);
/* After dvmh_loop_across on ordinary data (replicated; its loop runs
 * whole on one device): the widths of its dependence along each loop
 * dimension, in iterations, as the compiler read them through 'tie' or
 * the body's references, and whether the references reach diagonally
 * against the loop order. With them the host's threads pipeline the
 * loop; without, one thread runs it. */
void dvmh_loop_across_dims(dvmh_loop *l, int data, const dvmh_idx *widths, int skewed);
/* In a handler: the larger of the flow and anti widths of across on data
 * along its dimension dim (across(A) without widths: A's shadow widths);
 * 0 where the loop has none. */
dvmh_idx dvmh_loop_across_width(const dvmh_piece *p, int data, int dim);
/* remote_access(A[i][]) inside a loop; the handler then reads data from a
 * buffer that covers the referenced elements. */
void dvmh_loop_remote(dvmh_loop *l, int data, const dvmh_rule *rules);
/* tie(A[i][]): rules[k] for A's dimension k in terms of loop dims. */
void dvmh_loop_tie(dvmh_loop *l, int data, const dvmh_rule *rules);
/* Which elements of data the body references, per dimension k: every
 * subscript of dimension k is loop variable loop_dim[k] plus a constant in
 * [lo[k], hi[k]] (A[i-1], A[i+1]: lo -1, hi 1); loop_dim[k] < 0: unknown.
 * Without it the runtime assumes the 'on'/'tie' element widened by the
 * shadow widths (distributed arrays) or the whole variable (ordinary data). */
void dvmh_loop_reach(dvmh_loop *l, int data, const int *loop_dim, const dvmh_idx *lo,
                     const dvmh_idx *hi);
/* The program's name and element type (enum dvmh_type) of data, for
 * messages and comparative debugging; data -1: the name of the 'on'
 * target (type ignored). */
void dvmh_loop_describe(dvmh_loop *l, int data, const char *name, int type);
void dvmh_loop_stage(dvmh_loop *l, dvmh_idx stage);
/* The body calls functions that use file-scope arrays directly (host
 * memory, which the loop names as its data): only the host runs it. */
void dvmh_loop_host_only(dvmh_loop *l);
void dvmh_loop_cuda_block(dvmh_loop *l, int x, int y, int z);
void dvmh_loop_handler(dvmh_loop *l, int device_kind, dvmh_handler fn);
/* Check mode (dvmcc -fdvmh-check): the loop's handlers check their
 * accesses; vars: the loop variables' names, "i,j" (messages). */
void dvmh_loop_check(dvmh_loop *l, const char *vars);
/* Check mode: the access (mode: DVMH_READ and/or DVMH_WRITE) of the
 * iteration iter (the loop variables' values) at source line 'line' to
 * element idx of data k of the piece's loop; checks it against the loop's
 * directives (stopping the program if they do not cover it) and returns
 * the element's address on the piece's device. */
void *dvmh_check_elem(dvmh_piece *p, int k, int mode, int line, const dvmh_idx *iter,
                      const dvmh_idx *idx);
/* The value loop variable dim has after the loop in sequential C (the
 * first value its condition rejects) in *value; 0 when the loop would
 * not assign it at all (an outer dimension has no iterations). */
int dvmh_loop_final(const dvmh_loop *l, int dim, dvmh_idx *value);
/* Runs the loop (renewing shadows, moving data, pipelining), writes the
 * reduction results into their variables, and frees l. */
void dvmh_loop_run(dvmh_loop *l);

/* A loop dimension whose bounds use outer loop variables: the runtime
 * divides [-DVMH_IDX_HUGE, DVMH_IDX_HUGE] by ownership, and the handler
 * runs the user's bounds clipped to its piece [lo, hi]. */
#define DVMH_IDX_HUGE ((dvmh_idx)1 << 60)
static inline dvmh_idx dvmh_up_first(dvmh_idx start, dvmh_idx lo, dvmh_idx step)
{
    return start >= lo ? start : start + (lo - start + step - 1) / step * step;
}
static inline dvmh_idx dvmh_down_first(dvmh_idx start, dvmh_idx hi, dvmh_idx step)
{
    return start <= hi ? start : start - (start - hi + (-step) - 1) / (-step) * (-step);
}
static inline dvmh_idx dvmh_min(dvmh_idx a, dvmh_idx b) { return a < b ? a : b; }
static inline dvmh_idx dvmh_max(dvmh_idx a, dvmh_idx b) { return a > b ? a : b; }

/* A host handler's team: team(p, t, n) in each thread t of n (threads of
 * them). More than one thread: an OpenMP parallel region, one per file
 * (this function's) rather than one per loop; an orphaned '#pragma omp
 * for' in the nest binds to it. One thread, or a file compiled without
 * OpenMP: a call. Not inlined, and the team functions neither: inlined,
 * each handler got two copies of its team (about a tenth of a file's
 * compile time); not optimized either (it runs once per loop). */
typedef void dvmh_team_fn(dvmh_piece *p, int thread, int team);
#ifdef _OPENMP
/* declared here rather than by including omp.h (and with it stdlib.h):
 * a twentieth of the compile time of a small file */
int omp_get_thread_num(void);
int omp_get_num_threads(void);
#endif
/* The team has fewer threads than asked (OMP_DYNAMIC, OMP_THREAD_LIMIT,
 * a loop run inside another parallel region): a pipeline's blocks are
 * planned again for the threads there are (one thread of the team calls
 * it, the others wait). */
void dvmh_team_shrunk(dvmh_piece *p, int threads);
__attribute__((noinline, optnone, unused)) static void dvmh_team_on(dvmh_piece *p,
                                                                   dvmh_team_fn *team, int threads)
{
#ifdef _OPENMP
    if (threads > 1) {
#pragma omp parallel num_threads(threads)
        {
            const int dvmh_n = omp_get_num_threads();
            if (dvmh_n < threads) {
#pragma omp single
                dvmh_team_shrunk(p, dvmh_n);
            }
            team(p, omp_get_thread_num(), dvmh_n);
        }
        return;
    }
#else
    (void)threads;
#endif
    team(p, 0, 1);
}

/* The handler of a loop whose threads share a dimension: the piece's
 * threads. */
static inline void dvmh_team_run(dvmh_piece *p, dvmh_team_fn *team)
{
    dvmh_team_on(p, team, p->threads);
}

/* Before the innermost loop of a host nest: no runtime unrolling. The
 * loops are vectorized (and interleaved) as before; unrolling the rows
 * that do not vectorize (strict floating-point reductions, recurrences)
 * made no difference on the benchmarks, and it was a seventh of a file's
 * compile time (the unrolled copies cost loop strength reduction most). */
#ifdef __clang__
#define DVMH_NO_UNROLL _Pragma("clang loop unroll(disable)")
#else
#define DVMH_NO_UNROLL
#endif

/* Thread t of a team of n: its static block of the piece's dimension d
 * (lo..hi by step; empty: hi one step before lo). The host handlers share
 * a dimension this way instead of '#pragma omp for', whose set-up costs a
 * microsecond, and a handler run on one thread calls its loop directly: a
 * piece of a few iterations (the runs of an indirectly distributed loop,
 * a pipeline's stage of a few rows) then costs what the iterations cost.
 * In the runtime, not here: the team functions that call it are not
 * optimized, and a copy in each file cost a fortieth of its compile. */
void dvmh_thread_block(const dvmh_piece *p, int d, int t, int n, dvmh_idx *lo, dvmh_idx *hi);
/* Thread t of a team of n: its next iterations of the piece's dimension d
 * (lo..hi by step), 0 when none are left. A team function runs its nest
 * on each: first on its static block, a part at a time; then, where the
 * loop's reductions do not depend on the order (DVMH_THREAD_BALANCE=0
 * turns it off), on parts of other threads' blocks that are not started
 * yet, so that a thread slowed down (another program on its core) does
 * not hold up the rest of the team at the loop's end. */
int dvmh_thread_next(dvmh_piece *p, int d, int t, int n, dvmh_idx *lo, dvmh_idx *hi);

/* Inside handlers: reduction k's identity into a thread's private copy,
 * then that copy handed back (one per thread id). */
void dvmh_red_init(dvmh_piece *p, int k, void *var, void *loc);
void dvmh_red_put(dvmh_piece *p, int k, int thread, const void *var, const void *loc);

/* Inside host handlers of a loop whose every dimension carries an across
 * dependence: the threads pipeline it. dvmh_pipe_begin (before the
 * parallel region) gives the number of threads to use; thread t runs the
 * t-th block of loop dimension 1 (dvmh_pipe_block: its first and last
 * values), going through dimension 0 in order: it starts its row r
 * (counted from 0) once thread t-1 has finished row r and thread t+1 row
 * r-1 (dvmh_pipe_wait), then reports it (dvmh_pipe_done, rows done); each
 * block is at least as wide as the across widths along dimension 1, so a
 * reference reaches only the neighbouring blocks and reads what the
 * sequential loop would. dvmh_pipe_end after the region. */
int dvmh_pipe_begin(dvmh_piece *p);
void dvmh_pipe_block(dvmh_piece *p, int thread, dvmh_idx *first, dvmh_idx *last);
void dvmh_pipe_wait(dvmh_piece *p, int thread, long row);
void dvmh_pipe_done(dvmh_piece *p, int thread, long rows);
void dvmh_pipe_end(dvmh_piece *p);
/* The handler of such a loop: begin, the team of the threads begin gives,
 * end. */
static inline void dvmh_pipe_run(dvmh_piece *p, dvmh_team_fn *team)
{
    dvmh_team_on(p, team, dvmh_pipe_begin(p));
    dvmh_pipe_end(p);
}

/* ------------------------------------------------------------------------
 * shadow_add(T[e1, e2 with T[@n]] = "name") include_to(A, B): a named
 * shadow edge of the indirectly distributed dimension of T (a template or
 * an array, rank 1). Collective. The generated code runs, for each index n
 * this process owns (dvmh_shadow_add_owned), the expressions and adds
 * their values (the neighbours of n) with dvmh_shadow_add_point; end
 * computes which elements each process needs from which owner.
 * ------------------------------------------------------------------------ */
typedef struct dvmh_shadow_edge dvmh_shadow_edge;
dvmh_shadow_edge *dvmh_shadow_add_begin(const char *file, int line, void *obj, const char *name);
dvmh_idx dvmh_shadow_add_owned_count(const dvmh_shadow_edge *e);
dvmh_idx dvmh_shadow_add_owned(const dvmh_shadow_edge *e, dvmh_idx k);
void dvmh_shadow_add_point(dvmh_shadow_edge *e, dvmh_idx index);
void dvmh_shadow_add_include(dvmh_shadow_edge *e, dvmh_array *a);
void dvmh_shadow_add_end(dvmh_shadow_edge *e);
/* Check mode's scalar checks (lib/check_scalar.c): in the iteration whose
 * loop variables names (comma-separated) have the values idx[0..rank-1],
 * the variable var was read before the iteration wrote it (a private
 * variable), or used other than in its reduction's update (a reduction or
 * location variable). Both stop every process (dvmh_check_fail). */
void dvmh_check_private_read(const char *file, int line, const char *var, const char *names,
                             int rank, const dvmh_idx *idx) __attribute__((noreturn));
void dvmh_check_reduction_use(const char *file, int line, const char *var, const char *names,
                              int rank, const dvmh_idx *idx) __attribute__((noreturn));

#ifdef __cplusplus
}
#endif
#endif
