/* mpi_comm.h: internals of the MPI communication layer shared by the files
 * of lib/mpi (process start and stop, grid, reductions, exchanges). */
#ifndef DVMH_MPI_COMM_H
#define DVMH_MPI_COMM_H

#include "../comm.h"
#include "dvmh.h"

#include <mpi.h>
#include <stdbool.h>

/* The current processor system (group.c): the group of the running
 * subtask, else the whole program. Its communicator, and this process's
 * count and rank in it (before mpi_start: rank 0 of 1; after mpi_stop: as
 * they were). */
MPI_Comm mpi_world(void);
/* The tag of the next across pipeline in the running group. */
int mpi_next_across_tag(void);
int mpi_process_count(void);
int mpi_process_rank(void);

/* MPI_Init_thread unless the program started MPI itself; reads and checks
 * DVMH_PROC_GRID (a bad value stops every process with a message naming
 * the variable). */
void mpi_start(int *argc, char ***argv);
/* MPI_Finalize if mpi_start started MPI; safe to call twice. */
void mpi_stop(void);
/* Flushes stdio and stops every process with this exit status. */
void mpi_abort_all(int status) __attribute__((noreturn));

/* The whole program (process.c): a duplicate of MPI_COMM_WORLD, so our
 * messages never meet a user's, and this process's count and rank in it. */
MPI_Comm mpi_program_world(void);
int mpi_program_size(void);
int mpi_program_rank(void);
/* Between mpi_start and mpi_stop: messages can be exchanged. */
bool mpi_running(void);

/* The grid the user asked for in DVMH_PROC_GRID: its rank (0 if unset)
 * and dims. */
int mpi_requested_grid(int *dims);

bool mpi_reduce_supported(int op, int type);
/* values (count elements of type) and, for maxloc/minloc, loc (loc_size
 * bytes) become the reduction over every process of comm; tied values
 * keep the location that comes first (reduce_loc_order over elements of
 * loc_elem bytes), the lower rank's when loc_elem is 0 or they are the same. */
void mpi_allreduce(MPI_Comm comm, int op, int type, void *values, int count,
                   void *loc, size_t loc_size, size_t loc_elem);

/* A box of an array in memory: element idx is at base + (offset +
 * sum idx[d] * stride[d]) elements; lo/hi are the box's inclusive bounds
 * in the same index space. */
typedef struct mpi_box_memory {
    void *base;
    int rank;
    size_t elem_size;
    dvmh_idx stride[DVMH_MAX_RANK];
    dvmh_idx lo[DVMH_MAX_RANK], hi[DVMH_MAX_RANK];
    dvmh_idx offset;
} mpi_box_memory;

/* One box sent to, or received from, one process. */
typedef struct mpi_transfer {
    int peer;
    mpi_box_memory memory;
} mpi_transfer;

size_t mpi_box_bytes(const mpi_box_memory *m);
/* Waits until every request is complete. */
void mpi_wait_all(int count, MPI_Request *requests);
/* One box in flight: its request, for a box not in one run of memory the
 * packed copy that travels instead, and for one of 2 GiB or more the
 * datatype that counts its bytes (exchange.c). */
typedef struct mpi_box_message {
    MPI_Request request;
    void *packed;
    MPI_Datatype type;
} mpi_box_message;
/* Starts sending, or receiving, one box; when msg->request is complete
 * the caller calls mpi_box_done (with the transfer for a receive: the
 * packed rows go to their places; NULL for a send). */
void mpi_box_isend(MPI_Comm comm, int tag, const mpi_transfer *t, mpi_box_message *msg);
void mpi_box_irecv(MPI_Comm comm, int tag, const mpi_transfer *t, mpi_box_message *msg);
void mpi_box_done(mpi_box_message *msg, const mpi_transfer *received);
/* Posts every receive and send at once and waits for all; each receive
 * must match a send of the same shape on its peer (messages between two
 * processes are matched in posting order). Returns the bytes sent. */
