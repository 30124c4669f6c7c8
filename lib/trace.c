/* trace.c: DVMH_TRACE=FILE, the Chrome trace-event timeline (see trace.h
 * and docs/trace.md). pid: the process rank; tid: the device index (0: the
 * host). Events are formatted into a fixed buffer that is flushed to the
 * process's part file FILE.partR when full (bounded memory); rank 0 joins
 * the parts into one JSON object at exit. */
#include "trace.h"
#include "schedule.h"
#include "actual.h"
#include "alloc.h"
#include "comm.h"
#include "device.h"
#include "loop.h"

#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool trace_on;

enum { BUFFER_SIZE = 1 << 20, EVENT_MAX = 4096, SCOPE_MAX = 64, PEER_MAX = 64 };

typedef struct scope {
    int kind;
    const char *file;
    int line;
    long id;
    double started;
} scope;

static struct {
    char *path;                 /* FILE */
    char *part;                 /* this process's part file */
    FILE *out;
    char *buffer;
    size_t used;
    int rank, processes;
    double origin;              /* dvmh_wtime() at the start-up barrier */
    double started;             /* the program span's start */
    scope scopes[SCOPE_MAX];
    int depth;
    int peers[PEER_MAX];            /* messages sent since the last trace_comm */
    unsigned long long peer_bytes[PEER_MAX];
    double peer_time[PEER_MAX];
    int peer_count;
    pthread_mutex_t lock;
} tr = {.lock = PTHREAD_MUTEX_INITIALIZER};

static const char *const reason_names[MOVE_REASONS] = {
    "region", "get_actual", "shadow_renew", "across", "reduction", "remote_access",
    "redistribute", "share",
};
static const char *const direction_names[MOVE_DIRECTIONS] = {
    "host->device", "device->host", "device->device", "processes",
};
static const char *const scope_names[] = {"region", "interval", "loop", "redistribute", "realign"};

static double micros(double t)
{
    return (t - tr.origin) * 1e6;
}

static void flush_buffer(void)
{
    if (tr.used && fwrite(tr.buffer, 1, tr.used, tr.out) != tr.used)
        dvmh_fatal(NULL, 0, "DVMH_TRACE: cannot write '%s'", tr.part);
    tr.used = 0;
}

/* Appends one event (the text after its leading comma); the caller holds
 * the lock. */
static void emit(const char *fmt, ...)
{
    if (tr.used + EVENT_MAX > BUFFER_SIZE)
        flush_buffer();
    tr.buffer[tr.used++] = ',';
    tr.buffer[tr.used++] = '\n';
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(tr.buffer + tr.used, EVENT_MAX - 2, fmt, ap);
    va_end(ap);
    if (n < 0 || n >= EVENT_MAX - 2)
        dvmh_fatal(NULL, 0, "internal error: a trace event is too long");
    tr.used += (size_t)n;
}

/* s as the inside of a JSON string (at most size-1 characters). */
static const char *json_text(char *buf, size_t size, const char *s)
{
    size_t n = 0;
    for (; s && *s && n + 7 < size; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\') {
            buf[n++] = '\\';
            buf[n++] = (char)c;
        } else if (c < 0x20) {
            n += (size_t)snprintf(buf + n, size - n, "\\u%04x", c);
        } else {
            buf[n++] = (char)c;
        }
    }
    buf[n] = 0;
    return buf;
}

/* "file:line", escaped. */
static const char *site(char *buf, size_t size, const char *file, int line)
{
    char raw[600];
    snprintf(raw, sizeof raw, "%s:%d", file ? file : "?", line);
    return json_text(buf, size, raw);
}

static void metadata(void)
{
    emit("{\"name\":\"process_name\",\"ph\":\"M\",\"pid\":%d,\"tid\":0,"
         "\"args\":{\"name\":\"process %d\"}}", tr.rank, tr.rank);
    emit("{\"name\":\"process_sort_index\",\"ph\":\"M\",\"pid\":%d,\"tid\":0,"
         "\"args\":{\"sort_index\":%d}}", tr.rank, tr.rank);
    for (int d = 0; d < device_count(); d++) {
        char name[64];
        emit("{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":%d,\"tid\":%d,"
             "\"args\":{\"name\":\"%s\"}}", tr.rank, d,
             json_text(name, sizeof name, device_get(d)->name));
        emit("{\"name\":\"thread_sort_index\",\"ph\":\"M\",\"pid\":%d,\"tid\":%d,"
             "\"args\":{\"sort_index\":%d}}", tr.rank, d, d);
    }
}

