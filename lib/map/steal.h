/* steal.h: Algorithm W's process-local state (queue of ranges, queue of
 * partial results, the worker thread) and the interface of its
 * communication layer: steal_mpi.c with MPI, steal_single.c without. */
#ifndef STEAL_H
#define STEAL_H

#include "dvmh_map.h"

#include <pthread.h>

typedef struct steal_range {
    long long lo, hi;
} steal_range;

typedef struct steal_part {
    long long lo, hi;
    unsigned char *result;
} steal_part;

typedef struct steal_work {
    const dvmh_reduce_ops *ops;
    pthread_mutex_t lock;
    pthread_cond_t wake;
    steal_range *queue; /* ring: the worker takes the front, thieves the back */
    int head, count, cap;
    steal_part *parts; /* ascending, adjacent ones merged */
    int nparts, partcap;
    long long done; /* length computed here */
    int busy, finished, split_last, failed;
    int no_stealing; /* no worker thread: stolen ranges could not run */
    dvmh_reduce_stats stats;
} steal_work;

/* Queue operations (steal_queue.c), called with the lock held. */
int steal_push_back(steal_work *w, steal_range r);
int steal_pop_back(steal_work *w, steal_range *r);
int steal_pop_front(steal_work *w, steal_range *r);

typedef struct steal_comm {
    int size, rank;
    void *handle; /* the MPI communicator when size > 1 */
} steal_comm;

/* size 1 without MPI or before MPI_Init; -1 when MPI cannot be used from
 * this thread. */
int steal_comm_open(steal_comm *c);
void steal_comm_close(steal_comm *c);
/* Serves steal requests and steals until all of total is computed
 * everywhere. */
void steal_comm_balance(steal_comm *c, steal_work *w, long long total);
/* Concatenation of every process's bytes in rank order into a malloc'd
 * buffer; -1 when out of memory. */
int steal_comm_gather(steal_comm *c, const void *mine, long long bytes, void **all,
                      long long *all_bytes);
/* 1 when every process passes 1. */
int steal_comm_all(steal_comm *c, int ok);

#endif
