/* pool.c: the sorted list of processor release times (map_pool.h). Every
 * operation is O(M), which keeps the list schedulers at O(N(N+M)). */
#include "map_pool.h"

#include <stdlib.h>
#include <string.h>

int map_pool_init(map_pool *pool, int nprocs)
{
    pool->nprocs = nprocs;
    pool->release = calloc((size_t)nprocs, sizeof(double));
    pool->proc = malloc(sizeof(int) * (size_t)nprocs);
    pool->release_sum = 0;
    if (!pool->release || !pool->proc) {
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
    pool->release = NULL;
    pool->proc = NULL;
}

int map_pool_free_at(const map_pool *pool, double x)
{
    int lo = 0, hi = pool->nprocs;
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
    int j = map_pool_free_at(pool, x0);
    int first = j - k;
    for (int i = 0; i < k; i++) {
        out[i] = pool->proc[first + i];
        pool->release_sum += until - pool->release[first + i];
    }
    /* Close the gap, then open k slots where 'until' belongs. */
    memmove(pool->release + first, pool->release + j, sizeof(double) * (size_t)(pool->nprocs - j));
    memmove(pool->proc + first, pool->proc + j, sizeof(int) * (size_t)(pool->nprocs - j));
    int rest = pool->nprocs - k;
    int pos = first;
    while (pos < rest && pool->release[pos] <= until)
        pos++;
    memmove(pool->release + pos + k, pool->release + pos, sizeof(double) * (size_t)(rest - pos));
    memmove(pool->proc + pos + k, pool->proc + pos, sizeof(int) * (size_t)(rest - pos));
    for (int i = 0; i < k; i++) {
        pool->release[pos + i] = until;
        pool->proc[pos + i] = out[i];
    }
}
