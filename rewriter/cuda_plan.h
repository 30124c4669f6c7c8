/* cuda_plan.h: what the CUDA generator's phases share about one loop. */
#ifndef CDVMH_CUDA_PLAN_H
#define CDVMH_CUDA_PLAN_H

#include "gen.h"
#include "loop.h"

typedef struct cuda_red {
    const dir_reduction *r;
    char *elem, *loc_elem;          /* CUDA spellings */
    long long count, loc_count;
    char *decl, *loc_decl;          /* "double m", "int loc[2]" (host C) */
    /* each block combines its result atomically into the result in device
     * memory (no partial results, no grid-level combine): max and min of
     * 4- and 8-byte integers and floating values, sum, and, or, xor of
     * such integers */
    bool atomic;
} cuda_red;

typedef struct cuda_plan {
    const loop_plan *l;
    char *why;                      /* the first reason the loop cannot run on a GPU */
    edit_list el;                   /* the body's data references, for the kernel */
    int *fns, nfns, fns_cap;        /* functions the body calls: __device__ copies */
    CXCursor *needs;                /* functions of other files it calls (device-linked) */
    int nneeds, needs_cap;
    cuda_red *reds;
    int nreds;
    /* across: the wavefront runs over t; the last dependent dimension
     * follows from t and the others, m[d] is the dependence distance
     * along dependent dimension d (as text) */
    bool any_dep;
    int last_dep;
    char *m[DIR_MAX_RANK];
    /* the loop dimensions threads run along (tdims[nt - 1] on x, the next
     * on y, the rest folded on z); along k0 (-1: none) only a wavefront
     * step's points get threads */
    int tdims[DIR_MAX_RANK], nt, k0;
} cuda_plan;

/* cuda.c: sets c->why; returns false. */
/* Whether a loop dimension's variable is a signed integer the kernel keeps
 * a copy of (dvmh_vK, in the body's index type dvmh_I) for the
 * subscripts. */
bool cuda_wide_var(const loop_dim *d);
/* Whether the kernels that cover the grid may compute the iterations and
 * the subscripts in int (dvmh_cuda_narrow decides at launch): not for a
 * wavefront, whose step numbers may not fit, nor for loop variables wider
 * than int, whose subscripts' intermediate values may not fit either
 * (with int variables, whatever overflows in int does in the program). */
bool cuda_narrow(const cuda_plan *c);
/* Whether the loop gets a _kernel4, whose threads each run 4
 * (DVMH_CUDA_ZU) consecutive iterations along z (dvmh_cuda_coarsen
 * decides at launch): loops of three dimensions or more (z is a loop
 * dimension), without reductions or a wavefront. */
bool cuda_coarsens(const cuda_plan *c);
/* Whether a reduction leaves partial results per block, which a final
 * kernel combines (the others combine atomically). */
bool cuda_reds_partial(const cuda_plan *c);
bool cuda_refuse(cuda_plan *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* cuda.c: checks what the nodes in [start, end) call (in_function: the
 * body of a function, which must not use global variables); false with
 * c->why when something cannot run on a GPU. */
bool cuda_check_calls(gen *g, cuda_plan *c, size_t start, size_t end, bool in_function);
/* cuda_extern.c: device code across files. Whether a call to 'callee',
 * defined in another file, can run on the GPU (then it joins c->needs);
 * false with c->why otherwise. */
bool cuda_extern_callee(gen *g, cuda_plan *c, CXCursor callee, const char *name);
/* What a plan needs (its functions' device copies, the functions of other
 * files it calls) joins the file's. */
void cuda_plan_merge(gen *g, const cuda_plan *c);
/* The functions of this file that other files' kernels may call get
 * device versions (g->exports); called once, before the CUDA file. */
void cuda_exports(gen *g);
/* The declarations of the functions of other files, for the CUDA file. */
void cuda_import_decls(gen *g, strbuf *out);

/* cuda_kernel.c: the kernels into g->cuda; a type spelled for CUDA C++. */
void cuda_kernel(gen *g, cuda_plan *c);
char *cuda_type(CXType t);
/* cuda_launch.c: the launcher's definition; returns its name. */
char *cuda_launcher(gen *g, const cuda_plan *c);

#endif
