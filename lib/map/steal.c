/* steal.c: Algorithm W, dvmh_parallel_reduce: the initial splits, the
 * queue of partial results and the worker thread; the queue of ranges is
 * steal_queue.c, stealing between processes steal_mpi.c. */
#include "steal.h"

#include <stdlib.h>
#include <string.h>

/* The split point of [lo, hi), or lo when it is indivisible. */
static long long steal_split(const dvmh_reduce_ops *ops, long long lo, long long hi)
{
    long long mid = ops->split ? ops->split(lo, hi, ops->user) : lo + (hi - lo) / 2;
    return mid > lo && mid < hi ? mid : lo;
}

/* Adds a computed part, merging it with the parts it touches (results of
 * adjacent ranges, in range order). Lock held. */
static int steal_add_part(steal_work *w, steal_part p)
{
    const dvmh_reduce_ops *ops = w->ops;
    int pos = 0;
    while (pos < w->nparts && w->parts[pos].lo < p.lo)
        pos++;
    if (pos > 0 && w->parts[pos - 1].hi == p.lo) {
        steal_part *left = &w->parts[pos - 1];
        ops->merge(left->result, p.result, ops->user);
        left->hi = p.hi;
        free(p.result);
        pos--;
    } else {
        if (w->nparts == w->partcap) {
            int cap = 2 * w->partcap + 8;
            steal_part *grown = realloc(w->parts, sizeof(steal_part) * (size_t)cap);
            if (!grown)
                return -1;
            w->parts = grown;
            w->partcap = cap;
        }
        memmove(w->parts + pos + 1, w->parts + pos, sizeof(steal_part) * (size_t)(w->nparts - pos));
        w->parts[pos] = p;
        w->nparts++;
    }
    if (pos + 1 < w->nparts && w->parts[pos].hi == w->parts[pos + 1].lo) {
        ops->merge(w->parts[pos].result, w->parts[pos + 1].result, ops->user);
        w->parts[pos].hi = w->parts[pos + 1].hi;
        free(w->parts[pos + 1].result);
        memmove(w->parts + pos + 1, w->parts + pos + 2,
                sizeof(steal_part) * (size_t)(w->nparts - pos - 2));
        w->nparts--;
    }
    return 0;
}

/* The worker: takes ranges from the front; when it takes the last one and
 * others may steal, it keeps the first half and leaves the second in the
 * queue. Stops when the queue is empty and finished is set. */
static void *steal_worker(void *arg)
{
    steal_work *w = arg;
    const dvmh_reduce_ops *ops = w->ops;
    pthread_mutex_lock(&w->lock);
    for (;;) {
        steal_range r;
        while (!w->count && !w->finished)
            pthread_cond_wait(&w->wake, &w->lock);
        if (!steal_pop_front(w, &r))
            break;
        if (!w->count && w->split_last) {
            long long mid = steal_split(ops, r.lo, r.hi);
            if (mid > r.lo && !steal_push_back(w, (steal_range){mid, r.hi}))
                r.hi = mid;
        }
        w->busy = 1;
        pthread_mutex_unlock(&w->lock);
        steal_part p = {r.lo, r.hi, malloc(ops->result_size ? ops->result_size : 1)};
        if (p.result)
            ops->compute(r.lo, r.hi, p.result, ops->user);
        pthread_mutex_lock(&w->lock);
        if (!p.result || steal_add_part(w, p)) {
            free(p.result);
            w->failed = 1;
        }
        w->stats.computed++;
        w->done += r.hi - r.lo;
        w->busy = 0;
    }
    pthread_mutex_unlock(&w->lock);
    return NULL;
}

/* The initial parts, ascending, each with its process. */
typedef struct steal_owned {
    long long lo, hi;
    int owner;
} steal_owned;

static int steal_cmp_lo(const void *a, const void *b)
{
    const steal_owned *x = a, *y = b;
    return (x->lo > y->lo) - (x->lo < y->lo);
}

static int steal_cmp_len_desc(const void *a, const void *b)
{
    const steal_owned *x = a, *y = b;
    long long lx = x->hi - x->lo, ly = y->hi - y->lo;
    if (lx != ly)
        return (lx < ly) - (lx > ly);
    return (x->lo > y->lo) - (x->lo < y->lo);
}

typedef struct steal_list {
    steal_owned *at;
    int n, cap;
} steal_list;

