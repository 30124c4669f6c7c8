/* owners.h: who owns which box of a distributed array, learnt from every
 * process at once, and the rules every process applies alike to decide who
 * sends which piece to whom. */
#ifndef DVMH_MPI_OWNERS_H
#define DVMH_MPI_OWNERS_H

#include "mpi_comm.h"

typedef struct mpi_owners {
    int process_count, me, rank;
    dvmh_idx *box;              /* per process: lo[rank], hi[rank] */
    bool *empty;
    int *leader;                /* per process: lowest rank owning the same box */
} mpi_owners;

/* Collective: gathers every process's owned box of a. */
void owners_gather(mpi_owners *o, const dvmh_array *a);
/* Collective: gathers a box given by every process. */
void owners_gather_boxes(mpi_owners *o, int rank, const dvmh_idx *lo, const dvmh_idx *hi);
void owners_free(mpi_owners *o);
const dvmh_idx *owners_lo(const mpi_owners *o, int q);
const dvmh_idx *owners_hi(const mpi_owners *o, int q);
/* q is the lowest rank owning its (non-empty) box. */
bool owners_is_leader(const mpi_owners *o, int q);
/* Of the processes owning the box of leader, the one serving receiver r:
 * r itself if it owns that box, else the (r mod n)-th of the n owners, so
 * replicated owners share the sending. */
int owners_sender(const mpi_owners *o, int leader, int r);
/* piece = [lo, hi] intersected with q's box; false if empty. */
bool owners_piece(const mpi_owners *o, int q, const dvmh_idx *lo, const dvmh_idx *hi,
                  dvmh_idx *piece_lo, dvmh_idx *piece_hi);
/* The host memory of a as a box of global indices [lo, hi]. */
mpi_box_memory owners_host_box(const dvmh_array *a, const dvmh_idx *lo, const dvmh_idx *hi);

#endif
