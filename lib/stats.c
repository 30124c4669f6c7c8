/* stats.c: the DVMH_STATS report: one record per region and per parallel
 * loop (by source line), accumulated over every execution. */
#include "stats.h"
#include "loop_stage.h"
#include "actual.h"
#include "analyzer.h"
#include "alloc.h"
#include "comm.h"
#include "device.h"
#include "schedule.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum record_kind { RECORD_LOOP, RECORD_REGION, RECORD_INTERVAL };

typedef struct stats_record {
    const char *file;
    int line;
    int kind;                       /* enum record_kind */
    long id;                        /* interval */
    long long runs;
    double device_seconds[DEVICE_MAX];
    long long device_iterations[DEVICE_MAX];
    unsigned long long bytes[MOVE_REASONS][MOVE_DIRECTIONS];
    double transfer_seconds[MOVE_REASONS];
    an_times an;                    /* the analyzer's classes (intervals) */
    int depth;                      /* intervals around it (intervals) */
    struct stats_record *next;
} stats_record;

static struct {
    bool enabled;
    char *path;                     /* NULL: stderr */
    stats_record *records, **tail;
    stats_record *region, *loop;    /* open scopes */
    stats_record *intervals[16];    /* open intervals, innermost last */
    int interval_depth;
    stats_record total;
} stats = {.tail = &stats.records};

void stats_start(void)
{
    const char *v = getenv("DVMH_STATS");
    stats.tail = &stats.records;
    if (!v || !*v || strcmp(v, "0") == 0)
        return;
    stats.enabled = true;
    if (strcmp(v, "1") != 0) {
        stats.path = strcpy(dvmh_xmalloc(strlen(v) + 1), v);
    }
    analyzer_start(&stats.total.an);
}

/* The record of a region, loop or interval, with one more run counted. */
static stats_record *record_run(const char *file, int line, int kind, long id)
{
    for (stats_record *r = stats.records; r; r = r->next)
        if (r->line == line && r->kind == kind && r->id == id && strcmp(r->file, file) == 0) {
            r->runs++;
            return r;
        }
    stats_record *r = dvmh_xcalloc(1, sizeof *r);
    r->file = file;
    r->line = line;
    r->kind = kind;
    r->id = id;
    r->runs = 1;
    *stats.tail = r;
    stats.tail = &r->next;
    return r;
}

bool stats_enabled(void)
{
    return stats.enabled;
}

void stats_region_begin(const char *file, int line)
{
    if (!stats.enabled)
        return;
    stats.region = record_run(file, line, RECORD_REGION, 0);
}

void stats_region_end(void)
{
    stats.region = NULL;
}

void stats_loop_begin(const char *file, int line)
{
    if (!stats.enabled)
        return;
    stats.loop = record_run(file, line, RECORD_LOOP, 0);
    analyzer_loop(1);
}

void stats_loop_end(void)
{
    if (stats.enabled)
        analyzer_loop(0);
    stats.loop = NULL;
}

void stats_interval_begin(const char *file, int line, long id)
{
    if (!stats.enabled)
        return;
    stats_record *r = record_run(file, line, RECORD_INTERVAL, id);
    if (r->runs == 1)
        r->depth = stats.interval_depth;
    analyzer_push(&r->an);
    if (stats.interval_depth < 16)
        stats.intervals[stats.interval_depth] = r;
    stats.interval_depth++;
}

void stats_interval_end(void)
{
    if (stats.enabled && stats.interval_depth > 0) {
        stats.interval_depth--;
        analyzer_pop();
    }
}

/* Every open scope, innermost first. */
static int open_scopes(stats_record **scopes)
{
    int n = 0;
    if (stats.loop)
        scopes[n++] = stats.loop;
    if (stats.region)
        scopes[n++] = stats.region;
    for (int k = (stats.interval_depth < 16 ? stats.interval_depth : 16) - 1; k >= 0; k--)
        scopes[n++] = stats.intervals[k];
    scopes[n++] = &stats.total;
    return n;
}

void stats_device_work(int device, double seconds, long long iterations)
{
    if (!stats.enabled)
        return;
    analyzer_span(AN_PIECE, dvmh_wtime() - seconds);
    stats_record *scopes[20];
    int n = open_scopes(scopes);
    for (int k = 0; k < n; k++)
        if (scopes[k]) {
            scopes[k]->device_seconds[device] += seconds;
            scopes[k]->device_iterations[device] += iterations;
        }
}

void stats_transfer(int reason, int direction, unsigned long long bytes, double seconds)
{
    if (!stats.enabled)
        return;
    if (seconds > 0)
        analyzer_span(direction == MOVE_PROCESSES          ? AN_COMM
                      : direction == MOVE_DEVICE_TO_DEVICE ? AN_DATA_DD
                                                           : AN_DATA_HD,
                      dvmh_wtime() - seconds);
    stats_record *scopes[20];
    int n = open_scopes(scopes);
    for (int k = 0; k < n; k++)
        if (scopes[k]) {
            scopes[k]->bytes[reason][direction] += bytes;
            scopes[k]->transfer_seconds[reason] += seconds;
        }
}

