/* map_pool.h: processors kept as a list sorted by release time (the moment
 * each becomes free for good); the list schedulers place tasks on it. */
#ifndef MAP_POOL_H
#define MAP_POOL_H

typedef struct map_pool {
    int nprocs;
    double *release; /* ascending */
    int *proc;       /* processor number beside each release time */
    int *taken;      /* scratch of map_pool_take */
    double release_sum;
} map_pool;

int map_pool_init(map_pool *pool, int nprocs);
void map_pool_free(map_pool *pool);
/* Takes k processors free at x0, those released latest (so the ones free
 * longest stay available), busy until until; writes their numbers to out unless it is NULL. The
 * earliest moment k processors are free is release[k - 1]. */
void map_pool_take(map_pool *pool, double x0, int k, double until, int *out);

#endif
