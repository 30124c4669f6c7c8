/* schedule_dyn.c: the dynamic and scheme modes (schedule_dyn.h) on the
 * model of sched_model.h. A region entry is a launch variant: the region's
 * site and a hash of the data its clauses name (each array's declaration
 * site, shape and element size), which stays the same from run to run of
 * the program, so that a scheme file finds its variants again. The time
 * between regions is a host section. */
#include "schedule_dyn.h"
#include "actual.h"
#include "comm.h"
#include "context.h"
#include "device.h"
#include "loop.h"
#include "sched_model.h"
#include "schedule.h"
#include "trace.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static struct {
    sched_model *m;
    int mode;
    char *path;                     /* this process's scheme file */
    /* the region entered: its variant is looked up at its first split */
    bool in_region;
    char site[600];
    uint64_t binding;
    double bytes;
    sched_variant *v;
    double left_region;             /* when the last region ended; 0: none yet */
    unsigned long long named_at_exit; /* actual_host_named_bytes then */
    double entered;                 /* when the region was entered */
    double loop_started;            /* when the loop split last began */
    double loops;                   /* seconds of the region's split loops */
    /* handler variants of the host and emulated devices: thread counts */
    int handler_threads[DEVICE_MAX][2];
    int handler_count[DEVICE_MAX];
    /* the loop whose pieces run now */
    const dvmh_loop *loop;
    sched_loop *sl;
} dyn;

static uint64_t mix(uint64_t h, uint64_t x)
{
    h ^= x + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
    return h * 0x100000001b3ull;
}

static uint64_t mix_text(uint64_t h, const char *s)
{
    for (; s && *s; s++)
        h = mix(h, (unsigned char)*s);
    return h;
}

void sdyn_start(int mode, const char *path)
{
    dyn.mode = mode;
    const char *names[DEVICE_MAX];
    for (int d = 0; d < device_count(); d++)
        names[d] = device_get(d)->name;
    dyn.m = sched_model_new(device_count(), names);
    if (comm_process_rank() != 0)
        sched_model_set_warnings(dyn.m, NULL);
    /* Devices running host handlers with several threads try all of them
     * and half as many (a loop with little work per thread may run faster
     * on fewer); the model keeps a table for each. */
    for (int d = 0; d < device_count(); d++) {
        device *dev = device_get(d);
        dyn.handler_count[d] = 1;
        dyn.handler_threads[d][0] = 0;
        if (dev->handler_kind != DVMH_DEV_HOST || dev->threads < 2)
            continue;
        char text[2][32];
        const char *handler_names[2] = {text[0], text[1]};
        dyn.handler_count[d] = 2;
        dyn.handler_threads[d][0] = dev->threads;
        dyn.handler_threads[d][1] = (dev->threads + 1) / 2;
        for (int h = 0; h < 2; h++)
            snprintf(text[h], sizeof text[h], "threads=%d", dyn.handler_threads[d][h]);
        sched_model_set_handlers(dyn.m, d, 2, handler_names);
    }
    if (path) {
        /* one file per process when there are several (their parts
         * differ) */
        size_t n = strlen(path) + 16;
        dyn.path = malloc(n);
        if (!dyn.path)
            dvmh_fatal(NULL, 0, "out of memory");
        if (comm_process_count() > 1)
            snprintf(dyn.path, n, "%s.%d", path, comm_process_rank());
        else
            snprintf(dyn.path, n, "%s", path);
    }
    if (mode == SCHED_SCHEME) {
        char err[1024];
        if (sched_scheme_read(dyn.m, dyn.path, err, sizeof err) != 0)
            dvmh_fatal(NULL, 0, "DVMH_SCHED_FILE: %s", err);
    }
}

void sdyn_finish(void)
{
    if (!dyn.m)
        return;
    if (dyn.mode == SCHED_DYNAMIC) {
        sched_build_scheme(dyn.m, NULL, NULL);
        char err[1024];
        if (dyn.path && sched_scheme_write(dyn.m, dyn.path, err, sizeof err) != 0)
            fprintf(stderr, "dvmh: warning: DVMH_SCHED_FILE: %s\n", err);
    }
    /* the model stays until the process ends: the statistics come next */
}

void sdyn_region_begin(const char *file, int line)
{
    double now = dvmh_wtime();
    /* the host section since the last region: its time and the data its
     * get_actual and actual directives named */
    if (dyn.left_region > 0)
        sched_host_section(dyn.m, now - dyn.left_region,
                           (double)(actual_host_named_bytes() - dyn.named_at_exit));
    dyn.in_region = true;
    snprintf(dyn.site, sizeof dyn.site, "%s:%d", file, line);
    dyn.binding = mix_text(0xcbf29ce484222325ull, dyn.site);
    dyn.bytes = 0;
    dyn.v = NULL;
    dyn.entered = now;
    dyn.loops = 0;
}

