/* loop_split.c: a parallel loop's local part cut into pieces, one per device. */
#include "loop.h"
#include "array.h"
#include "device.h"
#include "distrib.h"
#include "region.h"
#include "schedule.h"

#include <string.h>

/* The loop dimension split between devices: the one mapped to the
 * outermost dimension of the target (whole rows of the distributed
 * dimension), else of the first tied data; -1 when the loop cannot be
 * split (a written variable whose touched part the split does not divide). */
static int split_dimension(const dvmh_loop *l)
{
    int sd = -1;
    if (l->target) {
        int trank = object_rank(l->target);
        for (int k = 0; k < trank && sd < 0; k++)
            if (l->rules[k].kind == DVMH_RULE_LINEAR)
                sd = l->rules[k].dim;
    }
    for (int k = 0; k < l->data_count && sd < 0; k++)
        for (int x = 0; x < l->data[k].rank && sd < 0; x++)
            if (l->data[k].tied && l->data[k].map[x].kind == DVMH_RULE_LINEAR)
                sd = l->data[k].map[x].dim;
    if (sd < 0)
        return -1;
    dvmh_idx lo[DVMH_MAX_RANK], hi[DVMH_MAX_RANK];
    piece_iteration_range(l, l->first, l->last, lo, hi);
    if (lo[sd] < -LOOP_RANGE_UNKNOWN || hi[sd] > LOOP_RANGE_UNKNOWN)
        return -1;
    for (int k = 0; k < l->data_count; k++) {
        const loop_data *d = &l->data[k];
        if (!d->var)
            return -1;
        if (!(d->access & DVMH_WRITE))
            continue;
        bool divided = false;
        for (int x = 0; x < d->rank; x++)
            divided |= d->map[x].kind == DVMH_RULE_LINEAR && d->map[x].dim == sd &&
                       d->map[x].a != 0;
        if (!divided)
            return -1;
    }
    return sd;
}

/* Whether an across dependence of the loop runs along loop dimension sd
 * (or along a dimension the loop does not map: any). */
static bool across_along(const dvmh_loop *l, int sd)
{
    if (l->across_ordinary)
        return true;
    for (int x = 0; x < l->across_count; x++) {
        const loop_across *a = &l->acrosses[x];
        const loop_data *d = &l->data[a->data];
        for (int k = 0; k < d->rank; k++)
            if ((a->flow[k] != 0 || a->anti[k] != 0) &&
                (d->map[k].kind != DVMH_RULE_LINEAR || d->map[k].dim == sd))
                return true;
    }
    return false;
}

/* Pieces cut along loop dimension sd and run one after another keep the
 * loop's order when sd is its outermost dimension. Along an inner one
 * they run every outer iteration of the first piece before any of the
 * next, which is right only when no iteration reads data the loop writes
 * across the cut: A[i][j] = A[i+1][j+1] under a descending i, cut along
 * j, would read the next piece's new row before it exists. */
static bool order_kept(const dvmh_loop *l, int sd)
{
    if (sd == 0)
        return true;
    for (int k = 0; k < l->data_count; k++) {
        const loop_data *d = &l->data[k];
        if (!(d->access & DVMH_WRITE))
            continue;
        for (int x = 0; x < d->rank; x++)
            if (d->map[x].kind == DVMH_RULE_LINEAR && d->map[x].dim == sd &&
                (d->reach_dim[x] != sd || d->reach_lo[x] != 0 || d->reach_hi[x] != 0))
                return false;
    }
    return true;
}

/* The device to run a loop whose pieces would run one after another, or
 * -1 to split it all the same. Pieces sized by weight take each about
 * count/total of the time, n of them in turn n*count/total; the fastest
 * device alone count/max: better when max > total/n (it also saves the
 * edges' copies between the pieces, but it must get the others' parts:
 * with equal weights the split stays). The first of equals. */
static int one_device(const int *usable, int n)
{
    int best = usable[0];
    double total = 0;
    for (int k = 0; k < n; k++) {
        double w = schedule_weight(usable[k]);
        total += w;
        if (w > schedule_weight(best))
            best = usable[k];
    }
    return schedule_weight(best) * n > total * (1 + 1e-9) ? best : -1;
}

