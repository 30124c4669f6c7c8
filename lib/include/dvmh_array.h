/* dvmh_array.h: templates and distributed arrays: creation, mapping, host
 * element access, remote_access.
 * Part of dvmh.h, the runtime's public interface. */
#ifndef DVMH_PUBLIC_ARRAY_H
#define DVMH_PUBLIC_ARRAY_H

#include "dvmh_core.h"

#ifdef __cplusplus
extern "C" {
#endif

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
    /* changes of its elements that every process of its system sees (host
     * code's assignments, loops and regions that write it, ...): host
     * reads may use a copy of the whole array while it stays the same */
    unsigned long changes;
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

/* A distributed array (pointer) assigned another one (a = b, b = t): p,
 * after checking that it is a distributed array's descriptor. */
void *dvmh_array_assigned(const char *file, int line, void *p);

/* Host element access for code outside parallel loops. Compiled with
 * -DDVMH_CHECK_LOCAL (debug mode), every access checks that the element is
 * in this process's local part (shadow edges and remote_access buffers
 * included) and stops the program naming the line when it is not. */
#define DVMH_HEAD(a) ((const dvmh_array_head *)(const void *)(a))
void *dvmh_checked_addr(const char *file, int line, const void *a, const dvmh_idx *idx);
/* A read in an owner-computes statement (the owner of the element it
 * assigns runs it): the element must be local (always checked), and its
 * host copy is made current. */
void *dvmh_owner_read(const char *file, int line, const void *a, const dvmh_idx *idx);
#define DVMH_ATC(a, T, ...) \
    (*(T *)dvmh_owner_read(__FILE__, __LINE__, (a), (const dvmh_idx[]){__VA_ARGS__}))
/* Inside an owner-computes statement that calls a function of the
 * program: host reads there (dvmh_read_into) are the owner's own, as the
 * statement's, not collective. */
extern int dvmh_owner_depth;
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
    (((dvmh_array_head *)(void *)(a))->changes++, \
     (DVMH_HEAD(a)->owns_all && !DVMH_HEAD(a)->on_devices) || \
     dvmh_owns_write((dvmh_array *)(void *)(a), (const dvmh_idx[]){__VA_ARGS__}))
/* An assignment to an element inside an expression (A[0] = B[9] = 0):
 * every process runs it with the value (converted to T), the owner stores
 * it; the value again. check: check mode (as DVMH_CHECK_OWNS_W). */
void *dvmh_set_elem(const char *file, int line, dvmh_array *a, const dvmh_idx *idx, void *value,
                    int check);
#ifdef __clang__
/* the value is often unused (A[i] = 1, B[i] = 2;), as the assignment's */
#define DVMH_UNUSED_BEGIN \
    _Pragma("clang diagnostic push") _Pragma("clang diagnostic ignored \"-Wunused-value\"")
#define DVMH_UNUSED_END _Pragma("clang diagnostic pop")
#else
#define DVMH_UNUSED_BEGIN
#define DVMH_UNUSED_END
#endif
#define DVMH_SET(a, T, check, v, ...) \
    (DVMH_UNUSED_BEGIN(*(T *)dvmh_set_elem(__FILE__, __LINE__, (dvmh_array *)(void *)(a), \
                                           (const dvmh_idx[]){__VA_ARGS__}, &(T){(v)}, \
                                           (check))) DVMH_UNUSED_END)
/* A[i]++, A[i]-- inside an expression: the value before (delta: + 1, - 1) */
#define DVMH_SET_POST(a, T, check, delta, ...) \
    (DVMH_UNUSED_BEGIN({ \
        T dvmh_old = DVMH_RD(a, T, __VA_ARGS__); \
        DVMH_SET(a, T, check, dvmh_old delta, __VA_ARGS__); \
        dvmh_old; \
    }) DVMH_UNUSED_END)
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
 * array), else buf filled by the owner's broadcast; after a few reads of an
 * array that has not changed since, a copy of all of it that every process
 * fetched once (a checksum or a printout in host code costs one exchange,
 * not two per element). */
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
/* fread/fwrite's buffer &A[i][j] or A[i] of a distributed array A: the
 * whole array's elements in row-major order from that one. */
void *dvmh_io_at(const char *file, int line, dvmh_array *a, int count, const dvmh_idx *idx);
#define DVMH_IO_AT(a, count, ...) \
    dvmh_io_at(__FILE__, __LINE__, (a), (count), (const dvmh_idx[]){__VA_ARGS__})

/* ------------------------------------------------------------------------
 * remote_access blocks
 * ------------------------------------------------------------------------ */
void dvmh_remote_begin(const char *file, int line);
/* rules[k]: CONST (the index value now) or ANY for each dimension. */
void dvmh_remote_array(dvmh_array *a, const dvmh_rule *rules);
void dvmh_remote_end(const char *file, int line);

#ifdef __cplusplus
}
#endif
#endif