void trace_start(void)
{
    const char *v = getenv("DVMH_TRACE");
    if (!v || !*v)
        return;
    tr.rank = comm_process_rank();
    tr.processes = comm_process_count();
    tr.path = strcpy(dvmh_xmalloc(strlen(v) + 1), v);
    size_t n = strlen(v) + 32;
    tr.part = dvmh_xmalloc(n);
    snprintf(tr.part, n, "%s.part%d", v, tr.rank);
    tr.out = fopen(tr.part, "w");
    if (!tr.out)
        dvmh_fatal(NULL, 0, "DVMH_TRACE: cannot write '%s'", tr.part);
    tr.buffer = dvmh_xmalloc(BUFFER_SIZE);
    /* clocks aligned: every process takes its origin as it leaves one
     * barrier */
    comm_barrier();
    tr.origin = dvmh_wtime();
    tr.started = tr.origin;
    trace_on = true;
    metadata();
}

static void span(const char *name, const char *cat, int tid, double started, double ended,
                 const char *args)
{
    emit("{\"name\":\"%s\",\"cat\":\"%s\",\"ph\":\"X\",\"ts\":%.3f,\"dur\":%.3f,\"pid\":%d,"
         "\"tid\":%d,\"args\":{%s}}", name, cat, micros(started),
         (ended - started) * 1e6 > 0 ? (ended - started) * 1e6 : 0.0, tr.rank, tid, args);
}

void trace_scope_begin_(int kind, const char *file, int line, long id)
{
    pthread_mutex_lock(&tr.lock);
    if (tr.depth < SCOPE_MAX)
        tr.scopes[tr.depth] = (scope){kind, file, line, id, dvmh_wtime()};
    tr.depth++;
    pthread_mutex_unlock(&tr.lock);
}

void trace_scope_end_(void)
{
    double now = dvmh_wtime();
    pthread_mutex_lock(&tr.lock);
    if (tr.depth > 0 && --tr.depth < SCOPE_MAX) {
        const scope *s = &tr.scopes[tr.depth];
        char where[700], name[800], args[800];
        site(where, sizeof where, s->file, s->line);
        if (s->kind == TRACE_INTERVAL && s->id != 0)
            snprintf(name, sizeof name, "interval %ld %s", s->id, where);
        else
            snprintf(name, sizeof name, "%s %s", scope_names[s->kind], where);
        snprintf(args, sizeof args, "\"site\":\"%s\",\"depth\":%d", where, tr.depth);
        if (s->kind == TRACE_INTERVAL)
            snprintf(args + strlen(args), sizeof args - strlen(args), ",\"id\":%ld", s->id);
        span(name, scope_names[s->kind], 0, s->started, now, args);
    }
    pthread_mutex_unlock(&tr.lock);
}

void trace_piece_(const char *file, int line, int device, double started, long long iterations)
{
    double now = dvmh_wtime();
    pthread_mutex_lock(&tr.lock);
    char where[700], args[900], dev[64];
    site(where, sizeof where, file, line);
    snprintf(args, sizeof args, "\"iterations\":%lld,\"device\":\"%s\"", iterations,
             json_text(dev, sizeof dev, device_get(device)->name));
    span(where, "piece", device, started, now, args);
    pthread_mutex_unlock(&tr.lock);
}

void trace_transfer_(const char *var, int reason, int to, int from, unsigned long long bytes,
                     double seconds)
{
    double now = dvmh_wtime();
    int dir = from == 0 ? MOVE_TO_DEVICE : to == 0 ? MOVE_TO_HOST : MOVE_DEVICE_TO_DEVICE;
    pthread_mutex_lock(&tr.lock);
    char name[200], args[600], src[64], dst[64];
    json_text(name, sizeof name, var);
    json_text(src, sizeof src, device_get(from)->name);
    json_text(dst, sizeof dst, device_get(to)->name);
    char text[300];
    snprintf(text, sizeof text, "%s %s", direction_names[dir], name);
    snprintf(args, sizeof args,
             "\"bytes\":%llu,\"variable\":\"%s\",\"from\":\"%s\",\"to\":\"%s\","
             "\"direction\":\"%s\",\"reason\":\"%s\"",
             bytes, name, src, dst, direction_names[dir], reason_names[reason]);
    /* on the accelerator's track */
    span(text, "transfer", from == 0 ? to : from, now - seconds, now, args);
    pthread_mutex_unlock(&tr.lock);
}

