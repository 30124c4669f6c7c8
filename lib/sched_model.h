/* sched_model.h: the model behind the dynamic and scheme scheduling modes
 * (DVMH_SCHED_TECH=dynamic / scheme, issue 20): per launch variant of a
 * region, time tables of its loops on each device and handler variant, the
 * split of a loop's work among devices computed from them, a whole-program
 * scheme (one split per variant, weighing the variants' times against the
 * cost of moving data between consecutive variants whose splits differ),
 * and the scheme file (lib/sched_scheme.c).
 *
 * The module is self-contained: it knows devices by their index in the
 * process's device table (0 the host), loops and regions by site strings,
 * and data only as byte counts the caller gives. It never stops the
 * program: errors come back as messages; warnings go to the model's
 * warning stream (stderr unless set). It is not thread-safe: the caller
 * (the thread that runs directives) serialises calls.
 *
 * Typical use by the runtime (docs/runtime.md, "The dynamic model and
 * scheme files"):
 *   start:       m = sched_model_new(ndev, names);
 *                sched_model_set_handlers(m, dev, n, names) for each device
 *                scheme mode: sched_scheme_read(m, path, err, sizeof err)
 *   region entry: v = sched_variant_get(m, "file.c:12", binding);
 *                sched_variant_enter(m, v, bytes of its data);
 *                if (sched_should_rebuild(m)) sched_build_scheme(m, NULL, NULL);
 *   loop:        l = sched_loop_get(v, "file.c:14");
 *                sched_loop_plan(l, n, devs, static_weights, work, &plan);
 *                ... run plan.fraction[k] of the work on devs[k] with
 *                handler variant plan.handler[k] ...
 *                sched_record(l, devs[k], plan.handler[k], work_k, seconds_k);
 *   sequential part in a region: sched_variant_serial(v, seconds);
 *   host section: sched_host_section(m, seconds, bytes of its get_actual
 *                and actual directives);
 *   exit:        sched_build_scheme(m, NULL, NULL);
 *                sched_scheme_write(m, path, err, sizeof err);
 *                sched_model_free(m);
 */
#ifndef DVMH_SCHED_MODEL_H
#define DVMH_SCHED_MODEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define SCHED_MAX_DEVICES 16        /* = DEVICE_MAX of lib/device.h */
#define SCHED_MAX_HANDLERS 16       /* handler variants per device */
#define SCHED_MAX_POINTS 24         /* (work, time) points per table */
#define SCHED_FILE_VERSION 1        /* the scheme file's version line */

typedef struct sched_model sched_model;
typedef struct sched_variant sched_variant;
typedef struct sched_loop sched_loop;

/* ------------------------------------------------------------------------
 * The model and its devices
 * ------------------------------------------------------------------------ */

/* A model for ndev devices (1..SCHED_MAX_DEVICES) named names[d] ("host",
 * "emu0", "cuda1": no white space; a scheme file names them and is used
 * only by a process with the same devices). */
sched_model *sched_model_new(int ndev, const char *const *names);
void sched_model_free(sched_model *m);
int sched_model_devices(const sched_model *m);

/* The handler variants of device dev, 0..n-1 (n <= SCHED_MAX_HANDLERS):
 * for the host and emulated devices thread counts and OpenMP schedules, for
 * a GPU block shapes. The names ("threads=4,schedule=dynamic",
 * "block=32x8x1": no white space) are what the scheme file stores. The
 * model times each variant separately; a loop's time on the device is the
 * minimum over the family. Without this call a device has one handler
 * variant, number 0, named "default". Call it before the first record. */
void sched_model_set_handlers(sched_model *m, int dev, int n, const char *const *names);

/* Where warnings go (default stderr); NULL silences them. */
void sched_model_set_warnings(sched_model *m, FILE *to);

/* The default transfer cost (sched_build_scheme with cost NULL): moving b
 * bytes takes latency + b / bandwidth seconds (defaults 1e-5 s, 1e9 B/s). */
void sched_model_set_transfer(sched_model *m, double latency, double bandwidth);

