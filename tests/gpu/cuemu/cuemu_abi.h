/* cuemu_abi.h: what a kernel image built by nvcc-emu shares with the mock
 * driver (libcuda.so.1 of cuemu). Plain C, read by both sides. */
#ifndef CUEMU_ABI_H
#define CUEMU_ABI_H

#include <stddef.h>

/* "CUEMU\0\0\0", then the size of the shared object (8 bytes, little
 * endian), then the shared object itself. */
#define CUEMU_MAGIC "CUEMU\0\0\0"
#define CUEMU_HEADER_SIZE 16
/* The same with an ELF object (nvcc-emu -rdc=true, relocatable device
 * code): it goes through the driver's linker (link.c). */
#define CUEMU_RDC_MAGIC "CUEMUR\0\0"

typedef struct cuemu_uint3 {
    unsigned x, y, z;
} cuemu_uint3;

/* One per loaded module; its address is stored in the module's global
 * cuemu_rt_ptr after dlopen. The driver and the image are loaded with
 * RTLD_LOCAL, so this table is the only way between them. The driver
 * updates the indices before every switch between emulated threads. */
typedef struct cuemu_rt {
    cuemu_uint3 thread_idx, block_idx, block_dim, grid_dim;
    void *dynamic_shared;           /* the block's extern __shared__ memory */
    void (*syncthreads)(void);      /* the block's barrier */
} cuemu_rt;

/* Symbols nvcc-emu adds for each kernel NAME:
 *   void NAME__cuemu(void **args)           calls NAME with *args[i]
 *   unsigned NAME__cuemu_params(size_t *s)  the parameters' sizes, their count */
#define CUEMU_CALL_SUFFIX "__cuemu"
#define CUEMU_PARAMS_SUFFIX "__cuemu_params"
#define CUEMU_MAX_PARAMS 256

#endif