void trace_count_(int reason, int direction, unsigned long long bytes)
{
    double now = dvmh_wtime();
    pthread_mutex_lock(&tr.lock);
    char args[300];
    snprintf(args, sizeof args,
             "\"bytes\":%llu,\"variable\":\"\",\"from\":\"\",\"to\":\"\","
             "\"direction\":\"%s\",\"reason\":\"%s\"",
             bytes, direction_names[direction], reason_names[reason]);
    span(reason_names[reason], "transfer", 0, now, now, args);
    pthread_mutex_unlock(&tr.lock);
}

void trace_peer_(int peer, unsigned long long bytes)
{
    double now = dvmh_wtime();
    pthread_mutex_lock(&tr.lock);
    if (tr.peer_count == PEER_MAX) { /* the oldest go */
        memmove(tr.peers, tr.peers + 1, sizeof tr.peers[0] * (PEER_MAX - 1));
        memmove(tr.peer_bytes, tr.peer_bytes + 1, sizeof tr.peer_bytes[0] * (PEER_MAX - 1));
        memmove(tr.peer_time, tr.peer_time + 1, sizeof tr.peer_time[0] * (PEER_MAX - 1));
        tr.peer_count--;
    }
    tr.peers[tr.peer_count] = peer;
    tr.peer_bytes[tr.peer_count] = bytes;
    tr.peer_time[tr.peer_count++] = now;
    pthread_mutex_unlock(&tr.lock);
}

/* Bytes of the messages noted since the time since (< 0: all). */
static unsigned long long peer_bytes_since(double since)
{
    unsigned long long bytes = 0;
    for (int k = 0; k < tr.peer_count; k++)
        if (tr.peer_time[k] >= since)
            bytes += tr.peer_bytes[k];
    return bytes;
}

/* Appends to args (n characters used) the messages noted since the time
 * since (< 0: all), summed per peer, and the closing ']'. */
static void peer_list(char *args, size_t size, int n, double since)
{
    int peers[PEER_MAX], count = 0;
    unsigned long long sent[PEER_MAX];
    for (int k = 0; k < tr.peer_count; k++) {
        if (tr.peer_time[k] < since)
            continue;
        int m = 0;
        while (m < count && peers[m] != tr.peers[k])
            m++;
        if (m == count) {
            peers[count] = tr.peers[k];
            sent[count++] = 0;
        }
        sent[m] += tr.peer_bytes[k];
    }
    for (int k = 0; k < count; k++)
        n += snprintf(args + n, size - (size_t)n, "%s{\"process\":%d,\"bytes\":%llu}",
                      k ? "," : "", peers[k], sent[k]);
    snprintf(args + n, size - (size_t)n, "]");
}

void trace_comm_(const char *var, int reason, unsigned long long bytes, double started)
{
    double now = dvmh_wtime();
    /* the window starts when the exchange did: now - its length, measured
     * by the caller a moment before now, left out the messages of its
     * first microseconds */
    double seconds = started < 0 ? 0.0 : now - started;
    pthread_mutex_lock(&tr.lock);
    char name[200], text[300], args[2400];
    json_text(name, sizeof name, var);
    snprintf(text, sizeof text, "%s %s", reason_names[reason], name);
    int n = snprintf(args, sizeof args,
                     "\"bytes\":%llu,\"variable\":\"%s\",\"from\":\"process %d\",\"to\":\"\","
                     "\"direction\":\"processes\",\"reason\":\"%s\",\"peers\":[",
                     bytes, name, tr.rank, reason_names[reason]);
    /* the messages of this exchange (sent within its time; no time: since
     * the last exchange) */
    peer_list(args, sizeof args, n, started < 0 ? -1.0 : started);
    tr.peer_count = 0;
    span(text, "comm", 0, now - seconds, now, args);
    pthread_mutex_unlock(&tr.lock);
}

void trace_stage_(double started)
{
    double now = dvmh_wtime();
    pthread_mutex_lock(&tr.lock);
    char args[2400];
    /* the messages sent since the stage began; they stay noted for the
     * pipeline's total (trace_comm) */
    int n = snprintf(args, sizeof args, "\"bytes\":%llu,\"peers\":[", peer_bytes_since(started));
    peer_list(args, sizeof args, n, started);
    span("across stage", "sync", 0, started, now, args);
    pthread_mutex_unlock(&tr.lock);
}

