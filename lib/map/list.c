/* list.c: list scheduling of fixed allotments on the pool of release times
 * (map_list.h): O(N log M + sum k) plus the slides of the pool. */
#include "map_list.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int map_list_init(map_list *ls, const map_prep *prep)
{
    ls->prep = prep;
    ls->chosen = malloc(sizeof(int) * (size_t)prep->inst->nprocs);
    if (!ls->chosen || map_pool_init(&ls->pool, prep->inst->nprocs)) {
        free(ls->chosen);
        ls->chosen = NULL;
        return -1;
    }
    return 0;
}

void map_list_free(map_list *ls)
{
    map_pool_free(&ls->pool);
    free(ls->chosen);
    ls->chosen = NULL;
}

double map_list_run(map_list *ls, const int *alloc, const int *order, double *start, int *critical,
                    dvmh_map_schedule *s)
{
    const map_prep *prep = ls->prep;
    map_pool *pool = &ls->pool;
    int n = prep->inst->ntasks;
    for (int p = 0; p < pool->nprocs; p++) {
        pool->release[p] = 0;
        pool->proc[p] = p;
    }
    pool->release_sum = 0;
    double makespan = 0;
    int last = n > 0 ? order[0] : -1;
    for (int i = 0; i < n; i++) {
        int t = order[i];
        int k = map_front_k(prep, t, alloc[t]);
        double len = map_front_time(prep, t, alloc[t]);
        double x0 = pool->release[k - 1];
        map_pool_take(pool, x0, k, x0 + len, s ? ls->chosen : NULL);
        if (s)
            dvmh_map_schedule_set(s, t, x0, k, ls->chosen);
        if (start)
            start[t] = x0;
        if (x0 + len > makespan) {
            makespan = x0 + len;
            last = t;
        }
    }
    if (critical)
        *critical = last;
    if (s)
        s->makespan = makespan;
    return makespan;
}

typedef struct map_keyed {
    double key;
    int task;
} map_keyed;

static int map_cmp_keyed_desc(const void *a, const void *b)
{
    const map_keyed *x = a, *y = b;
    if (x->key != y->key)
        return (x->key < y->key) - (x->key > y->key);
    return x->task - y->task;
}

static int map_order_small(int n, const double *key, int *order)
{
    map_keyed *keyed = malloc(sizeof(map_keyed) * (size_t)(n > 0 ? n : 1));
    if (!keyed)
        return -1;
    for (int t = 0; t < n; t++)
        keyed[t] = (map_keyed){key[t], t};
    qsort(keyed, (size_t)n, sizeof *keyed, map_cmp_keyed_desc);
    for (int i = 0; i < n; i++)
        order[i] = keyed[i].task;
    free(keyed);
    return 0;
}

/* Large lists: least significant digit radix sort on the keys' bits
 * (non-negative doubles order as their bit patterns), 16 bits a pass;
 * stable, so equal keys keep the lower task first, as in the small case. */
int map_list_order(int n, const double *key, int *order)
{
    if (n < 2048)
        return map_order_small(n, key, order);
    size_t sz = (size_t)(n > 0 ? n : 1);
    uint64_t *bits = malloc(sizeof(uint64_t) * sz * 2);
    int *other = malloc(sizeof(int) * sz);
    unsigned *count = malloc(sizeof(unsigned) * 65536);
    if (!bits || !other || !count) {
        free(bits);
        free(other);
        free(count);
        return -1;
    }
    uint64_t *tmp = bits + sz;
    for (int t = 0; t < n; t++) {
        double k = key[t] > 0 ? key[t] : 0;
        memcpy(&bits[t], &k, sizeof k);
        bits[t] = ~bits[t]; /* decreasing */
        order[t] = t;
    }
    int *src = order, *dst = other;
    uint64_t *ksrc = bits, *kdst = tmp;
    for (int shift = 0; shift < 64; shift += 16) {
        memset(count, 0, sizeof(unsigned) * 65536);
        for (int i = 0; i < n; i++)
            count[(ksrc[i] >> shift) & 0xffff]++;
        if (count[(ksrc[0] >> shift) & 0xffff] == (unsigned)n)
            continue; /* one digit for all: the pass changes nothing */
        unsigned sum = 0;
        for (int d = 0; d < 65536; d++) {
            unsigned c = count[d];
            count[d] = sum;
            sum += c;
        }
        for (int i = 0; i < n; i++) {
            unsigned pos = count[(ksrc[i] >> shift) & 0xffff]++;
            kdst[pos] = ksrc[i];
            dst[pos] = src[i];
        }
        int *x = src;
        src = dst;
        dst = x;
        uint64_t *y = ksrc;
        ksrc = kdst;
        kdst = y;
    }
    if (src != order)
        memcpy(order, src, sizeof(int) * sz);
    free(bits);
    free(other);
    free(count);
    return 0;
}
