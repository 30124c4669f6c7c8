/* comm_layer.h: the two implementations of the communication layer
 * (comm.h) behind one table, chosen when the program starts (comm.c):
 * comm_single.c for a program of one process, lib/mpi when a process
 * manager (mpiexec, srun) started the program or it started MPI itself. */
#ifndef DVMH_COMM_LAYER_H
#define DVMH_COMM_LAYER_H

#include "comm.h"

#include <stdbool.h>

typedef struct comm_layer {
    const char *name;
    void (*start)(int *argc, char ***argv);
    void (*stop)(void);
    void (*abort)(int status) __attribute__((noreturn));
    int (*process_count)(void);
    int (*process_rank)(void);
    void (*barrier)(void);
    void (*bcast)(void *buf, size_t bytes, int root);
    void (*allreduce)(int op, int type, void *values, int count, void *loc, size_t loc_size,
                      size_t loc_elem);
    void (*grid)(int rank, const dvmh_idx *extents, int *dims, int *coords);
    int (*grid_process)(int rank, const int *dims, const int *coords);
    size_t (*shadow_renew)(dvmh_array *a, const dvmh_idx *lo, const dvmh_idx *hi, int corner);
    size_t (*fetch_box)(dvmh_array *a, const dvmh_idx *lo, const dvmh_idx *hi, void *dst);
    size_t (*remote_view_begin)(dvmh_array *a, const dvmh_idx *lo, const dvmh_idx *hi,
                                comm_remote_view *view);
    void (*remote_view_end)(dvmh_array *a, comm_remote_view *view, int written);
    comm_across *(*across_start)(dvmh_array *a, const dvmh_idx *flow, int stage_dim);
    void (*across_recv)(comm_across *x, dvmh_idx lo, dvmh_idx hi);
    void (*across_send)(comm_across *x, dvmh_idx lo, dvmh_idx hi);
    size_t (*across_finish)(comm_across *x, size_t *messages);
    void (*message_cost)(double *latency, double *per_byte);
    size_t (*redistribute)(dvmh_array *a, const dvmh_array_head *old);
    int (*first_with_key)(const dvmh_idx *key, int count);
    bool (*share_boxes)(void *base, int rank, size_t elem_size, const dvmh_idx *ext,
                        const dvmh_idx *lo, const dvmh_idx *hi, size_t *bytes);
    comm_group *(*group_create)(const int *members, int count, int tag);
    void (*group_free)(comm_group *g);
    int (*nodes)(int *node);
    /* array a goes away (destroyed, or its memory freed): what the layer
     * keeps of it must go too, on every process at once (a new array at
     * the same address must not find it); NULL: nothing kept */
    void (*array_gone)(const dvmh_array *a);
} comm_layer;

extern const comm_layer comm_single_layer;
#ifdef DVMH_HAVE_MPI
extern const comm_layer comm_mpi_layer;
/* MPI is already initialized (the program called MPI_Init itself). */
bool comm_mpi_initialized(void);
#endif

/* Whether the environment says a process manager started this process
 * (MPICH's hydra: PMI_*, Open MPI: OMPI_COMM_WORLD_*, PMIx, Slurm's srun),
 * so that it must join the others through MPI. */
bool comm_launched_by_process_manager(void);

/* The layer comm_start chose (the single one before it). */
const comm_layer *comm_current_layer(void);

#endif
