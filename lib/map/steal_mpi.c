/* steal_mpi.c: Algorithm W's communication layer over MPI. The calling
 * thread serves steal requests, steals when its process is idle, and
 * reports computed lengths to rank 0, which ends the balancing when all of
 * the range is computed. Only this thread calls MPI. */
#define _POSIX_C_SOURCE 200809L
#include "steal.h"

#include <mpi.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { TAG_REQUEST = 7101, TAG_REPLY, TAG_DONE, TAG_END };

int steal_comm_open(steal_comm *c)
{
    int initialized = 0, finalized = 0;
    c->size = 1;
    c->rank = 0;
    c->handle = NULL;
    MPI_Initialized(&initialized);
    if (initialized)
        MPI_Finalized(&finalized);
    if (!initialized || finalized)
        return 0;
    int level, is_main;
    MPI_Query_thread(&level);
    MPI_Is_thread_main(&is_main);
    if (level < MPI_THREAD_MULTIPLE && !is_main)
        return -1;
    MPI_Comm *comm = malloc(sizeof *comm);
    if (!comm)
        return -1;
    MPI_Comm_dup(MPI_COMM_WORLD, comm);
    MPI_Comm_size(*comm, &c->size);
    MPI_Comm_rank(*comm, &c->rank);
    c->handle = comm;
    return 0;
}

void steal_comm_close(steal_comm *c)
{
    if (c->handle) {
        MPI_Comm_free(c->handle);
        free(c->handle);
        c->handle = NULL;
    }
}

/* Sends in flight, each with its own buffer until it completes. */
typedef struct steal_outbox {
    MPI_Request *req;
    long long (*buf)[3];
    int n, cap;
} steal_outbox;

static void steal_send(steal_outbox *o, MPI_Comm comm, int to, int tag, const long long *msg,
                       int len)
{
    if (o->n == o->cap) {
        /* Compact the completed ones before growing. */
        int kept = 0;
        for (int i = 0; i < o->n; i++) {
            int done = 0;
            MPI_Test(&o->req[i], &done, MPI_STATUS_IGNORE);
            if (!done) {
                o->req[kept] = o->req[i];
                memcpy(o->buf[kept], o->buf[i], sizeof o->buf[i]);
                kept++;
            }
        }
        o->n = kept;
    }
    if (o->n == o->cap) {
        int cap = 2 * o->cap + 16;
        MPI_Request *r = realloc(o->req, sizeof(MPI_Request) * (size_t)cap);
        if (r)
            o->req = r;
        long long(*b)[3] = realloc(o->buf, sizeof(long long[3]) * (size_t)cap);
        if (b)
            o->buf = b;
        if (!r || !b) {
            /* Out of memory: send synchronously instead. */
            MPI_Send(msg, len, MPI_LONG_LONG, to, tag, comm);
            return;
        }
        o->cap = cap;
    }
    memcpy(o->buf[o->n], msg, sizeof(long long) * (size_t)len);
    MPI_Isend(o->buf[o->n], len, MPI_LONG_LONG, to, tag, comm, &o->req[o->n]);
    o->n++;
}