size_t mpi_exchange(MPI_Comm comm, int tag, const mpi_transfer *sends, int send_count,
                    const mpi_transfer *recvs, int recv_count);

/* Memory holding (part of) an array: global element idx is at base +
 * (offset + sum (idx[d] - origin[d]) * stride[d]) elements. */
typedef struct mpi_fetch_dest {
    void *base;
    dvmh_idx origin[DVMH_MAX_RANK];
    dvmh_idx stride[DVMH_MAX_RANK];
    dvmh_idx offset;
} mpi_fetch_dest;

/* Collective: this process needs need_count boxes of a (needs: per box
 * lo[rank] then hi[rank], global inclusive), each delivered to its dest;
 * every process sends the parts it owns that others need. Returns the
 * bytes this process sent. */
size_t mpi_fetch(dvmh_array *a, int need_count, const dvmh_idx *needs,
                 const mpi_fetch_dest *dests);
/* mpi_fetch in two steps, so that a repeated fetch (shadow renewal in a
 * loop) plans once: the messages and local copies, then running them. */
typedef struct mpi_fetch_plan {
    mpi_transfer *sends, *recvs;
    int send_count, recv_count;
    mpi_box_memory *copies;     /* pairs: from, to */
    int copy_count;
} mpi_fetch_plan;
void mpi_fetch_plan_make(mpi_fetch_plan *plan, dvmh_array *a, int need_count, const dvmh_idx *needs,
                         const mpi_fetch_dest *dests);
size_t mpi_fetch_plan_run(const mpi_fetch_plan *plan);
void mpi_fetch_plan_free(mpi_fetch_plan *plan);
/* The same, from the owners of an earlier layout: each process owned
 * box [old_lo, old_hi] (empty: some lo > hi) held in old memory. */
size_t mpi_fetch_from(dvmh_array *a, const dvmh_idx *old_lo, const dvmh_idx *old_hi,
                      const mpi_fetch_dest *old, int need_count, const dvmh_idx *needs,
                      const mpi_fetch_dest *dests);

/* The calls of comm.h over MPI (comm_layer.h: comm_mpi_layer), defined in
 * comm_mpi.c, group.c, shadow.c, remote.c, across.c, redistribute.c. */
int mpi_layer_process_count(void);
int mpi_layer_process_rank(void);
size_t mpi_layer_shadow_renew(dvmh_array *a, const dvmh_idx *lo, const dvmh_idx *hi, int corner);
void mpi_layer_array_gone(const dvmh_array *a);
size_t mpi_layer_fetch_box(dvmh_array *a, const dvmh_idx *lo, const dvmh_idx *hi, void *dst);
size_t mpi_layer_remote_view_begin(dvmh_array *a, const dvmh_idx *lo, const dvmh_idx *hi,
                                   comm_remote_view *view);
void mpi_layer_remote_view_end(dvmh_array *a, comm_remote_view *view, int written);
bool mpi_layer_share_boxes(void *base, int rank, size_t elem_size, const dvmh_idx *ext,
                           const dvmh_idx *lo, const dvmh_idx *hi, size_t *bytes);
comm_across *mpi_layer_across_start(dvmh_array *a, const dvmh_idx *flow, int stage_dim);
void mpi_layer_across_recv(comm_across *x, dvmh_idx lo, dvmh_idx hi);
void mpi_layer_across_send(comm_across *x, dvmh_idx lo, dvmh_idx hi);
size_t mpi_layer_across_finish(comm_across *x, size_t *messages);
void mpi_layer_message_cost(double *latency, double *per_byte);
size_t mpi_layer_redistribute(dvmh_array *a, const dvmh_array_head *old);
comm_group *mpi_layer_group_create(const int *members, int count, int tag);
void mpi_layer_group_free(comm_group *g);
int mpi_layer_nodes(int *node);

#endif
