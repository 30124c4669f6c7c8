/* dvmh.h: the public interface of libdvmh, the C-DVMH runtime.
 * Generated code calls everything below; users may call the "program" part
 * (dvmh_wtime, dvmh_barrier, ...) under #ifdef _DVMH.
 * docs/generated-code.md shows how the rewriter uses each call. */
#ifndef DVMH_H
#define DVMH_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdarg.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef int64_t dvmh_idx;          /* every index, extent and bound */
#define DVMH_MAX_RANK 7

/* ------------------------------------------------------------------------
 * Program
 * ------------------------------------------------------------------------ */

/* Called first by the generated main(); starts MPI (if built with it), reads
 * DVMH_* variables, creates the devices, creates the global distributed
 * arrays of every translation unit (see dvmh_register_init), and registers
 * an atexit handler that finishes everything (statistics, MPI_Finalize).
 * argc/argv may be NULL. */
void dvmh_init(int *argc, char ***argv);

/* Called by generated main() with the user's main's return value; returns
 * the exit status to return from main (the same on every process). */
int dvmh_finish(int status);

/* Each translation unit with file-scope distributed arrays or templates
 * registers one function (from a constructor) that creates them;
 * dvmh_init runs them in registration order. */
void dvmh_register_init(void (*create_globals)(void));

double dvmh_wtime(void);
void dvmh_barrier(void);
int dvmh_process_count(void);      /* of the current processor system */
int dvmh_process_rank(void);

/* Stops every process with a message naming file:line. */
void dvmh_fatal(const char *file, int line, const char *fmt, ...)
    __attribute__((noreturn, format(printf, 3, 4)));
/* Check mode (dvmcc -fdvmh-check): an error of the program found by a
 * check; prints "file:line: error: check: MESSAGE" and stops every process
 * like dvmh_fatal. */
void dvmh_check_fail(const char *file, int line, const char *fmt, ...)
    __attribute__((noreturn, format(printf, 3, 4)));

/* ------------------------------------------------------------------------
 * Element types (reductions, comparative debugging)
 * ------------------------------------------------------------------------ */
enum dvmh_type {
    DVMH_T_CHAR, DVMH_T_SCHAR, DVMH_T_UCHAR, DVMH_T_SHORT, DVMH_T_USHORT,
    DVMH_T_INT, DVMH_T_UINT, DVMH_T_LONG, DVMH_T_ULONG, DVMH_T_LLONG,
    DVMH_T_ULLONG, DVMH_T_FLOAT, DVMH_T_DOUBLE, DVMH_T_LDOUBLE,
    DVMH_T_BOOL,
    DVMH_T_OTHER                   /* structs etc.: copied, never combined */
};

/* ------------------------------------------------------------------------
 * Templates and distributed arrays
 * ------------------------------------------------------------------------ */

/* Distribution format of one dimension. */
enum dvmh_distr_kind {
    DVMH_DISTR_NONE,               /* '*' or '[]': not distributed */
    DVMH_DISTR_BLOCK,
    DVMH_DISTR_WGTBLOCK,           /* values: count weights (float or double by value_size) */
    DVMH_DISTR_GENBLOCK,           /* values: one block size per process of the grid dimension (int or long by value_size) */
    DVMH_DISTR_MULTBLOCK,          /* count: the multiple */
    DVMH_DISTR_INDIRECT            /* values: one process number per element (short, int or
                                    * long by value_size), taken modulo the process count */
};
typedef struct dvmh_distr {
    int kind;
    const void *values;
    size_t value_size;
    dvmh_idx count;
} dvmh_distr;

/* A mapping rule of one dimension of a target (array or template) onto a
 * source index space (loop variables for 'on'/'tie'/'remote_access',
 * the aligned array's dimensions for 'align'):
 *   LINEAR: target index = a * source[dim] + b
 *   CONST:  target index = b
 *   ANY:    every index ('[]': replicated / whole dimension) */