void sdyn_region_datum(const char *decl_file, int decl_line, int rank, const dvmh_idx *size,
                       size_t elem_size)
{
    if (!dyn.in_region)
        return;
    uint64_t h = mix_text(dyn.binding, decl_file ? decl_file : "data");
    h = mix(h, (uint64_t)decl_line);
    h = mix(h, (uint64_t)rank);
    h = mix(h, (uint64_t)elem_size);
    double bytes = (double)elem_size;
    for (int d = 0; d < rank; d++) {
        h = mix(h, (uint64_t)size[d]);
        bytes *= (double)size[d];
    }
    dyn.binding = h;
    /* this process's part, roughly */
    dyn.bytes += bytes / comm_process_count();
}

/* What the region did besides the loops the model split (sequential
 * parts, loops on one device, data motion at its ends) is its constant
 * time. */
void sdyn_region_end(void)
{
    double now = dvmh_wtime();
    if (dyn.mode == SCHED_DYNAMIC && dyn.v && now - dyn.entered > dyn.loops)
        sched_variant_serial(dyn.v, now - dyn.entered - dyn.loops);
    dyn.in_region = false;
    dyn.v = NULL;
    dyn.left_region = now;
    dyn.named_at_exit = actual_host_named_bytes();
}

/* The variant of the region entered, counted at its first split. */
static sched_variant *variant(void)
{
    if (!dyn.v) {
        dyn.v = sched_variant_get(dyn.m, dyn.site, dyn.binding);
        sched_variant_enter(dyn.m, dyn.v, dyn.bytes);
        if (sched_should_rebuild(dyn.m) || sched_variant_needs_scheme(dyn.v)) {
            double t0 = dvmh_wtime();
            sched_build_scheme(dyn.m, NULL, NULL);
            trace_op("build scheme", t0, 0);
        }
    }
    return dyn.v;
}

static const char *source_name(int source)
{
    switch (source) {
    case SCHED_FROM_STATIC:
        return "static";
    case SCHED_FROM_EXPLORE:
        return "explore";
    case SCHED_FROM_MODEL:
        return "model";
    default:
        return "scheme";
    }
}

void sdyn_split(const dvmh_loop *l, const int *usable, int n, const double *weights, double work,
                double *fraction, int *threads, const char **source)
{
    char site[600];
    snprintf(site, sizeof site, "%s:%d", l->file, l->line);
    sched_variant *v = variant();
    dyn.loop = l;
    dyn.sl = sched_loop_get(v, site);
    dyn.loop_started = dvmh_wtime();
    sched_plan plan;
    sched_loop_plan(dyn.sl, n, usable, weights, work, &plan);
    for (int k = 0; k < n; k++) {
        fraction[k] = plan.fraction[k];
        int h = plan.handler[k];
        if (threads && h >= 0 && h < dyn.handler_count[usable[k]])
            threads[k] = dyn.handler_threads[usable[k]][h];
    }
    *source = source_name(plan.source);
}

void sdyn_fixed(const dvmh_loop *l, int dev)
{
    if (!dyn.in_region)
        return;
    /* the data it names (each variable once): this process's parts */
    double bytes = 0;
    for (int k = 0; k < l->data_count; k++) {
        const var *v = l->data[k].var;
        bool seen = v == NULL;
        for (int j = 0; j < k && !seen; j++)
            seen = l->data[j].var == v;
        if (!seen)
            bytes += (double)box_volume(&v->whole) * (double)v->elem_size;
    }
    char site[600];
    snprintf(site, sizeof site, "%s:%d", l->file, l->line);
    sched_fixed_loop(variant(), site, dev, bytes);
}

void sdyn_loop_done(void)
{
    if (dyn.loop)
        dyn.loops += dvmh_wtime() - dyn.loop_started;
    dyn.loop = NULL;
}

void sdyn_record(const dvmh_loop *l, const loop_piece *p, double work, double seconds)
{
    if (l != dyn.loop || !dyn.sl)
        return;
    int h = 0;
    for (int k = 0; k < dyn.handler_count[p->device]; k++)
        if (p->threads > 0 && dyn.handler_threads[p->device][k] == p->threads)
            h = k;
    sched_record(dyn.sl, p->device, h, work, seconds);
}
