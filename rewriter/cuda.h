/* cuda.h: CUDA handlers of parallel loops: what loop.c knows about a loop
 * (its dimensions, data and scalars) handed to the CUDA generator, which
 * writes a kernel into the CUDA file and a launcher into the C file. */
#ifndef CDVMH_CUDA_H
#define CDVMH_CUDA_H

#include "gen.h"

typedef struct cuda_dim {
    const char *var, *type;
    const char *lb, *hi, *step;     /* the user's bounds (outer_bounds dims) */
    bool down, unit, outer_bounds;
    bool dep;                       /* carries an across dependency */
} cuda_dim;

typedef struct cuda_data {
    const char *name;
    int rank;
    char *elem;                     /* element type (owned by the caller) */
    int decl;
    bool write;
} cuda_data;

typedef struct cuda_loop {
    const directive *dir;
    const char *handler;            /* the host handler's name */
    size_t loop_start, loop_end, body_start, body_end, fn_start;
    int rank;
    cuda_dim dims[DIR_MAX_RANK];
    int ndata;
    cuda_data data[64];
    int nscalars;
    const char *scalars[64];
    int scalar_decl[64];
} cuda_loop;

/* Writes the kernel into g->cuda and the launcher before the enclosing
 * function (inside #ifdef DVMH_CUDA_HANDLERS); returns the launcher's
 * name, or NULL when the loop cannot run on a GPU (a remark says why). */
char *cuda_gen_loop(gen *g, const cuda_loop *l);
/* The CUDA file: the prelude, the user's macros and types, the device
 * functions, the kernels. NULL when no loop got a kernel. */
char *cuda_file_text(gen *g);
/* Text for the top of the C file: the module the launchers launch from. */
char *cuda_module_decl(gen *g);

#endif