/* sched_should_rebuild becomes true after 'first' region entries since
 * the start and then after twice as many entries each time as the time
 * before (default 8; the interval stops growing at 1024 entries). */
void sched_model_set_rebuild(sched_model *m, long first);

/* ------------------------------------------------------------------------
 * Launch variants: (region, binding of its variables to actual data)
 * ------------------------------------------------------------------------ */

/* The variant of the region at site ("file.c:12"; any text without a new
 * line) whose variables are bound to data identified by binding: a hash
 * the caller computes from what identifies the data across runs of the
 * same program (the order in which the arrays were created, their shapes
 * and distributions; not addresses), so that a scheme file finds it again.
 * Created on first use; lives until sched_model_free. */
sched_variant *sched_variant_get(sched_model *m, const char *site, uint64_t binding);

/* An entry into v: counts it, and notes that v follows the variant (or
 * host section) entered before it, which supplied its data: bytes is the
 * amount of data v names (its arrays' sizes on this process; 0 when
 * unknown: moving costs nothing then). After a host section, v takes what
 * the section moved (sched_host_section's bytes, at most v's) from the
 * host and the rest from the variant entered before the section, where
 * that data stayed. */
void sched_variant_enter(sched_model *m, sched_variant *v, double bytes);
long sched_variant_entries(const sched_variant *v);
const char *sched_variant_site(const sched_variant *v);
uint64_t sched_variant_binding(const sched_variant *v);

/* A sequential part of v (code between its loops that runs on one device)
 * took seconds: a constant time of the variant, averaged per entry. */
void sched_variant_serial(sched_variant *v, double seconds);

/* A host section (host code between regions, with its actual and
 * get_actual directives) took seconds, and its get_actual and actual
 * directives named bytes of data that the devices held (the whole of it,
 * wherever it was). It counts as an entry of the host pseudo-variant:
 * constant time, all data on the host; the variant before it pays for
 * moving those bytes to the host and the variant after it for moving them
 * back, according to their splits. Sections in a row are one. */
void sched_host_section(sched_model *m, double seconds, double bytes);

/* ------------------------------------------------------------------------
 * Parallel loops: time tables and splits
 * ------------------------------------------------------------------------ */

/* A loop of v at site ran whole on device dev though others could have
 * shared it (an across loop whose pieces would wait for each other): its
 * time is a constant of v (sched_variant_serial), but its data (bytes)
 * must be on dev and come back: a scheme splitting v pays for moving the
 * part that the split puts elsewhere, there and back, at each run. */
void sched_fixed_loop(sched_variant *v, const char *site, int dev, double bytes);

/* The loop at site in v (created on first use). */
sched_loop *sched_loop_get(sched_variant *v, const char *site);

/* Where a plan's split came from (statistics). */
enum sched_source {
    SCHED_FROM_STATIC,      /* weights given by the caller: scheme mode for a
                               variant the scheme does not cover */
    SCHED_FROM_EXPLORE,     /* some device or handler variant not yet timed */
    SCHED_FROM_MODEL,       /* balanced on the time tables */
    SCHED_FROM_SCHEME       /* the scheme built or read */
};

typedef struct sched_plan {
    double fraction[SCHED_MAX_DEVICES]; /* of the work, per devs[k]; sum 1 */
    int handler[SCHED_MAX_DEVICES];     /* handler variant per devs[k] */
    int source;                         /* enum sched_source */
} sched_plan;

/* The split of a run of l with work (iterations, or any measure
 * proportional to its cost) among the n devices devs[] that can run it
 * (ascending indices), static_weight[k] the static split's weight of
 * devs[k] (not all zero).
 *  - With a scheme (built or read) covering l's variant: the scheme's
 *    fractions of l (or of its variant), restricted to devs; its handlers.
 *  - Scheme mode (sched_scheme_read) and the scheme does not cover it:
 *    the static weights; one warning for the whole run.
 *  - Some device of devs never timed on l: exploration, the static weights
 *    but each device at least 1/(3n) of the work, so that every device is
 *    timed before the history is trusted.
 *  - Otherwise the split that minimises the finish time max_k t_k(w_k),
 *    sum w_k = work, t_k the device's time function (minimum over its
 *    handler variants) from the tables.
 * Handlers: a variant of the device not yet timed on l, else the fastest
 * for the device's share. */
