/* loop.h: parallel loops: the plan their handlers and call site come from. */
#ifndef CDVMH_LOOP_H
#define CDVMH_LOOP_H

#include "gen.h"
#include "nest.h"

/* An array the loop uses, distributed or ordinary (a C array, a heap
 * block): data k of the handlers, in dvmh_loop_array/dvmh_loop_data order. */
typedef struct loop_data {
    char *name;
    dobj *obj;                      /* NULL: ordinary data */
    int decl;
    bool write;
    int rank;
    char *elem;                     /* the element type */
    const char *type_code;          /* ordinary data: enum dvmh_type name, or NULL */
    bool callee;                    /* a function the body calls uses it: no reach */
} loop_data;

/* A variable the body reads and does not write: passed by value. */
typedef struct loop_scalar {
    char *name;
    int decl;
} loop_scalar;

typedef struct loop_plan {
    attached *at;
    const directive *dir;
    int rank;
    loop_dim dims[DIR_MAX_RANK];
    int par_dim;                    /* the dimension threads share; -1: none */
    bool par_barrier;               /* par_dim > 0: threads meet after each block */
    bool thread_pipe;               /* none, rank >= 2: threads pipeline (dvmh_pipe_*) */
    bool host_only;                 /* functions it calls use file-scope arrays */
    int body;                       /* the innermost loop's body */
    size_t loop_start, loop_end, body_start, body_end;
    size_t fn_start;                /* where the handlers go: before the function */
    unsigned line;
    dobj *on;
    use_list uses;
    loop_data *data;
    int ndata, data_cap;
    loop_scalar *scalars;
    int nscalars, scalar_cap;
    char *handler;                  /* the host handler's name */
    /* per across item not mapped by 'on' or 'tie': the mapping its
     * references give (name NULL: none), see loop_across_map */
    dir_ref *across_refs;
} loop_plan;

/* How across item k's array maps onto the loop: by 'on' or 'tie', else
 * by its references in the body (each dimension with a dependence indexed
 * by the same loop variable in all of them); NULL: unknown. */
const dir_ref *loop_across_map(const loop_plan *p, int k);

/* An across item's width along array dimension ad, as text: the larger
 * of its two sides. */
char *loop_width_text(const dir_var *v, int ad);
/* Adds width (taken) to w, the width along one loop dimension so far:
 * the larger of the two, where two array dimensions go with it. */
void loop_width_add(strbuf *w, char *width);

/* Generates a parallel loop: its handlers and the calls that replace it. */
void loop_gen(gen *g, attached *at);

/* Whether a clause's list names name. */
bool loop_in_list(const dir_var_list *l, const char *name);
/* The index of data name in the plan; -1: not there. */
int loop_data_index(const loop_plan *p, const char *name);
/* Whether a width's text is given and not "0". */
bool loop_width_nonzero(const char *w);

/* loop_data.c: phase 2, the loop's data, its dependencies and how the
 * threads share it; false when this or an earlier part of the file has
 * errors. */
bool loop_collect(gen *g, loop_plan *p);

/* loop_call.c: phase 4, the call site that replaces the loop (its CUDA
 * launcher, if any, is given only when the file's device code can be
 * built). */
void loop_call_site(gen *g, const loop_plan *p, const char *cuda_launcher);

/* loop_host.c: the host handler, placed before the enclosing function. */
void loop_host_handler(gen *g, const loop_plan *p);

#endif
