/* shadow.c: renewing shadow edges and filling remote_access buffers of
 * distributed arrays between processes (comm.h), as fetches of the boxes
 * each process needs from their owners: only the edge boxes move. */
#include "../alloc.h"
#include "../array.h"
#include "../comm.h"
#include "mpi_comm.h"

#include <stdlib.h>
#include <string.h>

/* Shadow renewal inside a loop repeats the same exchange, so its plans are
 * kept for the last few arrays. A kept plan is used only if every process
 * still has the key it had when the plan was made: one small reduction of
 * the keys' hashes tells all processes together, so they all use their
 * plans or all plan anew (and never wait for each other in between). */
enum { SHADOW_PLANS = 8 };

typedef struct shadow_key {
    const dvmh_array *array;
    const void *host_data;
    int rank, corner;
    dvmh_idx size[DVMH_MAX_RANK];
    dvmh_idx own_lo[DVMH_MAX_RANK], own_hi[DVMH_MAX_RANK];
    dvmh_idx alloc_lo[DVMH_MAX_RANK], alloc_hi[DVMH_MAX_RANK];
    dvmh_idx width_lo[DVMH_MAX_RANK], width_hi[DVMH_MAX_RANK];
} shadow_key;

typedef struct shadow_plan {
    bool used;
    shadow_key key;
    uint64_t all_keys;          /* combined hashes of every process's key */
    mpi_fetch_plan plan;
} shadow_plan;

static struct {
    shadow_plan plans[SHADOW_PLANS];
    int next;
} shadow_cache;

static uint64_t shadow_key_hash(const shadow_key *key)
{
    /* FNV-1a over the key's bytes (the key is zeroed before filling). */
    const unsigned char *p = (const unsigned char *)key;
    uint64_t h = 1469598103934665603ull;
    for (size_t k = 0; k < sizeof *key; k++)
        h = (h ^ p[k]) * 1099511628211ull;
    return h;
}

/* Every process's value, weighted by its rank, summed. */
static uint64_t shadow_combine(uint64_t value)
{
    int rank;
    MPI_Comm_rank(mpi_world(), &rank);
    uint64_t mine = value * (2 * (uint64_t)rank + 1), all = 0;
    MPI_Allreduce(&mine, &all, 1, MPI_UINT64_T, MPI_SUM, mpi_world());
    return all;
}

/* Widths of the shadow edges actually allocated around the owned box. */
static void allocated_widths(const dvmh_array *a, dvmh_idx *lo, dvmh_idx *hi)
{
    for (int d = 0; d < a->head.rank; d++) {
        lo[d] = a->head.own_lo[d] - a->alloc_lo[d];
        hi[d] = a->alloc_hi[d] - a->head.own_hi[d];
    }
}

/* The edge boxes around the owned box: every combination of below / inside
 * / above per dimension except all-inside; with corner == 0 only the faces
 * (one dimension outside). Clipped to the array. Returns how many. */
static int shadow_boxes(const dvmh_array *a, const dvmh_idx *width_lo, const dvmh_idx *width_hi,
                        int corner, dvmh_idx *boxes)
{
    int r = a->head.rank, count = 0, combinations = 1;
    for (int d = 0; d < r; d++)
        combinations *= 3;
    for (int code = 0; code < combinations; code++) {
        int outside = 0, c = code;
        dvmh_idx *lo = boxes + 2 * r * count, *hi = lo + r;
        bool empty = false;
        for (int d = r - 1; d >= 0; d--, c /= 3) {
            dvmh_idx own_lo = a->head.own_lo[d], own_hi = a->head.own_hi[d];
            switch (c % 3) {
            case 0: lo[d] = own_lo - width_lo[d]; hi[d] = own_lo - 1; outside++; break;
            case 1: lo[d] = own_lo; hi[d] = own_hi; break;
            default: lo[d] = own_hi + 1; hi[d] = own_hi + width_hi[d]; outside++; break;
            }
            if (lo[d] < 0)
                lo[d] = 0;
            if (hi[d] > a->size[d] - 1)
                hi[d] = a->size[d] - 1;
            empty |= lo[d] > hi[d];
        }
        if (outside == 0 || empty || (!corner && outside > 1))
            continue;
        count++;
    }
    return count;
}

static mpi_fetch_dest host_dest(const dvmh_array *a)
{
    mpi_fetch_dest dest = {a->head.host_data, {0}, {0}, 0};
    for (int d = 0; d < a->head.rank; d++) {
        dest.origin[d] = a->alloc_lo[d];
        dest.stride[d] = a->head.stride[d];
    }
    return dest;
}