enum dvmh_rule_kind { DVMH_RULE_ANY, DVMH_RULE_LINEAR, DVMH_RULE_CONST };
typedef struct dvmh_rule {
    int kind;
    int dim;
    dvmh_idx a, b;
} dvmh_rule;

typedef struct dvmh_template dvmh_template;
typedef struct dvmh_array dvmh_array;

/* The part of an array descriptor that generated host code reads inline. */
typedef struct dvmh_array_head {
    uint32_t magic;                /* DVMH_ARRAY_MAGIC */
    int rank;
    size_t elem_size;
    char *host_data;               /* first allocated element (shadow edges included) */
    dvmh_idx origin;               /* element offset of global index (0,..,0) from host_data */
    dvmh_idx stride[DVMH_MAX_RANK];/* in elements; stride[rank-1] == 1 */
    dvmh_idx own_lo[DVMH_MAX_RANK];/* owned global indices, inclusive; empty if lo > hi */
    dvmh_idx own_hi[DVMH_MAX_RANK];
    int owns_all;                  /* this process owns every element (fast path) */
    int on_devices;                /* some accelerator holds a copy (host writes are tracked) */
} dvmh_array_head;
#define DVMH_ARRAY_MAGIC 0x44564d48u

/* A template this file knows only by a bare extern directive: the number
 * of indexes or formats a directive gives it, checked against its
 * definition's rank when the program runs. */
void dvmh_template_rank_check(const char *file, int line, const dvmh_template *t, int rank);
dvmh_template *dvmh_template_create(const char *file, int line, int rank,
                                    const dvmh_idx *sizes, const dvmh_distr *distr);
void dvmh_template_destroy(dvmh_template *t);

/* Creates an array. sizes[0] < 0 for a pointer array created later by
 * dvmh_array_malloc. shadow_lo/hi may be NULL (width 1 on distributed
 * dimensions). distr NULL: distribution given later (distribute, realign,
 * or align). */
dvmh_array *dvmh_array_create(const char *file, int line, int rank,
                              size_t elem_size, int type,
                              const dvmh_idx *sizes,
                              const dvmh_idx *shadow_lo, const dvmh_idx *shadow_hi,
                              const dvmh_distr *distr);
/* The name of a distributed array in the source (the rewriter calls it
 * after creation): statistics and traces name its data with it. */
void dvmh_name(void *array, const char *name);
/* Ordinary data named by a directive (region clauses, actual, get_actual):
 * only while DVMH_TRACE or DVMH_STATS is on, the runtime's variable
 * holding addr takes the name. */
extern int dvmh_names_wanted;
void dvmh_data_name(const void *addr, const char *name);
#define DVMH_DATA_NAME(addr, name) \
    (dvmh_names_wanted ? dvmh_data_name((const void *)(addr), (name)) : (void)0)
/* 'align' clause: rules[k] gives target dimension k in terms of this
 * array's dimensions (rule.dim = the array's dimension). */
void dvmh_array_align(const char *file, int line, dvmh_array *a,
                      void *target, const dvmh_rule *rules);
/* Pointer arrays: 'a = malloc(bytes)' / calloc: the leading dimension becomes
 * bytes / (bytes of one element of the leading dimension). */
void dvmh_array_malloc(const char *file, int line, dvmh_array *a,
                       size_t bytes, int zero);
void dvmh_array_free(const char *file, int line, dvmh_array *a);
void dvmh_array_destroy(dvmh_array *a);
/* For __attribute__((cleanup)): a block's array or template goes away at
 * its end, whichever way the program leaves the block. */
void dvmh_array_release(dvmh_array **a);
void dvmh_template_release(dvmh_template **t);

/* redistribute(A[block][*]) on an array or a template. */
void dvmh_redistribute(const char *file, int line, void *obj, const dvmh_distr *distr);
/* array_copy(DST = SRC): every element of src into dst (same sizes and
 * element type, any distributions); outside regions. */
