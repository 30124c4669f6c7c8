/* comm.c: the communication layer (comm.h) the runtime core calls: each
 * call goes to the layer chosen at start-up (comm_layer.h). A process that
 * no process manager started runs alone and never initializes MPI, which
 * costs tens of milliseconds; mpiexec (or a program that started MPI
 * itself, or DVMH_MPI=1) gets the MPI layer. */
#include "array.h"
#include "comm_layer.h"
#include "context.h"
#include "env.h"

#include <stdlib.h>

static const comm_layer *layer = &comm_single_layer;

/* Variables a process manager sets in every process it starts: MPICH's
 * hydra and other PMI-1/PMI-2 launchers (PMI_RANK, PMI_FD, PMI_SIZE...),
 * PMIx servers (Open MPI 5, Slurm), Open MPI's ORTE, Slurm's srun steps. */
bool comm_launched_by_process_manager(void)
{
    static const char *const vars[] = {
        "PMI_RANK", "PMI_SIZE", "PMI_FD", "PMI_PORT", "PMI_ID", "PMI_JOBID",
        "PMIX_RANK", "PMIX_NAMESPACE", "PMIX_SERVER_URI2", "PMIX_SERVER_URI3",
        "OMPI_COMM_WORLD_SIZE", "OMPI_COMM_WORLD_RANK", "HYDI_CONTROL_FD",
        "MPI_LOCALNRANKS", "SLURM_STEP_NUM_TASKS", NULL,
    };
    for (int k = 0; vars[k]; k++)
        if (getenv(vars[k]))
            return true;
    return false;
}

const comm_layer *comm_current_layer(void)
{
    return layer;
}

void comm_start(int *argc, char ***argv)
{
#ifdef DVMH_HAVE_MPI
    if (env_int("DVMH_MPI", 0, 0) > 0 || comm_mpi_initialized() ||
        comm_launched_by_process_manager())
        layer = &comm_mpi_layer;
#endif
    layer->start(argc, argv);
}

void comm_stop(void)
{
    layer->stop();
}

void comm_abort(int status)
{
    layer->abort(status);
}

int comm_process_count(void)
{
    return layer->process_count();
}

int comm_process_rank(void)
{
    return layer->process_rank();
}

void comm_barrier(void)
{
    layer->barrier();
}

void comm_bcast(void *buf, size_t bytes, int root)
{
    layer->bcast(buf, bytes, root);
}

void comm_allreduce(int op, int type, void *values, int count, void *loc, size_t loc_size,
                    size_t loc_elem)
{
    layer->allreduce(op, type, values, count, loc, loc_size, loc_elem);
}

void comm_grid(int rank, const dvmh_idx *extents, int *dims, int *coords)
{
    layer->grid(rank, extents, dims, coords);
}

int comm_grid_process(int rank, const int *dims, const int *coords)
{
    return layer->grid_process(rank, dims, coords);
}

void comm_array_gone(const dvmh_array *a)
{
    if (layer->array_gone)
        layer->array_gone(a);
}

size_t comm_shadow_renew(dvmh_array *a, const dvmh_idx *lo, const dvmh_idx *hi, int corner)
{
    return layer->shadow_renew(a, lo, hi, corner);
}

size_t comm_fetch_box(dvmh_array *a, const dvmh_idx *lo, const dvmh_idx *hi, void *dst)
{
    indirect_refuse(NULL, 0, a, "remote access (remote_access, array_copy)");
    return layer->fetch_box(a, lo, hi, dst);
}

size_t comm_remote_view_begin(dvmh_array *a, const dvmh_idx *lo, const dvmh_idx *hi,
                              comm_remote_view *view)
{
    indirect_refuse(NULL, 0, a, "remote_access");
    return layer->remote_view_begin(a, lo, hi, view);
}

void comm_remote_view_end(dvmh_array *a, comm_remote_view *view, int written)
{
    layer->remote_view_end(a, view, written);
}

comm_across *comm_across_start(dvmh_array *a, const dvmh_idx *flow, int stage_dim)
{
    indirect_refuse(NULL, 0, a, "across");
    return layer->across_start(a, flow, stage_dim);
}

void comm_across_recv(comm_across *x, dvmh_idx lo, dvmh_idx hi)
{
    layer->across_recv(x, lo, hi);
}

void comm_across_send(comm_across *x, dvmh_idx lo, dvmh_idx hi)
{
    layer->across_send(x, lo, hi);
}

size_t comm_across_finish(comm_across *x, size_t *messages)
{
    return layer->across_finish(x, messages);
}

void comm_message_cost(double *latency, double *per_byte)
{
    layer->message_cost(latency, per_byte);
}

size_t comm_redistribute(dvmh_array *a, const dvmh_array_head *old)
{
    return layer->redistribute(a, old);
}

bool comm_share_boxes(void *base, int rank, size_t elem_size, const dvmh_idx *ext,
                      const dvmh_idx *lo, const dvmh_idx *hi, size_t *bytes)
{
    return layer->share_boxes(base, rank, elem_size, ext, lo, hi, bytes);
}

int comm_first_with_key(const dvmh_idx *key, int count)
{
    return layer->first_with_key(key, count);
}

comm_group *comm_group_create(const int *members, int count, int tag)
{
    return layer->group_create(members, count, tag);
}

void comm_group_free(comm_group *g)
{
    layer->group_free(g);
}

int comm_nodes(int *node)
{
    return layer->nodes(node);
}

/* The same rule on one process as on several, so that a program that
 * misuses an array fails the same way however it runs. */
void comm_check_array(const dvmh_array *a, const char *what)
{
    if (a->group != comm_group_current())
        dvmh_fatal(a->file, a->line,
                   "%s of an array created %s: a distributed array belongs to the processor "
                   "system it was created on (use it only inside that subtask, or only outside "
                   "subtasks)",
                   what, a->group ? "inside a subtask" : "outside subtasks");
}
