/* map_prep.h: what the moldable algorithms precompute once per instance:
 * each task's useful allotments (the frontier: time strictly falling and
 * area rising as j grows) and the deadline lower bound. */
#ifndef MAP_PREP_H
#define MAP_PREP_H

#include "dvmh_map.h"

typedef struct map_prep {
    const dvmh_map_instance *inst;
    /* Task t's frontier has len[t] entries. A task whose whole range is the
     * frontier (time strictly falling, area never falling) keeps no list
     * (whole[t] = 1) and entry j is k = kmin + j; otherwise entry j is
     * ks[kofs[t] + j]. */
    int *len;
    int *kofs;
    int *ks;
    unsigned char *whole;
    double lb;
} map_prep;

/* Returns 0, or -1 when out of memory. */
int map_prep_init(map_prep *prep, const dvmh_map_instance *inst);
void map_prep_free(map_prep *prep);

static inline int map_front_len(const map_prep *prep, int t)
{
    return prep->len[t];
}

static inline int map_front_k(const map_prep *prep, int t, int j)
{
    return prep->whole[t] ? prep->inst->kmin[t] + j : prep->ks[prep->kofs[t] + j];
}

static inline double map_front_time(const map_prep *prep, int t, int j)
{
    return prep->inst->time[t][map_front_k(prep, t, j) - prep->inst->kmin[t]];
}

/* Index of the first frontier entry of t whose time is <= d (the fewest
 * processors, least area); the last entry (fastest) when none is. */
int map_front_within(const map_prep *prep, int t, double d);

#endif