void trace_op_(const char *name, double started, unsigned long long bytes)
{
    double now = dvmh_wtime();
    pthread_mutex_lock(&tr.lock);
    char args[100];
    snprintf(args, sizeof args, "\"bytes\":%llu", bytes);
    span(name, "sync", 0, started, now, args);
    pthread_mutex_unlock(&tr.lock);
}

void trace_schedule_(const dvmh_loop *l, const loop_piece *pieces, int count)
{
    double now = dvmh_wtime();
    pthread_mutex_lock(&tr.lock);
    char where[700], args[2000], dev[64];
    site(where, sizeof where, l->file, l->line);
    int n = snprintf(args, sizeof args, "\"loop\":\"%s\",\"mode\":\"%s\",\"pieces\":[", where,
                     schedule_mode_name());
    for (int k = 0; k < count && k < DEVICE_MAX; k++)
        n += snprintf(args + n, sizeof args - (size_t)n, "%s{\"device\":\"%s\",\"iterations\":%lld}",
                      k ? "," : "", json_text(dev, sizeof dev, device_get(pieces[k].device)->name),
                      piece_iteration_count(l, &pieces[k]));
    snprintf(args + n, sizeof args - (size_t)n, "]");
    emit("{\"name\":\"schedule %s\",\"cat\":\"schedule\",\"ph\":\"i\",\"s\":\"p\",\"ts\":%.3f,"
         "\"pid\":%d,\"tid\":0,\"args\":{%s}}", where, micros(now), tr.rank, args);
    pthread_mutex_unlock(&tr.lock);
}

void trace_kernel_(const char *name, int device, double started, double seconds)
{
    pthread_mutex_lock(&tr.lock);
    char text[300], args[400];
    json_text(text, sizeof text, name);
    snprintf(args, sizeof args, "\"kernel\":\"%s\",\"gpu_seconds\":%.9f", text, seconds);
    span(text, "kernel", device, started, started + seconds, args);
    pthread_mutex_unlock(&tr.lock);
}

/* Rank 0: FILE holds one JSON object whose traceEvents are every part's
 * events, in rank order. */
static void join_parts(void)
{
    FILE *out = fopen(tr.path, "w");
    if (!out)
        dvmh_fatal(NULL, 0, "DVMH_TRACE: cannot write '%s'", tr.path);
    fprintf(out, "{\"displayTimeUnit\":\"ms\",\"otherData\":{\"producer\":\"C-DVMH\","
                 "\"processes\":%d},\n\"traceEvents\":[", tr.processes);
    size_t n = strlen(tr.path) + 32;
    char *part = dvmh_xmalloc(n);
    bool first = true;
    for (int r = 0; r < tr.processes; r++) {
        snprintf(part, n, "%s.part%d", tr.path, r);
        FILE *in = fopen(part, "r");
        if (!in)
            dvmh_fatal(NULL, 0, "DVMH_TRACE: process %d's part '%s' is missing", r, part);
        size_t got;
        while ((got = fread(tr.buffer, 1, BUFFER_SIZE, in)) > 0) {
            const char *p = tr.buffer;
            if (first && got > 0 && *p == ',') {
                p++;
                got--;
            }
            first = false;
            fwrite(p, 1, got, out);
        }
        fclose(in);
        remove(part);
    }
    fprintf(out, "\n]}\n");
    if (fclose(out) != 0)
        dvmh_fatal(NULL, 0, "DVMH_TRACE: cannot write '%s'", tr.path);
    free(part);
}

void trace_finish(void)
{
    if (!trace_on)
        return;
    double now = dvmh_wtime();
    pthread_mutex_lock(&tr.lock);
    char args[100];
    snprintf(args, sizeof args, "\"processes\":%d", tr.processes);
    span("program", "program", 0, tr.started, now, args);
    trace_on = false;
    flush_buffer();
    pthread_mutex_unlock(&tr.lock);
    if (fclose(tr.out) != 0)
        dvmh_fatal(NULL, 0, "DVMH_TRACE: cannot write '%s'", tr.part);
    comm_barrier();
    if (tr.rank == 0)
        join_parts();
    free(tr.buffer);
    free(tr.part);
    free(tr.path);
    tr.buffer = tr.part = tr.path = NULL;
}
