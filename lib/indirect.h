/* indirect.h: arrays whose dimension is distributed indirectly (by a
 * partition array): who owns which index, the values' move when such a
 * layout changes, and the shadow edges shadow_add names. Every process
 * keeps storage for the whole indirect dimension (global indices address
 * it) and owns the set of indices the partition gives it. */
#ifndef DVMH_INDIRECT_H
#define DVMH_INDIRECT_H

#include "dvmh.h"

#include <stdbool.h>
#include <stddef.h>

struct dvmh_loop;
struct distr_space;

/* The indirect dimension of an array (or template) and its owners. */
typedef struct indirect_map {
    int dim;                        /* the object's dimension; -1: none */
    const int *owner;               /* per space index: grid coordinate */
    dvmh_idx size;                  /* space extent */
    dvmh_idx a, b;                  /* space index = a * index + b */
    int me, procs;                  /* this process's coordinate, the count */
    const dvmh_idx *owned;          /* space indices this process owns */
    dvmh_idx owned_count;
    const struct distr_space *space;
    unsigned long generation;       /* of the distribution (distr_dim) */
} indirect_map;

/* The indirect map of an array or template (m->dim < 0: none). */
void indirect_map_of(void *obj, indirect_map *m);
/* The grid coordinate owning index i of the object's indirect dimension. */
int indirect_owner(const indirect_map *m, dvmh_idx i);
static inline bool indirect_owns(const indirect_map *m, dvmh_idx i)
{
    return m->dim < 0 || indirect_owner(m, i) == m->me;
}
/* Stops with a "not supported yet" error when a has an indirect dimension
 * on several processes: what names the operation. */
void indirect_refuse(const char *file, int line, const dvmh_array *a, const char *what);

/* Collective: after a layout change away from an indirect one (prev: the
 * old map), every process's new storage gets every element's value from
 * its old owner (the values travel to every process). Returns the bytes
 * this process sent. */
size_t indirect_redistribute(dvmh_array *a, const dvmh_array_head *old, const indirect_map *prev);

/* Collective: every process's host copy of a gets every element's value
 * from its owner's host copy (which must be actual), as output of the
 * whole array needs. Returns the bytes this process sent. */
size_t indirect_share_all(dvmh_array *a);

/* The loop's 'on' target maps loop dimension *loop_dim onto an indirect
 * dimension: the local part runs as one piece per run of consecutive owned
 * iterations (run(l) for each). False: not such a loop. */
bool indirect_loop_runs(struct dvmh_loop *l, void (*run)(struct dvmh_loop *l));

/* Renews the named shadow edge of a (all its edges when name is NULL) on
 * the host: the elements of the edge come from their owners' host copies.
 * Returns the bytes this process sent. */
size_t indirect_renew_edge(const char *file, int line, dvmh_array *a, const char *name);

/* comm_exchange.c: collective exchange of byte buffers between the
 * processes: send_bytes[q] bytes of send (packed in process order) go to
 * process q, recv (packed in process order) gets recv_bytes[q] from q. */
void comm_exchange_sizes(const size_t *send_bytes, size_t *recv_bytes);
void comm_exchange_bytes(const void *send, const size_t *send_bytes, void *recv,
                         const size_t *recv_bytes);

#endif
