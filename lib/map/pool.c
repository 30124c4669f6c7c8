/* pool.c: the sorted list of processor release times (map_pool.h). Taking k
 * processors costs O(log M + k) plus the processors released between the
 * start and the end of the task, which slide down over the taken ones. */
#include "map_pool.h"

#include <stdlib.h>
#include <string.h>

int map_pool_init(map_pool *pool, int nprocs)
{
    pool->nprocs = nprocs;
    pool->release = calloc((size_t)nprocs, sizeof(double));
    pool->proc = malloc(sizeof(int) * (size_t)nprocs);
    pool->taken = malloc(sizeof(int) * (size_t)nprocs);
    pool->release_sum = 0;
    if (!pool->release || !pool->proc || !pool->taken) {
        map_pool_free(pool);
        return -1;
    }
    for (int p = 0; p < nprocs; p++)
        pool->proc[p] = p;
    return 0;
}

void map_pool_free(map_pool *pool)
{
    free(pool->release);
    free(pool->proc);
    free(pool->taken);
    pool->release = NULL;
    pool->proc = NULL;
    pool->taken = NULL;
}

/* First position at or after from whose release is later than x. */
static int map_pool_after(const map_pool *pool, int from, double x)
{
    int lo = from, hi = pool->nprocs;
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        if (pool->release[mid] <= x)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

void map_pool_take(map_pool *pool, double x0, int k, double until, int *out)
{
    int free_now = map_pool_after(pool, 0, x0);
    int first = free_now - k;
    for (int i = 0; i < k; i++) {
        pool->taken[i] = pool->proc[first + i];
        pool->release_sum += until - pool->release[first + i];
    }
    if (out)
        memcpy(out, pool->taken, sizeof(int) * (size_t)k);
    /* Only the processors released between x0 and until move: they slide
     * down over the taken ones, which go in after them. */
    int pos = map_pool_after(pool, free_now, until);
    memmove(pool->release + first, pool->release + free_now,
            sizeof(double) * (size_t)(pos - free_now));
    memmove(pool->proc + first, pool->proc + free_now, sizeof(int) * (size_t)(pos - free_now));
    for (int i = 0; i < k; i++) {
        pool->release[pos - k + i] = until;
        pool->proc[pos - k + i] = pool->taken[i];
    }
}