static void shadow_plan_make(mpi_fetch_plan *plan, dvmh_array *a, const shadow_key *key)
{
    int r = a->head.rank, combinations = 1;
    for (int d = 0; d < r; d++)
        combinations *= 3;
    bool empty = false;
    for (int d = 0; d < r; d++)
        empty |= a->head.own_lo[d] > a->head.own_hi[d];
    dvmh_idx *boxes = dvmh_xmalloc(sizeof(dvmh_idx) * 2 * (size_t)r * (size_t)combinations);
    mpi_fetch_dest *dests = dvmh_xmalloc(sizeof(mpi_fetch_dest) * (size_t)combinations);
    int count = empty ? 0 : shadow_boxes(a, key->width_lo, key->width_hi, key->corner, boxes);
    for (int k = 0; k < count; k++)
        dests[k] = host_dest(a);
    mpi_fetch_plan_make(plan, a, count, boxes, dests);
    free(boxes);
    free(dests);
}

size_t mpi_layer_shadow_renew(dvmh_array *a, const dvmh_idx *lo, const dvmh_idx *hi, int corner)
{
    comm_check_array(a, "shadow renewal");
    shadow_key key;
    memset(&key, 0, sizeof key);
    key.array = a;
    key.host_data = a->head.host_data;
    key.rank = a->head.rank;
    key.corner = corner != 0;
    allocated_widths(a, key.width_lo, key.width_hi);
    for (int d = 0; d < key.rank; d++) {
        key.size[d] = a->size[d];
        key.own_lo[d] = a->head.own_lo[d];
        key.own_hi[d] = a->head.own_hi[d];
        key.alloc_lo[d] = a->alloc_lo[d];
        key.alloc_hi[d] = a->alloc_hi[d];
        if (lo && lo[d] < key.width_lo[d])
            key.width_lo[d] = lo[d];
        if (hi && hi[d] < key.width_hi[d])
            key.width_hi[d] = hi[d];
    }
    uint64_t hash = shadow_key_hash(&key);
    int slot = -1;
    for (int k = 0; k < SHADOW_PLANS && slot < 0; k++)
        if (shadow_cache.plans[k].used && !memcmp(&shadow_cache.plans[k].key, &key, sizeof key))
            slot = k;
    /* A process without the plan contributes another value, so that the
     * sum differs from the kept one everywhere. */
    uint64_t all = shadow_combine(slot >= 0 ? hash : ~hash);
    if (slot >= 0 && all == shadow_cache.plans[slot].all_keys)
        return mpi_fetch_plan_run(&shadow_cache.plans[slot].plan);

    /* Every process makes the plan now: each takes the same next slot,
     * so that the caches stay alike (a process's own stale match is
     * dropped rather than reused: reusing it would leave the processes'
     * round-robin counters apart, and later a plan kept on one process
     * but evicted on another) */
    if (slot >= 0 && shadow_cache.plans[slot].used) {
        mpi_fetch_plan_free(&shadow_cache.plans[slot].plan);
        shadow_cache.plans[slot].used = false;
    }
    slot = shadow_cache.next++ % SHADOW_PLANS;
    shadow_plan *kept = &shadow_cache.plans[slot];
    if (kept->used)
        mpi_fetch_plan_free(&kept->plan);
    kept->used = true;
    kept->key = key;
    shadow_plan_make(&kept->plan, a, &key);
    kept->all_keys = shadow_combine(hash);
    return mpi_fetch_plan_run(&kept->plan);
}

/* The plans of an array that goes away: a new array at its address (and
 * its data at the same address) would find them on the processes where
 * malloc gave the same addresses, and only there; processes whose kept
 * plans were made in different rounds could then disagree on whether to
 * make a new one (a hang in the next shadow_renew). */
void mpi_layer_array_gone(const dvmh_array *a)
{
    for (int k = 0; k < SHADOW_PLANS; k++) {
        shadow_plan *p = &shadow_cache.plans[k];
        if (p->used && p->key.array == a) {
            mpi_fetch_plan_free(&p->plan);
            p->used = false;
        }
    }
}

size_t mpi_layer_fetch_box(dvmh_array *a, const dvmh_idx *lo, const dvmh_idx *hi, void *dst)
{
    comm_check_array(a, "a fetch of remote elements");
    int r = a->head.rank;
    dvmh_idx box[2 * DVMH_MAX_RANK];
    mpi_fetch_dest dest = {dst, {0}, {0}, 0};
    bool empty = false;
    dvmh_idx stride = 1;
    for (int d = r - 1; d >= 0; d--) {
        box[d] = lo[d];
        box[r + d] = hi[d];
        empty |= lo[d] > hi[d];
        dest.origin[d] = lo[d];
        dest.stride[d] = stride;
        stride *= hi[d] - lo[d] + 1;
    }
    return mpi_fetch(a, empty ? 0 : 1, box, &dest);
}