static int steal_list_add(steal_list *l, long long lo, long long hi, int owner)
{
    if (l->n == l->cap) {
        int cap = 2 * l->cap + 16;
        steal_owned *grown = realloc(l->at, sizeof(steal_owned) * (size_t)cap);
        if (!grown)
            return -1;
        l->at = grown;
        l->cap = cap;
    }
    l->at[l->n++] = (steal_owned){lo, hi, owner};
    return 0;
}

/* Splits the largest divisible part until there are want parts or none
 * divides. */
static int steal_split_largest(const dvmh_reduce_ops *ops, steal_list *l, int want)
{
    while (l->n < want) {
        int pick = -1;
        for (int i = 0; i < l->n; i++)
            if (l->at[i].owner != -2 &&
                (pick < 0 || l->at[i].hi - l->at[i].lo > l->at[pick].hi - l->at[pick].lo))
                pick = i;
        if (pick < 0)
            break;
        long long mid = steal_split(ops, l->at[pick].lo, l->at[pick].hi);
        if (mid == l->at[pick].lo) {
            l->at[pick].owner = -2; /* indivisible */
            continue;
        }
        long long hi = l->at[pick].hi;
        l->at[pick].hi = mid;
        if (steal_list_add(l, mid, hi, -1))
            return -1;
    }
    return 0;
}

/* Halves every divisible part of the pool, whole rounds at a time (parts
 * stay equal), until it holds want parts or nothing divides. */
static int steal_halve_all(const dvmh_reduce_ops *ops, steal_list *l, int want)
{
    while (l->n < want) {
        int n = l->n, divided = 0;
        for (int i = 0; i < n; i++) {
            long long mid = steal_split(ops, l->at[i].lo, l->at[i].hi);
            if (mid == l->at[i].lo)
                continue;
            long long hi = l->at[i].hi;
            l->at[i].hi = mid;
            if (steal_list_add(l, mid, hi, -1))
                return -1;
            divided = 1;
        }
        if (!divided)
            break;
    }
    return 0;
}

static int steal_initial(const dvmh_reduce_ops *ops, long long lo, long long hi,
                         dvmh_split_mode mode, int size, steal_list *out)
{
    steal_list pool = {0};
    int status = steal_list_add(&pool, lo, hi, -1);
    if (!status && mode != DVMH_SPLIT_ADAPTIVE) {
        long long want = mode == DVMH_SPLIT_MID ? (long long)size * size : size;
        status = steal_split_largest(ops, &pool, want > 1 << 20 ? 1 << 20 : (int)want);
        qsort(pool.at, (size_t)pool.n, sizeof *pool.at, steal_cmp_lo);
        for (int i = 0; i < pool.n && !status; i++)
            status = steal_list_add(out, pool.at[i].lo, pool.at[i].hi, i % size);
    }
    if (!status && mode == DVMH_SPLIT_ADAPTIVE) {
        long long *load = calloc((size_t)size, sizeof(long long));
        status = load ? 0 : -1;
        while (!status && pool.n > 0) {
            status = steal_halve_all(ops, &pool, size);
            qsort(pool.at, (size_t)pool.n, sizeof *pool.at, steal_cmp_len_desc);
            int give = pool.n < size ? pool.n : size;
            for (int i = 0; i < give && !status; i++) {
                int least = 0;
                for (int p = 1; p < size; p++)
                    if (load[p] < load[least])
                        least = p;
                load[least] += pool.at[i].hi - pool.at[i].lo;
                status = steal_list_add(out, pool.at[i].lo, pool.at[i].hi, least);
            }
            memmove(pool.at, pool.at + give, sizeof(steal_owned) * (size_t)(pool.n - give));
            pool.n -= give;
        }
        free(load);
        qsort(out->at, (size_t)out->n, sizeof *out->at, steal_cmp_lo);
    }
    free(pool.at);
    return status;
}

/* Every process's parts as (lo, hi, result) records, merged in range order
 * into result; -1 when they do not cover [lo, hi) exactly. */
