/* across.c: loops with flow dependencies between processes, run as a
 * pipeline (comm.h): the loop goes in stages along one array dimension;
 * before a stage each process receives the part of its flow edge that its
 * predecessors computed in that stage, after it sends its own part to its
 * successors. Sends are non-blocking, so a process starts its next stage
 * while its successors are still receiving. In each dimension the
 * dependencies point one way (from lower indices for a positive flow width,
 * from higher for a negative one), so no process waits on itself. */
#include "../alloc.h"
#include "../array.h"
#include "../comm.h"
#include "mpi_comm.h"
#include "owners.h"

#include <stdlib.h>

struct comm_across {
    dvmh_array *array;
    mpi_owners owners;
    dvmh_idx flow[DVMH_MAX_RANK];
    int stage_dim;
    int tag;
    MPI_Request *requests;      /* sends in flight */
    mpi_box_message *sends;
    int pending, capacity;
    size_t bytes_sent, messages;
};


comm_across *mpi_layer_across_start(dvmh_array *a, const dvmh_idx *flow, int stage_dim)
{
    comm_check_array(a, "an across pipeline");
    comm_across *x = dvmh_xmalloc(sizeof *x);
    x->array = a;
    for (int d = 0; d < a->head.rank; d++) {
        x->flow[d] = flow[d];
        bool owns_something = a->head.own_lo[d] <= a->head.own_hi[d];
        dvmh_idx width = flow[d] >= 0 ? flow[d] : -flow[d];
        dvmh_idx shadow = flow[d] >= 0 ? a->head.own_lo[d] - a->alloc_lo[d]
                                       : a->alloc_hi[d] - a->head.own_hi[d];
        /* a dimension this process holds whole gets no edge along it */
        bool whole = a->head.own_lo[d] <= 0 && a->head.own_hi[d] >= a->size[d] - 1;
        if (owns_something && !a->head.owns_all && !whole && width > shadow)
            dvmh_fatal(a->file, a->line,
                       "across width %lld of dimension %d exceeds the shadow width %lld",
                       (long long)width, d + 1, (long long)shadow);
    }
    x->stage_dim = stage_dim;
    /* tags differ between pipelines running together (several arrays of
     * one loop); every process of the group starts them in the same order */
    x->tag = mpi_next_across_tag();
    x->requests = NULL;
    x->sends = NULL;
    x->pending = x->capacity = 0;
    x->bytes_sent = 0;
    x->messages = 0;
    owners_gather(&x->owners, a);
    return x;
}

/* Region 'code' (bit d set: outside in dimension d, below for a positive
 * flow width and above for a negative one; else inside) of the flow edge
 * of process q, restricted to stage [lo, hi]; false if empty. */
static bool across_region(const comm_across *x, int q, unsigned code, dvmh_idx lo, dvmh_idx hi,
                          dvmh_idx *box_lo, dvmh_idx *box_hi)
{
    const mpi_owners *o = &x->owners;
    if (o->empty[q])
        return false;
    for (int d = 0; d < o->rank; d++) {
        dvmh_idx own_lo = owners_lo(o, q)[d], own_hi = owners_hi(o, q)[d];
        if (code & (1u << d)) {
            if (x->flow[d] == 0)
                return false;
            /* The edge on the side the dimension's values come from. */
            box_lo[d] = x->flow[d] > 0 ? own_lo - x->flow[d] : own_hi + 1;
            box_hi[d] = x->flow[d] > 0 ? own_lo - 1 : own_hi - x->flow[d];
        } else {
            box_lo[d] = own_lo;
            box_hi[d] = own_hi;
        }
        if (d == x->stage_dim) {
            box_lo[d] = box_lo[d] > lo ? box_lo[d] : lo;
            box_hi[d] = box_hi[d] < hi ? box_hi[d] : hi;
        }
        if (box_lo[d] < 0)
            box_lo[d] = 0;
        if (box_hi[d] > x->array->size[d] - 1)
            box_hi[d] = x->array->size[d] - 1;
        if (box_lo[d] > box_hi[d])
            return false;
    }
    return true;
}

/* Calls visit for every piece of the flow edge of receiver q in stage
 * [lo, hi]: the region, its owner group's leader and the chosen sender. */