void dvmh_array_copy(const char *file, int line, dvmh_array *dst, dvmh_array *src);
/* realign(A[i] with B[i][]) */
void dvmh_realign(const char *file, int line, dvmh_array *a, void *target,
                  const dvmh_rule *rules);
/* realign(...) new_value: the same, without keeping the values (the
 * program gives the array new ones): nothing moves. */
void dvmh_realign_new_value(const char *file, int line, dvmh_array *a, void *target,
                            const dvmh_rule *rules);

/* An 'inherit' parameter: the caller passed a descriptor cast to the
 * parameter's pointer type; returns it after checking. */
dvmh_array *dvmh_array_of(const char *file, int line, const void *handle);

/* Host element access for code outside parallel loops. Compiled with
 * -DDVMH_CHECK_LOCAL (debug mode), every access checks that the element is
 * in this process's local part (shadow edges and remote_access buffers
 * included) and stops the program naming the line when it is not. */
#define DVMH_HEAD(a) ((const dvmh_array_head *)(const void *)(a))
void *dvmh_checked_addr(const char *file, int line, const void *a, const dvmh_idx *idx);
/* A read in an owner-computes statement (the owner of the element it
 * assigns runs it): the element must be local; always checked. */
#define DVMH_ATC(a, T, ...) \
    (*(T *)dvmh_checked_addr(__FILE__, __LINE__, (a), (const dvmh_idx[]){__VA_ARGS__}))
#ifdef DVMH_CHECK_LOCAL
#define DVMH_AT1(a, T, i) (*(T *)dvmh_checked_addr(__FILE__, __LINE__, (a), (const dvmh_idx[]){(i)}))
#define DVMH_AT2(a, T, i, j) \
    (*(T *)dvmh_checked_addr(__FILE__, __LINE__, (a), (const dvmh_idx[]){(i), (j)}))
#define DVMH_AT3(a, T, i, j, k) \
    (*(T *)dvmh_checked_addr(__FILE__, __LINE__, (a), (const dvmh_idx[]){(i), (j), (k)}))
#define DVMH_AT4(a, T, i, j, k, l) \
    (*(T *)dvmh_checked_addr(__FILE__, __LINE__, (a), (const dvmh_idx[]){(i), (j), (k), (l)}))
#else
#define DVMH_AT1(a, T, i) \
    (((T *)DVMH_HEAD(a)->host_data)[DVMH_HEAD(a)->origin + (dvmh_idx)(i)])
#define DVMH_AT2(a, T, i, j) \
    (((T *)DVMH_HEAD(a)->host_data)[DVMH_HEAD(a)->origin + (dvmh_idx)(i) * DVMH_HEAD(a)->stride[0] + (dvmh_idx)(j)])
#define DVMH_AT3(a, T, i, j, k) \
    (((T *)DVMH_HEAD(a)->host_data)[DVMH_HEAD(a)->origin + (dvmh_idx)(i) * DVMH_HEAD(a)->stride[0] + \
        (dvmh_idx)(j) * DVMH_HEAD(a)->stride[1] + (dvmh_idx)(k)])
#define DVMH_AT4(a, T, i, j, k, l) \
    (((T *)DVMH_HEAD(a)->host_data)[DVMH_HEAD(a)->origin + (dvmh_idx)(i) * DVMH_HEAD(a)->stride[0] + \
        (dvmh_idx)(j) * DVMH_HEAD(a)->stride[1] + (dvmh_idx)(k) * DVMH_HEAD(a)->stride[2] + (dvmh_idx)(l)])
#endif
/* Any rank: idx points at rank indices. */
void *dvmh_elem_addr(const dvmh_array *a, const dvmh_idx *idx);

/* Owner computes: an assignment statement to a distributed element outside
 * parallel loops is executed as 'if (DVMH_OWNS(a, (dvmh_idx[]){i, j})) ...'. */