void steal_comm_balance(steal_comm *c, steal_work *w, long long total)
{
    MPI_Comm comm = *(MPI_Comm *)c->handle;
    int size = c->size, rank = c->rank;
    /* Per peer: requests and replies sent and received, so that the ones
     * still in flight at the end are received before the communicator goes. */
    int *count = calloc(4 * (size_t)size, sizeof(int));
    int *theirs = calloc(4 * (size_t)size, sizeof(int));
    steal_outbox out = {0};
    long long reported = 0, others_done = 0;
    int waiting = 0, ended = 0, victim = (rank + 1) % size, failures = 0;
    while (!ended) {
        int progress = 0, flag;
        MPI_Status st;
        long long msg[3];
        for (;;) {
            MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, comm, &flag, &st);
            if (!flag)
                break;
            progress = 1;
            int from = st.MPI_SOURCE;
            MPI_Recv(msg, 3, MPI_LONG_LONG, from, st.MPI_TAG, comm, MPI_STATUS_IGNORE);
            if (st.MPI_TAG == TAG_REQUEST) {
                count[4 * from + 1]++;
                steal_range r;
                pthread_mutex_lock(&w->lock);
                int got = steal_pop_back(w, &r);
                if (got)
                    w->stats.given++;
                pthread_mutex_unlock(&w->lock);
                long long reply[3] = {got, got ? r.lo : 0, got ? r.hi : 0};
                steal_send(&out, comm, from, TAG_REPLY, reply, 3);
                count[4 * from + 2]++;
            } else if (st.MPI_TAG == TAG_REPLY) {
                count[4 * from + 3]++;
                waiting = 0;
                if (msg[0]) {
                    pthread_mutex_lock(&w->lock);
                    if (steal_push_back(w, (steal_range){msg[1], msg[2]}))
                        w->failed = 1;
                    w->stats.stolen++;
                    pthread_cond_signal(&w->wake);
                    pthread_mutex_unlock(&w->lock);
                    failures = 0;
                } else {
                    failures++;
                }
            } else if (st.MPI_TAG == TAG_DONE) {
                others_done += msg[0];
            } else if (st.MPI_TAG == TAG_END) {
                ended = 1;
            }
        }
        pthread_mutex_lock(&w->lock);
        long long done = w->done;
        int idle = !w->count && !w->busy;
        pthread_mutex_unlock(&w->lock);
        if (rank != 0 && idle && done > reported) {
            long long inc[3] = {done - reported, 0, 0};
            steal_send(&out, comm, 0, TAG_DONE, inc, 1);
            reported = done;
        }
        if (rank == 0 && !ended && others_done + done == total) {
            long long end[3] = {0, 0, 0};
            for (int p = 1; p < size; p++)
                steal_send(&out, comm, p, TAG_END, end, 1);
            ended = 1;
        }
        if (!ended && idle && !waiting && !w->no_stealing) {
            long long ask[3] = {rank, 0, 0};
            steal_send(&out, comm, victim, TAG_REQUEST, ask, 1);
            count[4 * victim]++;
            waiting = 1;
            victim = (victim + 1) % size;
            if (victim == rank)
                victim = (victim + 1) % size;
            progress = 1;
        }
        if (!progress) {
            /* Idle after a round of refusals: back off a little longer. */
            struct timespec pause = {0, failures >= size - 1 ? 200000 : 20000};
            nanosleep(&pause, NULL);
        }
    }
    /* MPI_Waitall(out.n, out.req, MPI_STATUSES_IGNORE), one request at a
     * time: gcc takes that constant for a status array of no elements */
    for (int k = 0; k < out.n; k++)
        MPI_Wait(&out.req[k], MPI_STATUS_IGNORE);
    /* Receive what is still in flight: requests and refusals sent to us. */
    MPI_Alltoall(count, 4, MPI_INT, theirs, 4, MPI_INT, comm);
    for (int p = 0; p < size; p++) {
        long long msg[3];
        for (int i = count[4 * p + 1]; i < theirs[4 * p]; i++)
            MPI_Recv(msg, 3, MPI_LONG_LONG, p, TAG_REQUEST, comm, MPI_STATUS_IGNORE);
        for (int i = count[4 * p + 3]; i < theirs[4 * p + 2]; i++)
            MPI_Recv(msg, 3, MPI_LONG_LONG, p, TAG_REPLY, comm, MPI_STATUS_IGNORE);
    }
    free(out.req);
    free(out.buf);
    free(count);
    free(theirs);
}

int steal_comm_gather(steal_comm *c, const void *mine, long long bytes, void **all,
                      long long *all_bytes)
{
    if (!c->handle) {
        *all = malloc((size_t)bytes + 1);
        if (!*all)
            return -1;
        memcpy(*all, mine, (size_t)bytes);
        *all_bytes = bytes;
        return 0;
    }
    MPI_Comm comm = *(MPI_Comm *)c->handle;
    int size = c->size;
    long long *sizes = malloc(sizeof(long long) * (size_t)size);
    int *counts = malloc(sizeof(int) * (size_t)size), *displs = malloc(sizeof(int) * (size_t)size);
    int status = sizes && counts && displs ? 0 : -1;
    status = steal_comm_all(c, !status) ? 0 : -1;
    if (!status) {
        MPI_Allgather(&bytes, 1, MPI_LONG_LONG, sizes, 1, MPI_LONG_LONG, comm);
        long long sum = 0;
        for (int p = 0; p < size; p++) {
            counts[p] = (int)sizes[p];
            displs[p] = (int)sum;
            sum += sizes[p];
        }
        *all = malloc((size_t)sum + 1);
        *all_bytes = sum;
        status = steal_comm_all(c, *all != NULL) ? 0 : -1;
        if (!status)
            MPI_Allgatherv(mine, (int)bytes, MPI_BYTE, *all, counts, displs, MPI_BYTE, comm);
        else
            free(*all);
    }
    free(sizes);
    free(counts);
    free(displs);
    return status;
}

int steal_comm_all(steal_comm *c, int ok)
{
    if (!c->handle)
        return ok;
    int all = 0;
    MPI_Allreduce(&ok, &all, 1, MPI_INT, MPI_MIN, *(MPI_Comm *)c->handle);
    return all;
}