void sched_loop_plan(sched_loop *l, int n, const int *devs, const double *static_weight,
                     double work, sched_plan *out);

/* Device dev ran work of l with handler variant handler in seconds. */
void sched_record(sched_loop *l, int dev, int handler, double work, double seconds);

/* Predicted seconds of work on dev for l: the minimum over the device's
 * timed handler variants (*handler gets the best one when not NULL); a
 * negative number when dev was never timed on l. */
double sched_predict(const sched_loop *l, int dev, double work, int *handler);

/* The split minimising max_k t_k(fraction_k * work) for n devices, t_k
 * given as functions (bisection on the finish time; each t_k must be
 * non-decreasing, t_k(0) = 0). Exposed for the unit tests and for simple
 * dynamic balancing. */
typedef double (*sched_time_fn)(void *ctx, int k, double work);
void sched_balance(int n, sched_time_fn t, void *ctx, double work, double *fraction);

/* Simple dynamic: the next split from one run's per-device work and
 * seconds (speeds work/seconds; a device that did no work keeps its
 * previous fraction, prev may be NULL: equal). */
void sched_rebalance(int n, const double *prev, const double *work, const double *seconds,
                     double *fraction);

/* ------------------------------------------------------------------------
 * Whole-program schemes
 * ------------------------------------------------------------------------ */

/* Seconds to change from split 'from' to split 'to' (fractions over the
 * model's devices 0..ndev-1; cut in device order, as loops are) for data of
 * bytes bytes. NULL in sched_build_scheme: the default, latency plus the
 * bytes that change device (sched_split_moved) over the bandwidth. */
typedef double (*sched_cost_fn)(void *ctx, int ndev, const double *from, const double *to,
                                double bytes);

/* The fraction of data cut in device order by 'from' that lies on another
 * device when cut by 'to' (0: same split, 1: all moves). */
double sched_split_moved(int ndev, const double *from, const double *to);

/* True when the runtime should call sched_build_scheme now (see
 * sched_model_set_rebuild); never in scheme mode. */
bool sched_should_rebuild(const sched_model *m);

/* True when v's loops have each run at least twice (the runs that
 * explore with the static split) and been timed on every device offered
 * to them, and no scheme covers them yet (a variant new, or with a loop
 * new since the last scheme): the runtime builds the scheme then rather
 * than waiting for sched_should_rebuild, so that a variant does not run
 * model splits that differ loop by loop (moving data between its loops).
 * Such a build leaves the periodic schedule as it is. Never in scheme
 * mode. */
bool sched_variant_needs_scheme(const sched_variant *v);

/* Builds a near-optimal scheme from everything observed so far: a split
 * per variant minimising the sum over variants of entries x time(split)
 * plus the sum over observed transitions (variant to variant, to and from
 * host sections) of their count x cost(split before, split after, bytes).
 * Iterative improvement from two starts (each variant's own best split;
 * one common split for all), keeping the cheaper. Variants with a loop not
 * yet timed on every device it can run on are left out (they keep
 * exploring). The scheme then applies (sched_loop_plan) and collection
 * goes on. Returns the predicted total seconds of the observed run under
 * the scheme. */
double sched_build_scheme(sched_model *m, sched_cost_fn cost, void *ctx);

/* The scheme's split of v over the model's devices (fraction[ndev]); false
 * when the scheme does not cover v. */
bool sched_variant_split(const sched_variant *v, double *fraction);

/* Scheme files (lib/sched_scheme.c; format in docs/runtime.md). Both
 * return 0, or -1 with a message in err ("PATH:LINE: what", or "PATH:
 * what") and the model unchanged. Reading puts the model in scheme mode:
 * the file's splits apply to the variants it names, without search; the
 * variants it does not cover get the static split, with one warning. A
 * file made for other devices gives one warning and covers nothing. */
int sched_scheme_write(const sched_model *m, const char *path, char *err, size_t errlen);
int sched_scheme_read(sched_model *m, const char *path, char *err, size_t errlen);

#endif
