/* sched_simple.c: the simple dynamic mode (DVMH_SCHED_TECH=simple-dynamic,
 * sched_simple.h). The loops of one region share one split, re-balanced
 * at each exit of the region from the devices' times in its loops: loops
 * over the same data that were split differently would move rows between
 * the devices at every loop. A region with a loop that runs whole on one
 * device (an across loop along the split) tries once running all its
 * loops there, and keeps that when its entries are faster so. */
#include "sched_simple.h"
#include "alloc.h"
#include "context.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

/* Speeds kept per region and device: the split follows their median. */
#define SPEEDS 5
/* Entries timed with the balanced split before a one-device trial, and
 * entries of the trial. */
#define BALANCED_ENTRIES 3
#define TRIAL_ENTRIES 2

enum { BALANCING, TRYING_ONE, ON_ONE, BALANCED };

typedef struct region_split {
    const char *file;
    int line;
    bool has_split;
    double split[DEVICE_MAX];           /* over all devices; sums to 1 */
    /* per device: whole runs of the region's split loops per second, in
     * the last entries, newest at speed_count % SPEEDS */
    double speed[DEVICE_MAX][SPEEDS];
    int speed_count[DEVICE_MAX];
    /* this entry: per device, the seconds each split loop would take
     * whole on it (its piece's time over its share), summed; loops counted */
    double whole[DEVICE_MAX];
    int loops[DEVICE_MAX];
    unsigned devices;                   /* the devices of this entry's loops */
    /* the one-device trial: the device of its fixed loops (-1: none seen,
     * -2: several), the state, and the shortest entry under each */
    int fixed;
    int state, timed[2];
    double best[2];                     /* [0] balanced, [1] on the one device */
    double entered;
    struct region_split *next;
} region_split;

#define BUCKETS 64

static struct {
    region_split *regions[BUCKETS];
    region_split *now;                  /* the region entered; NULL outside */
} ss;

static region_split *region_of(const char *file, int line)
{
    unsigned b = ((unsigned)(uintptr_t)file * 31u + (unsigned)line) % BUCKETS;
    for (region_split *r = ss.regions[b]; r; r = r->next)
        if (r->line == line && (r->file == file || strcmp(r->file, file) == 0))
            return r;
    region_split *r = dvmh_xcalloc(1, sizeof *r);
    r->file = file;
    r->line = line;
    r->fixed = -1;
    r->next = ss.regions[b];
    ss.regions[b] = r;
    return r;
}

void ssimple_region_begin(const char *file, int line)
{
    region_split *r = ss.now = region_of(file, line);
    memset(r->whole, 0, sizeof r->whole);
    memset(r->loops, 0, sizeof r->loops);
    r->devices = 0;
    r->entered = dvmh_wtime();
}

void ssimple_fixed(int dev)
{
    region_split *r = ss.now;
    if (r)
        r->fixed = r->fixed == -1 || r->fixed == dev ? dev : -2;
}

/* The one-device trial's course at the end of an entry that took
 * seconds. */
static void trial_step(region_split *r, double seconds)
{
    if (r->state == ON_ONE || r->state == BALANCED || r->fixed < 0)
        return;
    int k = r->state == TRYING_ONE;
    if (r->timed[k] == 0 || seconds < r->best[k])
        r->best[k] = seconds;
    r->timed[k]++;
    if (r->state == BALANCING && r->timed[0] >= BALANCED_ENTRIES)
        r->state = TRYING_ONE;
    else if (r->state == TRYING_ONE && r->timed[1] >= TRIAL_ENTRIES)
        r->state = r->best[1] < r->best[0] ? ON_ONE : BALANCED;
}

/* The median of the device's last speeds: one entry disturbed by the
 * machine's other work does not upset the split, and a device that really
 * became slower shows within a few entries. */
static double recent_speed(const region_split *r, int dev)
{
    int n = r->speed_count[dev] < SPEEDS ? r->speed_count[dev] : SPEEDS;
    double v[SPEEDS];
    memcpy(v, r->speed[dev], sizeof v);
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && v[j - 1] > v[j]; j--) {
            double t = v[j];
            v[j] = v[j - 1];
            v[j - 1] = t;
        }
    return n == 0 ? 0 : n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