int dvmh_owns(const dvmh_array *a, const dvmh_idx *idx);
#define DVMH_OWNS(a, ...) (DVMH_HEAD(a)->owns_all || dvmh_owns((a), (const dvmh_idx[]){__VA_ARGS__}))
/* The guard of an assignment statement: as DVMH_OWNS, and when an
 * accelerator holds a copy of the array, the host's copy is made current
 * and the element is recorded as changed by the host. */
int dvmh_owns_write(dvmh_array *a, const dvmh_idx *idx);
#define DVMH_OWNS_W(a, ...) \
    ((DVMH_HEAD(a)->owns_all && !DVMH_HEAD(a)->on_devices) || \
     dvmh_owns_write((dvmh_array *)(void *)(a), (const dvmh_idx[]){__VA_ARGS__}))
/* Check mode: the guard of an assignment statement (as DVMH_OWNS_W) also
 * records the write, on the owner, as one a shadow_renew must follow
 * (every process calls it). */
int dvmh_check_host_write(int line, dvmh_array *a, const dvmh_idx *idx);
#define DVMH_CHECK_OWNS_W(a, ...) \
    dvmh_check_host_write(__LINE__, (dvmh_array *)(void *)(a), (const dvmh_idx[]){__VA_ARGS__})
/* A read outside parallel loops of an element this process may not own
 * (multi-process): the owner broadcasts it to every process. */
void dvmh_read_elem(const char *file, int line, const dvmh_array *a, const dvmh_idx *idx, void *dst);
/* The value of an element read by host code (every process runs it): its
 * local address when every process holds it (one process, or a replicated
 * array), else buf filled by the owner's broadcast. */
void *dvmh_read_into(const char *file, int line, const dvmh_array *a, const dvmh_idx *idx,
                     void *buf);
#define DVMH_RD(a, T, ...) \
    (*(T *)dvmh_read_into(__FILE__, __LINE__, (a), (const dvmh_idx[]){__VA_ARGS__}, &(T){0}))
/* The address of an element taken by host code (&A[i], passed to fscanf
 * or to a function that writes through it): on a process that holds the
 * element its host copy (then the newest), elsewhere buf, which holds the
 * element's value when read is set (every process takes part) and takes
 * the writes that only the holders keep. */
void *dvmh_elem_ref(const char *file, int line, dvmh_array *a, const dvmh_idx *idx, void *buf,
                    int read);
#define DVMH_REF(a, T, read, ...) \
    (*(T *)dvmh_elem_ref(__FILE__, __LINE__, (a), (const dvmh_idx[]){__VA_ARGS__}, &(T){0}, (read)))

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

/* ------------------------------------------------------------------------
 * remote_access blocks, intervals
 * ------------------------------------------------------------------------ */
void dvmh_remote_begin(const char *file, int line);
/* rules[k]: CONST (the index value now) or ANY for each dimension. */
void dvmh_remote_array(dvmh_array *a, const dvmh_rule *rules);
void dvmh_remote_end(const char *file, int line);

void dvmh_interval_begin(const char *file, int line, long id);
void dvmh_interval_end(const char *file, int line);

/* ------------------------------------------------------------------------
 * Data motion counters (tests, tools): bytes this process moved so far for
 * a reason and a direction (-1: all of them).
 * ------------------------------------------------------------------------ */
enum dvmh_move_reason {
    DVMH_MOVE_REGION, DVMH_MOVE_GET_ACTUAL, DVMH_MOVE_SHADOW, DVMH_MOVE_ACROSS,
    DVMH_MOVE_REDUCTION, DVMH_MOVE_REMOTE, DVMH_MOVE_REDISTRIBUTE
};
enum dvmh_move_direction {
    DVMH_MOVE_TO_DEVICE, DVMH_MOVE_TO_HOST, DVMH_MOVE_DEVICE_TO_DEVICE, DVMH_MOVE_PROCESSES
};
unsigned long long dvmh_bytes_moved(int reason, int direction);
/* Devices of this process (the host is device 0). */
int dvmh_device_count(void);

