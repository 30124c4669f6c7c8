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
} cuda_red;

typedef struct cuda_plan {
    const loop_plan *l;
    char *why;                      /* the first reason the loop cannot run on a GPU */
    edit_list el;                   /* the body's data references, for the kernel */
    int *fns, nfns, fns_cap;        /* functions the body calls: __device__ copies */
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

/* cuda_kernel.c: the kernels into g->cuda; a type spelled for CUDA C++. */
void cuda_kernel(gen *g, cuda_plan *c);
char *cuda_type(CXType t);
/* cuda_launch.c: the launcher's definition; returns its name. */
char *cuda_launcher(gen *g, const cuda_plan *c);

#endif
