/* schedule.c: the scheduling modes (schedule.h): the static weights (given
 * or measured), the single device, and the history of each loop's splits
 * for DVMH_STATS. Simple dynamic balancing per region is sched_simple.c;
 * the dynamic and scheme modes go through schedule_dyn.c. */
#include "schedule.h"
#include "alloc.h"
#include "comm.h"
#include "context.h"
#include "device.h"
#include "env.h"
#include "loop.h"
#include "sched_simple.h"
#include "schedule_dyn.h"
#include "trace.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char *const mode_names[] = {"single", "static", "simple-dynamic", "dynamic",
                                         "scheme", NULL};

/* Splits kept per loop for the statistics: runs 1..4, then 8, 16, 32, ... */
#define HISTORY 24

typedef struct split_record {
    long run;
    const char *source;
    float fraction[DEVICE_MAX];
} split_record;

/* What the scheduler knows of one parallel loop (by source line). */
typedef struct sched_site {
    const char *file;
    int line;
    long runs;
    split_record history[HISTORY];
    int history_count;
    split_record last;
    struct sched_site *next;
} sched_site;

#define SITE_BUCKETS 256

static struct {
    int mode;
    const char *path;
    bool measured;
    sched_site *sites[SITE_BUCKETS];
    const dvmh_loop *dyn_split;     /* the loop the model split last (until recorded) */
    const dvmh_loop *simple_split;  /* simple dynamic: the loop split last */
    int simple_n;                   /* and among how many devices */
} sch = {.mode = SCHED_STATIC};

void schedule_check_env(void)
{
    sch.mode = env_choice_index("DVMH_SCHED_TECH", mode_names, SCHED_STATIC);
    const char *path = getenv("DVMH_SCHED_FILE");
    sch.path = path && *path ? path : NULL;
    if (sch.mode == SCHED_SCHEME && !sch.path)
        dvmh_fatal(NULL, 0, "DVMH_SCHED_TECH=scheme needs DVMH_SCHED_FILE (the scheme to apply)");
    /* the syntax; the count of values is checked when the devices open */
    env_number_at("DVMH_EMU_SLOWDOWN", 0, -1, 1.0, 1.0, true,
                  "a slowdown (a number >= 1, or a comma list of them)");
}

void schedule_start(void)
{
    if (sch.mode == SCHED_DYNAMIC || sch.mode == SCHED_SCHEME)
        sdyn_start(sch.mode, sch.path);
}

void schedule_finish(void)
{
    if (sch.mode == SCHED_DYNAMIC || sch.mode == SCHED_SCHEME)
        sdyn_finish();
    /* the loops' records stay for the statistics, printed next */
}

int schedule_mode(void)
{
    return sch.mode;
}

const char *schedule_mode_name(void)
{
    return mode_names[sch.mode];
}

/* ---- static weights, measured when none is given ---- */

static volatile double speed_sink;

/* A fixed amount of dependent floating-point work (about a millisecond on
 * a current core), the same on every device that runs host handlers. */
static void speed_kernel(dvmh_piece *p)
{
    (void)p;
    double x = 1.0;
    for (long i = 0; i < 400000; i++)
        x = x * 1.0000001 + 1e-9;
    speed_sink = x;
}

/* Seconds of the kernel on dev: the least of a few runs. CUDA devices have
 * no host handler to run it: 0 (unknown). */
static double kernel_seconds(device *d)
{
    if (d->handler_kind != DVMH_DEV_HOST)
        return 0;
    double best = 1e30;
    for (int r = 0; r < 3; r++) {
        dvmh_piece p;
        memset(&p, 0, sizeof p);
        device_piece dp = {0};
        double t0 = dvmh_wtime();
        d->piece_seconds = -1;
        d->ops->run(d, speed_kernel, &p, &dp);
        d->ops->sync(d);
        double t = d->piece_seconds >= 0 ? d->piece_seconds : dvmh_wtime() - t0;
        if (t < best)
            best = t;
    }
    return best;
}

/* Speeds relative to the host's. Within a factor of sqrt(2) of the host's
 * a device counts as equal (the measurement is rough: a loaded machine
 * must not make equal devices look different); beyond, two significant
 * digits. */
static void measure_weights(void)
{
    sch.measured = true;
    double host = kernel_seconds(device_get(0));
    double t0 = dvmh_wtime();
    for (int k = 1; k < device_count(); k++) {
        device *d = device_get(k);
        double t = kernel_seconds(d);
        if (t <= 0 || host <= 0)
            continue;
        double r = host / t;
        if (fabs(log2(r)) < 0.5)
            r = 1;
        else
            r = round(r * pow(10, 1 - floor(log10(r)))) / pow(10, 1 - floor(log10(r)));
        d->weight = r;
    }
    trace_op("measure devices", t0, 0);
}

double schedule_weight(int dev)
{
    device *d = device_get(dev);
    if (!d->weight_given && !sch.measured && device_count() > 1)
        measure_weights();
    return d->weight;
}

/* ---- the loops' records ---- */

static sched_site *site_of(const char *file, int line)
{
    unsigned b = ((unsigned)(uintptr_t)file * 31u + (unsigned)line) % SITE_BUCKETS;
    for (sched_site *s = sch.sites[b]; s; s = s->next)
        if (s->line == line && (s->file == file || strcmp(s->file, file) == 0))
            return s;
    sched_site *s = dvmh_xcalloc(1, sizeof *s);
    s->file = file;
    s->line = line;
    s->next = sch.sites[b];
    sch.sites[b] = s;
    return s;
}