/* ------------------------------------------------------------------------
 * Subtasks (multi-block): task arrays, their mapping onto processor
 * groups, task regions and the loops over a task array. Inside a
 * subtask's body the current processor system is its group.
 * ------------------------------------------------------------------------ */
typedef struct dvmh_task dvmh_task;
typedef struct dvmh_task_loop dvmh_task_loop;
enum dvmh_time_model { DVMH_TIME_LINEAR, DVMH_TIME_AMDAHL, DVMH_TIME_USER };

/* 'task name[count]'. */
dvmh_task *dvmh_task_create(const char *file, int line, const char *name, long count);
void dvmh_task_destroy(dvmh_task *t);
/* For __attribute__((cleanup)): destroys a block's task array at its end. */
void dvmh_task_release(dvmh_task **t);
/* map(name[index] weight(w) procs(kmin : kmax) time(model)): model
 * LINEAR (time w*kmin/k), AMDAHL (serial fraction 'serial'), USER (time
 * is fn(index, k)). kmin/kmax <= 0: not given. */
void dvmh_task_map(const char *file, int line, dvmh_task *t, long index, double weight,
                   long kmin, long kmax, int model, double serial, double (*fn)(int, int));
/* map(name[index] onto(first : last)): processors first..last. */
void dvmh_task_onto(const char *file, int line, dvmh_task *t, long index, long first, long last);
/* task_link(name[a], name[b], volume) */
void dvmh_task_link(const char *file, int line, dvmh_task *t, long a, long b, double volume);
/* task_region(name): the schedule is computed (on first use, or after a
 * map changed) and the processor groups created. */
void dvmh_task_region_begin(const char *file, int line, dvmh_task *t);
void dvmh_task_region_end(const char *file, int line, dvmh_task *t);
/* parallel([v] on name[a*v+b]) over iterations lo..hi (inclusive) by step. */
dvmh_task_loop *dvmh_task_loop_create(const char *file, int line, dvmh_task *t, dvmh_idx lo,
                                      dvmh_idx hi, dvmh_idx step, dvmh_idx a, dvmh_idx b);
/* Ordinary data the bodies may write (arguments as dvmh_loop_data): what
 * each subtask changes reaches every process when the loop ends. */
void dvmh_task_loop_data(dvmh_task_loop *l, const void *addr, int rank, const dvmh_idx *ext,
                         size_t elem_size);
/* Leaves the subtask entered last, enters the next one this process runs
 * (its iteration in *iteration) and returns 1; after the last one shares
 * output and written data, frees l and returns 0. */
/* reduction(op(var)) on the loop over a task array: every subtask's body
 * starts from the identity, and at the loop's end the variable becomes its
 * value before the loop combined with each subtask's result in the loop's
 * order (arguments as dvmh_loop_reduction). */
void dvmh_task_loop_reduction(dvmh_task_loop *l, int op, int type, void *var, int count,
                              void *loc, int loc_count, size_t loc_elem_size);
int dvmh_task_loop_next(dvmh_task_loop *l, dvmh_idx *iteration);

/* ------------------------------------------------------------------------
 * Input and output: performed once by the I/O process, results shared.
 * ------------------------------------------------------------------------ */