/* Half way from the split to the one the speeds give: the times are
 * noisy, and every change moves data between the devices. Within 3
 * points of it the split stays (nothing moves). */
static void rebalance(region_split *r)
{
    double speed[DEVICE_MAX] = {0}, total = 0, change = 0;
    for (int d = 0; d < DEVICE_MAX; d++)
        if (r->devices & (1u << d)) {
            if (!((speed[d] = recent_speed(r, d)) > 0))
                return;
            total += speed[d];
        }
    double prev_total = 0, next[DEVICE_MAX] = {0};
    for (int d = 0; d < DEVICE_MAX; d++)
        if (r->devices & (1u << d))
            prev_total += r->split[d];
    if (!(total > 0) || !(prev_total > 0))
        return;
    for (int d = 0; d < DEVICE_MAX; d++) {
        if (!(r->devices & (1u << d)))
            continue;
        double prev = r->split[d] / prev_total, delta = speed[d] / total - prev;
        change = fmax(change, fabs(delta));
        next[d] = (prev + 0.5 * delta) * prev_total;
    }
    if (change < 0.03)
        return;
    for (int d = 0; d < DEVICE_MAX; d++)
        if (r->devices & (1u << d))
            r->split[d] = next[d];
}

void ssimple_region_end(void)
{
    region_split *r = ss.now;
    ss.now = NULL;
    if (!r)
        return;
    trial_step(r, dvmh_wtime() - r->entered);
    if (!r->devices)
        return;
    /* every device must have run every split loop of the entry */
    int loops = 0;
    for (int d = 0; d < DEVICE_MAX; d++)
        loops = r->loops[d] > loops ? r->loops[d] : loops;
    for (int d = 0; d < DEVICE_MAX; d++)
        if ((r->devices & (1u << d)) && (r->loops[d] != loops || !(r->whole[d] > 0)))
            return;
    for (int d = 0; d < DEVICE_MAX; d++)
        if (r->devices & (1u << d))
            r->speed[d][r->speed_count[d]++ % SPEEDS] = 1.0 / r->whole[d];
    rebalance(r);
}

bool ssimple_split(const int *usable, int n, const double *weights, double *fraction)
{
    region_split *r = ss.now;
    if (!r)
        return false;
    double total = 0;
    if (!r->has_split) {
        /* the weights, each device getting at least a tenth of an equal
         * share so that it is timed */
        double sum = 0;
        for (int k = 0; k < n; k++)
            sum += weights[k] > 0 ? weights[k] : 0;
        for (int k = 0; k < n; k++) {
            double f = sum > 0 ? (weights[k] > 0 ? weights[k] : 0) / sum : 1.0 / n;
            r->split[usable[k]] = f > 0.1 / n ? f : 0.1 / n;
        }
        r->has_split = true;
    }
    if (r->state == TRYING_ONE || r->state == ON_ONE) {
        for (int k = 0; k < n; k++)
            fraction[k] = usable[k] == r->fixed;
        for (int k = 0; k < n; k++)
            if (usable[k] == r->fixed)
                return true;
        /* the loop cannot run there: the balanced split */
    }
    for (int k = 0; k < n; k++) {
        if (!(r->split[usable[k]] > 0)) /* a device new to the region */
            r->split[usable[k]] = 0.1 / n;
        total += fraction[k] = r->split[usable[k]];
    }
    for (int k = 0; k < n; k++)
        fraction[k] /= total;
    return true;
}

void ssimple_record(int n, const int *device, const double *share, const double *seconds)
{
    region_split *r = ss.now;
    if (!r || n < 2)
        return;
    for (int k = 0; k < n; k++)
        if (!(share[k] > 0))
            return;
    for (int k = 0; k < n; k++) {
        int d = device[k];
        r->devices |= 1u << d;
        r->whole[d] += seconds[k] / share[k];
        r->loops[d]++;
    }
}