static void remember(sched_site *s, const int *usable, int n, const double *fraction,
                     const char *source)
{
    s->runs++;
    split_record r = {s->runs, source, {0}};
    for (int k = 0; k < n; k++)
        r.fraction[usable[k]] = (float)fraction[k];
    s->last = r;
    bool keep = s->runs <= 4 || (s->runs & (s->runs - 1)) == 0;
    if (keep && s->history_count < HISTORY)
        s->history[s->history_count++] = r;
}

/* ---- the modes ---- */

static void by_weights(const int *usable, int n, double *fraction)
{
    double total = 0;
    for (int k = 0; k < n; k++)
        total += fraction[k] = schedule_weight(usable[k]);
    for (int k = 0; k < n; k++)
        fraction[k] = total > 0 ? fraction[k] / total : 1.0 / n;
}

void schedule_split(const dvmh_loop *l, const int *usable, int n, double work, double *fraction,
                    int *threads)
{
    sched_site *s = site_of(l->file, l->line);
    const char *source = "static";
    double weights[DEVICE_MAX];
    for (int k = 0; k < n; k++)
        weights[k] = schedule_weight(usable[k]);
    if (sch.mode == SCHED_SIMPLE_DYNAMIC && ssimple_split(usable, n, weights, fraction)) {
        source = "region";
        sch.simple_split = l;
        sch.simple_n = n;
    } else if (sch.mode == SCHED_DYNAMIC || sch.mode == SCHED_SCHEME) {
        sdyn_split(l, usable, n, weights, work, fraction, threads, &source);
        sch.dyn_split = l;
    } else {
        by_weights(usable, n, fraction);
    }
    if (n == 1)
        source = sch.mode == SCHED_SINGLE ? "single" : "one device";
    remember(s, usable, n, fraction, source);
}

void schedule_record(const dvmh_loop *l, const loop_piece *pieces, int n, const double *seconds)
{
    if (sch.mode == SCHED_SIMPLE_DYNAMIC) {
        /* the loop's share on each device: only when each got a piece */
        if (l != sch.simple_split || n != sch.simple_n)
            return;
        sch.simple_split = NULL;
        double total = (double)piece_iteration_count(l, &pieces[0]), share[DEVICE_MAX];
        int device[DEVICE_MAX];
        for (int k = 1; k < n; k++)
            total += (double)piece_iteration_count(l, &pieces[k]);
        for (int k = 0; k < n; k++) {
            device[k] = pieces[k].device;
            share[k] = total > 0 ? (double)piece_iteration_count(l, &pieces[k]) / total : 0;
        }
        ssimple_record(n, device, share, seconds);
        return;
    }
    if (sch.mode != SCHED_DYNAMIC || l != sch.dyn_split)
        return;
    sch.dyn_split = NULL;
    for (int k = 0; k < n; k++) {
        double work = (double)piece_iteration_count(l, &pieces[k]);
        double t = seconds[k] > 1e-7 ? seconds[k] : 1e-7;
        sdyn_record(l, &pieces[k], work, t);
    }
    sdyn_loop_done();
}

void schedule_fixed(const dvmh_loop *l, int dev)
{
    if (sch.mode == SCHED_DYNAMIC)
        sdyn_fixed(l, dev);
    else if (sch.mode == SCHED_SIMPLE_DYNAMIC)
        ssimple_fixed(dev);
}

void schedule_region_begin(const char *file, int line)
{
    if (sch.mode == SCHED_SIMPLE_DYNAMIC)
        ssimple_region_begin(file, line);
    if (sch.mode == SCHED_DYNAMIC || sch.mode == SCHED_SCHEME)
        sdyn_region_begin(file, line);
}

void schedule_region_datum(const char *decl_file, int decl_line, int rank, const dvmh_idx *size,
                           size_t elem_size)
{
    if (sch.mode == SCHED_DYNAMIC || sch.mode == SCHED_SCHEME)
        sdyn_region_datum(decl_file, decl_line, rank, size, elem_size);
}

void schedule_region_end(void)
{
    if (sch.mode == SCHED_SIMPLE_DYNAMIC)
        ssimple_region_end();
    if (sch.mode == SCHED_DYNAMIC || sch.mode == SCHED_SCHEME)
        sdyn_region_end();
}

/* ---- statistics ---- */

static void print_split(FILE *out, const char *what, const split_record *r)
{
    fprintf(out, "    %-18s", what);
    for (int d = 0; d < device_count(); d++)
        if (r->fraction[d] > 0)
            fprintf(out, " %s %5.1f%%", device_get(d)->name, 100.0 * r->fraction[d]);
    fprintf(out, "  (%s)\n", r->source);
}

void schedule_print_loop(FILE *out, const char *file, int line)
{
    unsigned b = ((unsigned)(uintptr_t)file * 31u + (unsigned)line) % SITE_BUCKETS;
    const sched_site *s = sch.sites[b];
    while (s && !(s->line == line && (s->file == file || strcmp(s->file, file) == 0)))
        s = s->next;
    if (!s || s->runs == 0)
        return;
    char what[40];
    for (int k = 0; k < s->history_count; k++) {
        if (s->history[k].run == s->runs)
            break;
        snprintf(what, sizeof what, "split at run %ld", s->history[k].run);
        print_split(out, what, &s->history[k]);
    }
    snprintf(what, sizeof what, "split now (run %ld)", s->runs);
    print_split(out, what, &s->last);
}