static int steal_combine(steal_comm *c, steal_work *w, long long lo, long long hi, void *result)
{
    const dvmh_reduce_ops *ops = w->ops;
    size_t rec = 2 * sizeof(long long) + ops->result_size;
    unsigned char *mine = malloc(rec * (size_t)w->nparts + 1);
    if (!mine)
        return -1;
    for (int i = 0; i < w->nparts; i++) {
        unsigned char *at = mine + rec * (size_t)i;
        memcpy(at, &w->parts[i].lo, sizeof(long long));
        memcpy(at + sizeof(long long), &w->parts[i].hi, sizeof(long long));
        memcpy(at + 2 * sizeof(long long), w->parts[i].result, ops->result_size);
    }
    void *all;
    long long all_bytes;
    int status = steal_comm_gather(c, mine, (long long)(rec * (size_t)w->nparts), &all, &all_bytes);
    free(mine);
    if (status)
        return -1;
    size_t n = (size_t)all_bytes / rec;
    steal_owned *order = malloc(sizeof(steal_owned) * (n + 1));
    if (!order) {
        free(all);
        return -1;
    }
    for (size_t i = 0; i < n; i++) {
        memcpy(&order[i].lo, (unsigned char *)all + rec * i, sizeof(long long));
        memcpy(&order[i].hi, (unsigned char *)all + rec * i + sizeof(long long), sizeof(long long));
        order[i].owner = (int)i; /* record number */
    }
    qsort(order, n, sizeof *order, steal_cmp_lo);
    long long at = lo;
    for (size_t i = 0; i < n && !status; i++) {
        const unsigned char *res =
            (unsigned char *)all + rec * (size_t)order[i].owner + 2 * sizeof(long long);
        if (order[i].lo != at)
            status = -1;
        else if (i == 0)
            memcpy(result, res, ops->result_size);
        else
            ops->merge(result, res, ops->user);
        at = order[i].hi;
    }
    if (at != hi || n == 0)
        status = -1;
    free(order);
    free(all);
    return status;
}

int dvmh_parallel_reduce(long long lo, long long hi, const dvmh_reduce_ops *ops,
                         dvmh_split_mode mode, void *result, dvmh_reduce_stats *stats)
{
    if (!ops || !ops->compute || !ops->merge || !result || mode < DVMH_SPLIT_LARGEST ||
        mode > DVMH_SPLIT_ADAPTIVE)
        return -1;
    steal_comm c;
    if (steal_comm_open(&c))
        return -1;
    steal_work w;
    memset(&w, 0, sizeof w);
    w.ops = ops;
    w.stats.processes = c.size;
    w.split_last = c.size > 1;
    if (hi <= lo) {
        /* Nothing to share: the empty range's own result everywhere. */
        ops->compute(lo, hi, result, ops->user);
        steal_comm_close(&c);
        if (stats)
            *stats = w.stats;
        return 0;
    }
    steal_list parts = {0};
    int status = steal_initial(ops, lo, hi, mode, c.size, &parts);
    for (int i = 0; i < parts.n && !status; i++)
        if (parts.at[i].owner == c.rank) {
            status = steal_push_back(&w, (steal_range){parts.at[i].lo, parts.at[i].hi});
            w.stats.initial_parts++;
        }
    free(parts.at);
    pthread_mutex_init(&w.lock, NULL);
    pthread_cond_init(&w.wake, NULL);
    if (!status && c.size == 1) {
        w.finished = 1;
        steal_worker(&w);
    } else if (!status) {
        pthread_t worker;
        int threaded = !pthread_create(&worker, NULL, steal_worker, &w);
        if (!threaded) {
            /* No thread: the own parts are computed here, and the balancing
             * only serves the others and counts. */
            w.split_last = 0;
            w.finished = 1;
            steal_worker(&w);
            w.no_stealing = 1;
        }
        steal_comm_balance(&c, &w, hi - lo);
        pthread_mutex_lock(&w.lock);
        w.finished = 1;
        pthread_cond_broadcast(&w.wake);
        pthread_mutex_unlock(&w.lock);
        if (threaded)
            pthread_join(worker, NULL);
    }
    status = steal_comm_all(&c, !status && !w.failed) ? 0 : -1;
    if (!status)
        status = steal_combine(&c, &w, lo, hi, result);
    for (int i = 0; i < w.nparts; i++)
        free(w.parts[i].result);
    free(w.parts);
    free(w.queue);
    pthread_mutex_destroy(&w.lock);
    pthread_cond_destroy(&w.wake);
    steal_comm_close(&c);
    if (stats)
        *stats = w.stats;
    return status;
}
