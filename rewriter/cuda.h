/* cuda.h: CUDA handlers of parallel loops: from a loop's plan, a kernel
 * in the CUDA file and a launcher in the C file. */
#ifndef CDVMH_CUDA_H
#define CDVMH_CUDA_H

#include "gen.h"
#include "loop.h"

/* Writes the kernel into g->cuda and the launcher before the enclosing
 * function (inside #ifdef DVMH_CUDA_HANDLERS); returns the launcher's
 * name, or NULL when the loop cannot run on a GPU (a remark says why). */
char *cuda_gen_loop(gen *g, const loop_plan *l);
/* The CUDA file: the prelude, the user's macros and types, the device
 * functions, the kernels. NULL when no loop got a kernel. */
char *cuda_file_text(gen *g);
/* Text for the top of the C file: the module the launchers launch from. */
char *cuda_module_decl(gen *g);

#endif