void stats_sync(double started)
{
    if (stats.enabled)
        analyzer_span(AN_SYNC, started);
}

void stats_comm(double started)
{
    if (stats.enabled)
        analyzer_span(AN_COMM, started);
}

static const char *const reason_names[MOVE_REASONS] = {
    "region/loop data", "get_actual", "shadow_renew", "across", "reduction",
    "remote_access", "redistribute", "loop writes shared",
};
static const char *const direction_names[MOVE_DIRECTIONS] = {
    "host->device", "device->host", "device->device", "to processes",
};

static void print_record(FILE *out, const stats_record *r, const char *title)
{
    fprintf(out, "%s", title);
    if (r->kind == RECORD_INTERVAL && r->id != 0)
        fprintf(out, " %ld", r->id);
    if (r->file)
        fprintf(out, " %s:%d, %lld run%s", r->file, r->line, r->runs, r->runs == 1 ? "" : "s");
    fputc('\n', out);
    for (int d = 0; d < device_count(); d++)
        if (r->device_iterations[d] || r->device_seconds[d] > 0)
            fprintf(out, "    %-8s %12lld iterations %10.6f s\n", device_get(d)->name,
                    r->device_iterations[d], r->device_seconds[d]);
    for (int k = 0; k < MOVE_REASONS; k++)
        for (int d = 0; d < MOVE_DIRECTIONS; d++)
            if (r->bytes[k][d])
                fprintf(out, "    %-16s %-15s %14llu bytes %10.6f s\n", reason_names[k],
                        direction_names[d], r->bytes[k][d], r->transfer_seconds[k]);
    if (r->kind == RECORD_LOOP)
        schedule_print_loop(out, r->file, r->line);
}

/* Collective: the analyzer's characteristics of the program and of each
 * interval (nested ones indented), when every process has the same
 * intervals. */
static void print_characteristics(FILE *out)
{
    analyzer_stop();
    double count = 0;
    for (stats_record *r = stats.records; r; r = r->next)
        count += r->kind == RECORD_INTERVAL ? r->line + 1 : 0;
    double low = count, high = count;
    comm_allreduce(DVMH_RED_MIN, DVMH_T_DOUBLE, &low, 1, NULL, 0, 0);
    comm_allreduce(DVMH_RED_MAX, DVMH_T_DOUBLE, &high, 1, NULL, 0, 0);
    fprintf(out, "characteristics (seconds), whole program\n");
    analyzer_print(out, "    ", &stats.total.an, stats.total.device_seconds);
    if (low != high) {
        fprintf(out, "(the processes ran different intervals: no characteristics per interval)\n");
        return;
    }
    for (stats_record *r = stats.records; r; r = r->next) {
        if (r->kind != RECORD_INTERVAL)
            continue;
        char indent[64];
        int depth = r->depth < 8 ? r->depth : 8;
        snprintf(indent, sizeof indent, "%*s", 4 + 2 * depth, "");
        fprintf(out, "%.*scharacteristics (seconds), interval", 2 * depth, indent + 4);
        if (r->id != 0)
            fprintf(out, " %ld", r->id);
        fprintf(out, " %s:%d\n", r->file, r->line);
        analyzer_print(out, indent, &r->an, r->device_seconds);
    }
}

void stats_finish(void)
{
    if (stats.enabled) {
        FILE *out = stderr;
        char *path = NULL;
        if (stats.path) {
            size_t n = strlen(stats.path) + 16;
            path = dvmh_xmalloc(n);
            /* one file per process when there are several */
            if (comm_process_count() > 1)
                snprintf(path, n, "%s.%d", stats.path, comm_process_rank());
            else
                snprintf(path, n, "%s", stats.path);
            out = fopen(path, "w");
            if (!out)
                dvmh_fatal(NULL, 0, "DVMH_STATS: cannot write '%s'", path);
        }
        /* on stderr, the whole report in one write: the processes' reports
         * then do not interleave line by line under mpiexec */
        char *text = NULL;
        size_t text_len = 0;
        FILE *file = out;
        if (out == stderr && !(out = open_memstream(&text, &text_len)))
            out = stderr;
        fprintf(out, "DVMH statistics, process %d of %d, %d device%s\n", comm_process_rank(),
                comm_process_count(), device_count(), device_count() == 1 ? "" : "s");
        for (stats_record *r = stats.records; r; r = r->next)
            print_record(out, r, r->kind == RECORD_REGION ? "region"
                                 : r->kind == RECORD_INTERVAL ? "interval" : "loop");
        print_record(out, &stats.total, "total");
        print_characteristics(out);
        lstage_report(out);
        if (out != file) {
            fclose(out);
            fwrite(text, 1, text_len, stderr);
            free(text);
        } else if (out != stderr) {
            fclose(out);
        }
        free(path);
    }
    while (stats.records) {
        stats_record *r = stats.records;
        stats.records = r->next;
        free(r);
    }
    stats.tail = &stats.records;
    free(stats.path);
    stats.path = NULL;
    stats.enabled = false;
}