int dvmh_printf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
int dvmh_fprintf(FILE *f, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
int dvmh_vprintf(const char *fmt, va_list ap);
int dvmh_vfprintf(FILE *f, const char *fmt, va_list ap);
int dvmh_puts(const char *s);
int dvmh_fputs(const char *s, FILE *f);
int dvmh_putchar(int c);
int dvmh_fputc(int c, FILE *f);
int dvmh_putc(int c, FILE *f);
FILE *dvmh_fopen(const char *path, const char *mode);
int dvmh_fclose(FILE *f);
int dvmh_fflush(FILE *f);
size_t dvmh_fwrite(const void *ptr, size_t size, size_t n, FILE *f);
size_t dvmh_fread(void *ptr, size_t size, size_t n, FILE *f);
int dvmh_fscanf(FILE *f, const char *fmt, ...);
int dvmh_scanf(const char *fmt, ...);
char *dvmh_fgets(char *s, int n, FILE *f);
int dvmh_fgetc(FILE *f);
int dvmh_getc(FILE *f);
int dvmh_getchar(void);
int dvmh_feof(FILE *f);
int dvmh_ferror(FILE *f);
void dvmh_rewind(FILE *f);
int dvmh_fseek(FILE *f, long off, int whence);
long dvmh_ftell(FILE *f);
int dvmh_remove(const char *path);
int dvmh_rename(const char *from, const char *to);
void dvmh_perror(const char *s);

/* ------------------------------------------------------------------------
 * CUDA handlers. The kernels of a translation unit form one device image
 * (a fatbin the compiler embeds in the object); a generated launcher is an
 * ordinary dvmh_handler that the runtime runs with its GPU's context
 * current, and which launches kernels through the calls below. The runtime
 * loads the image on each GPU on first use.
 * ------------------------------------------------------------------------ */
typedef struct dvmh_cuda_module {
    const void *image;             /* fatbin, cubin or NUL-terminated PTX */
    size_t size;
    const char *file;              /* the source file (messages) */
    void *loaded;                  /* the runtime's: the image loaded per GPU */
    /* relocatable device code (nvcc -rdc=true): the image calls functions
     * of other files (needs) or defines some for them (gives), " f g ";
     * the runtime links all registered relocatable images before loading */
    int relocatable;
    const char *needs, *gives;
    struct dvmh_cuda_module *next; /* the runtime's: registered images */
    int linkable;                  /* the runtime's: 0 not known yet, 1 yes, -1 no */
} dvmh_cuda_module;
/* Registers a relocatable image (a constructor of the generated C calls
 * it); whether all the functions m needs are given by registered images
 * (else its loops get no CUDA handler: they run on the host). */
void dvmh_cuda_register(dvmh_cuda_module *m);
int dvmh_cuda_linkable(dvmh_cuda_module *m);

/* A translation unit compiled with CUDA handlers says so before main
 * (DVMH_CUDA_HANDLERS is defined for it): only then do GPUs get opened
 * when DVMH_NUM_CUDAS is unset, so a program that can never run on a GPU
 * does not pay for loading and initializing the CUDA driver. */
void dvmh_cuda_handlers_present(void);
#ifdef DVMH_CUDA_HANDLERS
__attribute__((constructor, used)) static void dvmh_note_cuda_handlers(void)
{
    dvmh_cuda_handlers_present();
}
#endif

/* Launches kernel 'name' of m on the piece's GPU, on its stream
 * (asynchronously); args: one pointer per kernel parameter, to a value of
 * the parameter's size (as cuLaunchKernel takes them). */
void dvmh_cuda_launch(dvmh_piece *p, dvmh_cuda_module *m, const char *name,
                      const unsigned grid[3], const unsigned block[3],
                      size_t shared_bytes, void **args);
/* Device memory of the piece's GPU for a launcher's temporaries. */
void *dvmh_cuda_alloc(dvmh_piece *p, size_t bytes);
void dvmh_cuda_free(dvmh_piece *p, void *dev);
/* Reduction k's result of the piece (var_bytes at var, loc_bytes at loc
 * in the GPU's memory, once the kernels launched so far are done): copied
 * to the host without waiting, and counted when the runtime waits for the
 * GPU (as dvmh_red_put would count it). */
void dvmh_cuda_red_result(dvmh_piece *p, int k, const void *var, size_t var_bytes, const void *loc,
                          size_t loc_bytes);

/* The grid for count[d] iterations along x, y, z with the given block
 * (each grid dimension at most 65535 blocks: kernels loop over the rest);
 * returns the number of blocks. */
static inline unsigned dvmh_cuda_grid(const dvmh_idx count[3], const unsigned block[3],
                                      unsigned grid[3])
{
    unsigned blocks = 1;
    for (int d = 0; d < 3; d++) {
        dvmh_idx b = block[d] ? (dvmh_idx)block[d] : 1;
        dvmh_idx g = count[d] > 0 ? (count[d] + b - 1) / b : 1;
        grid[d] = (unsigned)(g > 65535 ? 65535 : g);
        blocks *= grid[d];
    }
    return blocks;
}
/* dvmh_cuda_config's flags: the loop is a wavefront; every reduction of
 * the loop combines atomically (no partial results per block). */
#define DVMH_CUDA_DEPENDENT 1
#define DVMH_CUDA_ATOMIC_REDS 2
/* The launch configuration of kernel 'name' of m for count[d] iterations
 * along x, y, z. block: the loop's cuda_block when block[0] is not 0
 * (checked against what the kernel can run), else chosen from the
 * kernel's register use, the counts, whether the loop is a wavefront
 * (flags & DVMH_CUDA_DEPENDENT) and the shared memory its reductions need
 * per thread (red_per_thread). grid: as dvmh_cuda_grid, but with red_bytes
 * (what one block's reduction results take) no more blocks than fill the
 * GPU 8 times and fit in an eighth of its free memory (512 times, and no
 * memory limit, with DVMH_CUDA_ATOMIC_REDS where red_per_thread <= 4: one
 * 4-byte atomic operation per block and reduction). Returns the number of
 * blocks. */
unsigned dvmh_cuda_config(dvmh_piece *p, dvmh_cuda_module *m, const char *name, int flags,
                          const dvmh_idx count[3], size_t red_bytes, size_t red_per_thread,
                          unsigned block[3], unsigned grid[3]);
/* Iterations along z that one thread of a loop's _kernel4 runs. */
#define DVMH_CUDA_ZU 4
/* With grid covering count (one iteration per thread): 1 and grid[2] cut
 * for the loop's _kernel4 (DVMH_CUDA_ZU iterations along z per thread)
 * where that still fills the GPU; else 0, grid unchanged. */
int dvmh_cuda_coarsen(dvmh_piece *p, const dvmh_idx count[3], const unsigned block[3], unsigned grid[3]);
/* The threads of the block that combines the blocks' reduction results
 * (256, or fewer when their values would not fit in shared memory). */
unsigned dvmh_cuda_red_threads(dvmh_piece *p, size_t red_per_thread);
/* The grid of one wavefront step: for its count[d] iterations, but no
 * larger than the loop's grid (whose instance and reduction buffers were
 * chosen for it); returns the number of blocks. */
static inline unsigned dvmh_cuda_step_grid(const dvmh_idx count[3], const unsigned block[3],
                                           const unsigned loop_grid[3], unsigned grid[3])
{
    dvmh_cuda_grid(count, block, grid);
    unsigned blocks = 1;
    for (int d = 0; d < 3; d++) {
        if (grid[d] > loop_grid[d])
            grid[d] = loop_grid[d];
        blocks *= grid[d];
    }
    return blocks;
}
/* Whether the piece's kernels may compute their iterations and subscripts
 * in int: every loop bound and every offset into its data fits (then the
 * instances that cover the grid, which compute in int, are used). */
int dvmh_cuda_narrow(const dvmh_piece *p);
/* Along which of x, y, z (bits 0, 1, 2) the grid has a thread for every
 * iteration, so that each thread runs one there (7: the kernel1 instance). */
static inline int dvmh_cuda_covered(const dvmh_idx count[3], const unsigned block[3],
                                    const unsigned grid[3])
{
    int covered = 0;
    for (int d = 0; d < 3; d++)
        if ((dvmh_idx)grid[d] * block[d] >= count[d])
            covered |= 1 << d;
    return covered;
}
/* Shared memory of a block reduction: 'threads' values of val_size bytes
 * (then 8-aligned) and as many locations of loc_size bytes. */
static inline size_t dvmh_cuda_red_shared(size_t threads, size_t val_size, size_t loc_size)
{
    return (threads * val_size + 7) / 8 * 8 + threads * loc_size;
}

#ifdef __cplusplus
}
#endif
#endif
