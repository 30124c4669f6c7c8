/* comm.h: the communication layer between the runtime core and the
 * processes of the program. comm_single.c runs one process; lib/mpi
 * implements the same interface with MPI. */
#ifndef DVMH_COMM_H
#define DVMH_COMM_H

#include "dvmh.h"

#include <stdbool.h>

#include <stddef.h>

void comm_start(int *argc, char ***argv);
void comm_stop(void);
/* Stops every process with this exit status (stdio flushed first). */
void comm_abort(int status) __attribute__((noreturn));

int comm_process_count(void);
int comm_process_rank(void);
void comm_barrier(void);
void comm_bcast(void *buf, size_t bytes, int root);

/* values (count elements of type) and, for maxloc/minloc, loc become the
 * reduction over every process, combined in rank order; ties of
 * maxloc/minloc go to the location that comes first (reduce_loc_order,
 * by elements of loc_elem bytes), to the lower rank when loc_elem is 0. */
void comm_allreduce(int op, int type, void *values, int count,
                    void *loc, size_t loc_size, size_t loc_elem);

/* The process grid used to distribute 'rank' dimensions of the given
 * extents: fills dims (product = process count) and this process's
 * coordinates. DVMH_PROC_GRID wins when its rank matches. */
void comm_grid(int rank, const dvmh_idx *extents, int *dims, int *coords);
/* The process at grid coordinates coords of a grid of dims. */
int comm_grid_process(int rank, const int *dims, const int *coords);

/* Collective: renews the shadow edges of distributed array a on the host
 * of every process from their owners (owners' host copies must be actual).
 * lo/hi: widths per dimension, NULL for the allocated widths; corner:
 * diagonal neighbours too. Only the edge boxes move. Returns the bytes this
 * process sent. One process: nothing to do, returns 0. */
size_t comm_shadow_renew(dvmh_array *a, const dvmh_idx *lo, const dvmh_idx *hi, int corner);
/* Array a is destroyed or its memory freed (every process, in the same
 * order): the layer forgets its plans for it. */
void comm_array_gone(const dvmh_array *a);
/* Collective: each process fetches box [lo, hi] (global, inclusive; empty
 * when some lo > hi) of a into dst, a row-major buffer of exactly that box,
 * from the owners' host copies. Returns the bytes this process sent.
 * One process: copies from its own host copy. */
size_t comm_fetch_box(dvmh_array *a, const dvmh_idx *lo, const dvmh_idx *hi, void *dst);

/* remote_access in a loop that also touches a's own part (as Gauss
 * elimination reads the pivot row A[k][] while updating its rows): a view
 * of a holding both the process's allocated part and the elements of box
 * [lo, hi] (global, inclusive; empty when some lo > hi), fetched from their
 * owners. The handler uses zero (address of global index 0,..,0) and ext
 * (extents, for indexing) as the array's data. begin is collective; end
 * copies the own part back when the loop wrote it, and frees. */
typedef struct comm_remote_view {
    char *zero;
    dvmh_idx ext[DVMH_MAX_RANK];
    char *buffer;               /* NULL: the view is the host copy itself */
    dvmh_idx lo[DVMH_MAX_RANK], hi[DVMH_MAX_RANK];   /* the buffer's box */
} comm_remote_view;
size_t comm_remote_view_begin(dvmh_array *a, const dvmh_idx *lo, const dvmh_idx *hi,
                              comm_remote_view *view);
void comm_remote_view_end(dvmh_array *a, comm_remote_view *view, int written);

/* across between processes, as a pipeline for one array a whose iterations
 * read new elements up to flow[d] below in dimension d (flow[d] < 0: up to
 * -flow[d] above, for a loop running downwards in that dimension; widths
 * <= shadow widths; reads of old values are an ordinary comm_shadow_renew
 * before the loop). The loop
 * runs in stages along array dimension stage_dim; every process goes
 * through the same stages [lo, hi] of that dimension, in increasing order,
 * together covering [0, size-1]. Per stage: comm_across_recv (waits for the
 * flow edge elements of the stage from their owners), run the process's
 * part of the stage, comm_across_send (to the successors, non-blocking).
 * start is collective; finish waits for the sends, frees, and returns the
 * bytes this process sent (messages: their number). */
typedef struct comm_across comm_across;
comm_across *comm_across_start(dvmh_array *a, const dvmh_idx *flow, int stage_dim);
void comm_across_recv(comm_across *x, dvmh_idx lo, dvmh_idx hi);
void comm_across_send(comm_across *x, dvmh_idx lo, dvmh_idx hi);
size_t comm_across_finish(comm_across *x, size_t *messages);

/* Collective over the current group: the cost of one message between two
 * of its processes, measured now (a short ping-pong between its first two
 * processes, the result broadcast so that every process gets the same
 * values): seconds per message and per byte; 0 with one process. */
void comm_message_cost(double *latency, double *per_byte);

/* Collective: after the layout of a changed (redistribute, realign), fills
 * its new owned elements on the host from the processes that owned them
 * before. old: a's head as it was before the change, its host_data still
 * allocated (the caller frees it afterwards). Returns the bytes this
 * process sent. */
size_t comm_redistribute(dvmh_array *a, const dvmh_array_head *old);

/* Collective: ordinary (replicated) data that each process wrote a box of
 * (lo..hi in every dimension of rank dimensions of extents ext, row-major
 * elements of elem_size bytes at base; an empty box: lo > hi somewhere):
 * afterwards every process's copy holds every process's box. Processes
 * with identical boxes wrote the same elements (one of them sends); boxes
 * that overlap otherwise make it return false on every process, moving
 * nothing. *bytes: what this process sent. */
bool comm_share_boxes(void *base, int rank, size_t elem_size, const dvmh_idx *ext,
                      const dvmh_idx *lo, const dvmh_idx *hi, size_t *bytes);

/* Collective: true on the lowest-ranked process of each group of
 * processes passing identical keys (count values), e.g. one of the
 * replicas owning the same part of a loop's target, so that a reduction
 * counts replicated iterations once. One process: true. */
int comm_first_with_key(const dvmh_idx *key, int count);

/* Processor groups of subtasks. The current processor system is a stack:
 * the whole program at the bottom, a subtask's group on top while its body
 * runs. Everything above (process count and rank, barrier, bcast,
 * allreduce, grids, exchanges of arrays) works inside the current system. */
typedef struct comm_group comm_group;
/* Collective over the listed processes only (ranks of the current system,
 * ascending); a process calls it for every group it belongs to, in the
 * same order on every process; tag (>= 0) tells concurrent creations
 * apart. NULL on a process that is not listed. */
comm_group *comm_group_create(const int *members, int count, int tag);
void comm_group_free(comm_group *g);
void comm_group_push(comm_group *g);
void comm_group_pop(void);
/* The group on top of the stack; NULL: the whole program. */
comm_group *comm_group_current(void);
/* Collective: the node (shared-memory host) of every process of the
 * current system: node[rank] in 0..count-1, nodes numbered in the order
 * of their lowest rank. Returns the node count. */
int comm_nodes(int *node);
/* Stops the program when a distributed array is used on another processor
 * system than the one it was created on (an array of the whole program in
 * a subtask, or a subtask's array outside it). */
void comm_check_array(const dvmh_array *a, const char *what);

#endif