/* Single mode: the fastest of the devices (the first of equals). */
static int fastest(const int *usable, int n)
{
    int best = usable[0];
    for (int k = 1; k < n; k++)
        if (schedule_weight(usable[k]) > schedule_weight(best) * (1 + 1e-9))
            best = usable[k];
    return best;
}

/* The whole local part as the one piece of device dev. */
static int whole_on(dvmh_loop *l, int dev, loop_piece *pieces)
{
    pieces[0].device = dev;
    pieces[0].threads = 0;
    memcpy(pieces[0].first, l->first, sizeof l->first);
    memcpy(pieces[0].last, l->last, sizeof l->last);
    return 1;
}

/* Cuts dimension sd of the local part by the scheduler's fractions. */
static int cut(dvmh_loop *l, int sd, const int *usable, int n, loop_piece *pieces)
{
    dvmh_idx count = (l->last[sd] - l->first[sd]) / l->step[sd] + 1, done = 0;
    double work = 1;
    for (int d = 0; d < l->rank; d++)
        work *= (double)((l->last[d] - l->first[d]) / l->step[d] + 1);
    double fraction[DEVICE_MAX];
    int threads[DEVICE_MAX] = {0};
    schedule_split(l, usable, n, work, fraction, threads);
    double acc = 0;
    int made = 0;
    for (int k = 0; k < n; k++) {
        acc += fraction[k];
        dvmh_idx upto = k == n - 1 ? count : (dvmh_idx)((double)count * acc + 0.5);
        if (upto > count)
            upto = count;
        if (upto <= done)
            continue;
        loop_piece *p = &pieces[made++];
        p->device = usable[k];
        p->threads = threads[k];
        memcpy(p->first, l->first, sizeof l->first);
        memcpy(p->last, l->last, sizeof l->last);
        p->first[sd] = l->first[sd] + done * l->step[sd];
        p->last[sd] = l->first[sd] + (upto - 1) * l->step[sd];
        done = upto;
    }
    return made;
}

int piece_make(dvmh_loop *l, loop_piece *pieces)
{
    unsigned devices = region_devices();
    int usable[DEVICE_MAX], n = 0;
    /* memory the runtime does not track is host memory, and so are writes
     * through remote_access buffers: only the host can run such a loop
     * (buffers only read are copied to the devices); so is what the
     * functions it calls use (dvmh_loop_host_only) */
    bool known = !l->host_only;
    for (int k = 0; k < l->data_count; k++)
        known &= l->data[k].var != NULL &&
                 !(piece_buffer_view(l, k) && (l->data[k].access & DVMH_WRITE));
    /* the host's weight 0 (DVMH_CPU_PERF=0): only where nothing else can */
    bool host_works = device_get(0)->weight > 0;
    for (int d = 1; d < device_count(); d++)
        if ((devices & (1u << d)) && piece_handler(l, d) && known)
            usable[n++] = d;
    if ((devices & 1u) && (host_works || n == 0)) {
        memmove(usable + 1, usable, sizeof(int) * (size_t)n);
        usable[0] = 0;
        n++;
    }
    if (n == 0)
        usable[n++] = 0; /* outside regions, or nothing else can run it */
    if (n > 1 && schedule_mode() == SCHED_SINGLE) {
        double one = 1;
        usable[0] = fastest(usable, n);
        n = 1;
        schedule_split(l, usable, 1, 1, &one, NULL);
    }
    int sd = split_dimension(l);
    l->pieces_independent = !l->ordered;
    if (sd >= 0 && n > 1 && l->ordered && across_along(l, sd)) {
        /* the pieces would wait for each other, the devices never working
         * at the same time: the fastest alone when that is quicker, and
         * always when the pieces in turn would not keep the loop's order */
        int dev = order_kept(l, sd) ? one_device(usable, n) : fastest(usable, n);
        if (dev >= 0) {
            schedule_fixed(l, dev);
            return whole_on(l, dev, pieces);
        }
    } else if (sd >= 0) {
        l->pieces_independent = true; /* no dependence along the split */
    }
    if (sd < 0 || n == 1) {
        /* one device: the host when the region has it and it works */
        int dev = usable[0];
        if (n > 1 && (((devices & 1u) && host_works) || !known))
            dev = 0;
        if (!piece_handler(l, dev))
            dev = 0;
        if (n > 1)
            schedule_fixed(l, dev);
        return whole_on(l, dev, pieces);
    }
    return cut(l, sd, usable, n, pieces);
}
