/* schedule.c: the scheduling modes (schedule.h): the static weights (given
 * or measured), the single device, simple dynamic balancing per loop, and
 * the history of each loop's splits for DVMH_STATS. The dynamic and scheme
 * modes go through schedule_dyn.c. */
#include "schedule.h"
#include "alloc.h"
#include "comm.h"
#include "context.h"
#include "device.h"
#include "env.h"
#include "loop.h"
#include "schedule_dyn.h"
#include "trace.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char *const mode_names[] = {"single", "static", "simple-dynamic", "dynamic",
                                         "scheme", NULL};

/* Speeds kept per loop and device (simple dynamic). */
#define SPEEDS 5

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
    /* simple dynamic: each device's speeds (iterations per second) in the
     * loop's last runs, newest at speed_count % SPEEDS */
    double speed[DEVICE_MAX][SPEEDS];
    int speed_count[DEVICE_MAX];
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

/* Simple dynamic: proportional to the speeds measured in the loop's
 * previous runs (recent_speed), once every device has one; until then the weights, each
 * device getting at least a tenth so that it is timed. */
/* The median of the device's last speeds: one run disturbed by the
 * machine's other work does not upset the split, and a device that really
 * became slower shows within a few runs. */
static double recent_speed(const sched_site *s, int dev)
{
    int n = s->speed_count[dev] < SPEEDS ? s->speed_count[dev] : SPEEDS;
    double v[SPEEDS];
    memcpy(v, s->speed[dev], sizeof v);
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && v[j - 1] > v[j]; j--) {
            double t = v[j];
            v[j] = v[j - 1];
            v[j - 1] = t;
        }
    return n == 0 ? 0 : n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

static const char *from_history(const sched_site *s, const int *usable, int n, double *fraction)
{
    bool all = true;
    double speed[DEVICE_MAX];
    for (int k = 0; k < n; k++)
        all &= (speed[k] = recent_speed(s, usable[k])) > 0;
    if (!all) {
        by_weights(usable, n, fraction);
        double total = 0;
        for (int k = 0; k < n; k++)
            total += fraction[k] = fraction[k] < 0.1 / n ? 0.1 / n : fraction[k];
        for (int k = 0; k < n; k++)
            fraction[k] /= total;
        return "static";
    }
    double total = 0, prev_total = 0, change = 0;
    for (int k = 0; k < n; k++) {
        total += speed[k];
        prev_total += s->last.fraction[usable[k]];
    }
    /* Half way from the last split to the measured one: the times are
     * noisy, and every change moves data between the devices. Within 3
     * points of it the split stays (nothing moves). */
    for (int k = 0; k < n; k++) {
        double prev = prev_total > 0 ? s->last.fraction[usable[k]] / prev_total : 1.0 / n;
        double target = speed[k] / total, d = target - prev;
        change = fabs(d) > change ? fabs(d) : change;
        fraction[k] = prev + 0.5 * d;
        speed[k] = prev;
    }
    if (change < 0.03)
        memcpy(fraction, speed, sizeof(double) * (size_t)n);
    return "history";
}

void schedule_split(const dvmh_loop *l, const int *usable, int n, double work, double *fraction,
                    int *threads)
{
    sched_site *s = site_of(l->file, l->line);
    const char *source = "static";
    if (sch.mode == SCHED_SIMPLE_DYNAMIC) {
        source = from_history(s, usable, n, fraction);
    } else if (sch.mode == SCHED_DYNAMIC || sch.mode == SCHED_SCHEME) {
        double weights[DEVICE_MAX];
        for (int k = 0; k < n; k++)
            weights[k] = schedule_weight(usable[k]);
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
    if (sch.mode != SCHED_SIMPLE_DYNAMIC && (sch.mode != SCHED_DYNAMIC || l != sch.dyn_split))
        return;
    sch.dyn_split = NULL;
    sched_site *s = sch.mode == SCHED_SIMPLE_DYNAMIC ? site_of(l->file, l->line) : NULL;
    for (int k = 0; k < n; k++) {
        double work = (double)piece_iteration_count(l, &pieces[k]);
        double t = seconds[k] > 1e-7 ? seconds[k] : 1e-7;
        if (!s) {
            sdyn_record(l, &pieces[k], work, t);
            continue;
        }
        int dev = pieces[k].device;
        s->speed[dev][s->speed_count[dev]++ % SPEEDS] = work / t;
    }
    if (!s)
        sdyn_loop_done();
}

void schedule_region_begin(const char *file, int line)
{
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
