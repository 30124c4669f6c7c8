/* cuda.h: CUDA handlers of parallel loops: from a loop's plan, a kernel
 * in the CUDA file and a launcher in the C file. */
#ifndef CDVMH_CUDA_H
#define CDVMH_CUDA_H

#include "gen.h"
#include "loop.h"

/* Writes the kernel into g->cuda and the launcher before the enclosing
 * function (inside #ifdef DVMH_CUDA_HANDLERS); returns the launcher's
 * name, or NULL when the loop cannot run on a GPU (a remark says why).
 * The call site gives the handler only when dvmh_cuda_linkable says the
 * file's device code can be completed (relocatable device code). */
char *cuda_gen_loop(gen *g, const loop_plan *l);
/* The CUDA file: the prelude, the user's macros and types, the device
 * functions, the kernels. NULL when no loop got a kernel. */
char *cuda_file_text(gen *g);
/* Text for the top of the C file: the module the launchers launch from. */
char *cuda_module_decl(gen *g);
/* cuda_extern.c: device code across files. */
/* Whether the CUDA file is relocatable device code (nvcc -rdc=true). */
bool cuda_relocatable(const gen *g);
/* " f g " lists: the functions of other files the kernels call, the
 * functions this file defines for other files. */
char *cuda_needs_list(const gen *g);
char *cuda_gives_list(const gen *g);

#endif