typedef void across_visit(comm_across *x, int receiver, int sender, const dvmh_idx *lo,
                          const dvmh_idx *hi, void *state);

static void across_pieces(comm_across *x, int receiver, dvmh_idx lo, dvmh_idx hi,
                          across_visit *visit, void *state)
{
    const mpi_owners *o = &x->owners;
    dvmh_idx box_lo[DVMH_MAX_RANK], box_hi[DVMH_MAX_RANK];
    dvmh_idx piece_lo[DVMH_MAX_RANK], piece_hi[DVMH_MAX_RANK];
    for (unsigned code = 1; code < (1u << o->rank); code++) {
        if (!across_region(x, receiver, code, lo, hi, box_lo, box_hi))
            continue;
        for (int q = 0; q < o->process_count; q++) {
            if (!owners_is_leader(o, q) || !owners_piece(o, q, box_lo, box_hi, piece_lo, piece_hi))
                continue;
            int sender = owners_sender(o, q, receiver);
            if (sender != receiver)
                visit(x, receiver, sender, piece_lo, piece_hi, state);
        }
    }
}

typedef struct across_list {
    mpi_transfer *items;
    int count, capacity;
} across_list;

static void across_collect(comm_across *x, int receiver, int sender, const dvmh_idx *lo,
                           const dvmh_idx *hi, void *state)
{
    across_list *list = state;
    int me = x->owners.me;
    if (sender != me && receiver != me)
        return;
    if (list->count == list->capacity) {
        list->capacity = list->capacity ? 2 * list->capacity : 8;
        list->items = dvmh_xrealloc(list->items, sizeof *list->items * (size_t)list->capacity);
    }
    list->items[list->count++] =
        (mpi_transfer){receiver == me ? sender : receiver, owners_host_box(x->array, lo, hi)};
}

/* Moves the sends in flight on (a large message goes only when the sender
 * calls MPI again: between stages, not after the loop) and forgets them
 * once all are done. */
static void across_progress(comm_across *x)
{
    int done = 0;
    if (x->pending == 0)
        return;
    MPI_Testall(x->pending, x->requests, &done, MPI_STATUSES_IGNORE);
    if (!done)
        return;
    for (int k = 0; k < x->pending; k++)
        mpi_box_done(&x->sends[k], NULL);
    x->pending = 0;
}

void mpi_layer_across_recv(comm_across *x, dvmh_idx lo, dvmh_idx hi)
{
    across_progress(x);
    across_list list = {NULL, 0, 0};
    across_pieces(x, x->owners.me, lo, hi, across_collect, &list);
    mpi_exchange(mpi_world(), x->tag, NULL, 0, list.items, list.count);
    free(list.items);
}

void mpi_layer_across_send(comm_across *x, dvmh_idx lo, dvmh_idx hi)
{
    across_list list = {NULL, 0, 0};
    for (int receiver = 0; receiver < x->owners.process_count; receiver++)
        if (receiver != x->owners.me)
            across_pieces(x, receiver, lo, hi, across_collect, &list);
    for (int k = 0; k < list.count; k++) {
        if (x->pending == x->capacity) {
            x->capacity = x->capacity ? 2 * x->capacity : 16;
            x->requests = dvmh_xrealloc(x->requests, sizeof *x->requests * (size_t)x->capacity);
            x->sends = dvmh_xrealloc(x->sends, sizeof *x->sends * (size_t)x->capacity);
        }
        x->bytes_sent += mpi_box_bytes(&list.items[k].memory);
        mpi_box_isend(mpi_world(), x->tag, &list.items[k], &x->sends[x->pending]);
        x->requests[x->pending] = x->sends[x->pending].request;
        x->pending++;
        x->messages++;
    }
    free(list.items);
    across_progress(x);
}

size_t mpi_layer_across_finish(comm_across *x, size_t *messages)
{
    mpi_wait_all(x->pending, x->requests);
    *messages = x->messages;
    for (int k = 0; k < x->pending; k++)
        mpi_box_done(&x->sends[k], NULL);
    size_t bytes = x->bytes_sent;
    free(x->requests);
    free(x->sends);
    owners_free(&x->owners);
    free(x);
    return bytes;
}
