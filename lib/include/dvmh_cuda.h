/* dvmh_cuda.h: CUDA handlers: device images, launches, grids.
 * Part of dvmh.h, the runtime's public interface. */
#ifndef DVMH_PUBLIC_CUDA_H
#define DVMH_PUBLIC_CUDA_H

#include "dvmh_loop.h"

#ifdef __cplusplus
extern "C" {
#endif

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
