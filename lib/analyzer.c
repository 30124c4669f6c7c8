/* analyzer.c: the characteristics of DVMH_STATS. Every instant of the main
 * thread goes to one class: the innermost thing running (a piece, a copy,
 * an exchange, a reduction), else the loop's overhead inside a loop, else
 * sequential work; each open scope accumulates it. Spans are reported when
 * they end (with their start), and nest inside the loops and scopes. */
#include "analyzer.h"
#include "comm.h"

#include <string.h>

enum { SCOPE_MAX = 64 };

static struct {
    an_times *open[SCOPE_MAX];
    int depth;
    int loops;                      /* parallel loops running */
    double last;                    /* accounted up to */
} an;

/* Time since the last accounting up to t goes to class c of every open
 * scope. */
static void account(double t, int c)
{
    if (t <= an.last)
        return;
    for (int k = 0; k < an.depth && k < SCOPE_MAX; k++)
        an.open[k]->time[c] += t - an.last;
    an.last = t;
}

static int background(void)
{
    return an.loops > 0 ? AN_OVERHEAD : AN_SEQUENTIAL;
}

void analyzer_start(an_times *program)
{
    memset(&an, 0, sizeof an);
    an.last = dvmh_wtime();
    analyzer_push(program);
}

void analyzer_push(an_times *t)
{
    double now = dvmh_wtime();
    account(now, background());
    t->opened = now;
    if (an.depth < SCOPE_MAX)
        an.open[an.depth] = t;
    an.depth++;
}

void analyzer_pop(void)
{
    double now = dvmh_wtime();
    account(now, background());
    if (an.depth > 0 && --an.depth < SCOPE_MAX)
        an.open[an.depth]->elapsed += now - an.open[an.depth]->opened;
}

void analyzer_loop(int begin)
{
    account(dvmh_wtime(), background());
    an.loops += begin ? 1 : -1;
}

void analyzer_span(int c, double started)
{
    double now = dvmh_wtime();
    account(started, background());
    account(now, c);
}

void analyzer_stop(void)
{
    while (an.depth > 0)
        analyzer_pop();
}

enum {
    LINE_EXEC, LINE_PRODUCTIVE, LINE_INSUFFICIENT, LINE_COMM, LINE_IDLE, LINE_IMBALANCE,
    LINE_SYNC, LINE_DATA_HD, LINE_DATA_DD, LINE_OVERHEAD, LINES
};
static const char *const line_names[LINES] = {
    "execution time", "productive time", "insufficient parallelism", "communication",
    "idle time", "load imbalance", "synchronization", "data motion host-device",
    "data motion device-device", "runtime overhead",
};

void analyzer_print(FILE *out, const char *indent, const an_times *t,
                    const double *device_seconds)
{
    int P = comm_process_count();
    double T = t->elapsed, parallel = t->time[AN_PIECE];
    comm_allreduce(DVMH_RED_MAX, DVMH_T_DOUBLE, &T, 1, NULL, 0, 0);
    double fastest = parallel;
    comm_allreduce(DVMH_RED_MAX, DVMH_T_DOUBLE, &fastest, 1, NULL, 0, 0);
    double v[LINES + DEVICE_MAX];
    memset(v, 0, sizeof v);
    double seq = t->time[AN_SEQUENTIAL];
    v[LINE_EXEC] = T;
    v[LINE_PRODUCTIVE] = parallel + seq / P;
    v[LINE_INSUFFICIENT] = seq * (P - 1) / P;
    v[LINE_COMM] = t->time[AN_COMM];
    v[LINE_SYNC] = t->time[AN_SYNC];
    v[LINE_IDLE] = T - t->elapsed;
    v[LINE_DATA_HD] = t->time[AN_DATA_HD];
    v[LINE_DATA_DD] = t->time[AN_DATA_DD];
    v[LINE_OVERHEAD] = t->time[AN_OVERHEAD];
    /* the slowest process's loop work minus this one's: the time this one
     * waits for it, in exchanges, reductions or at the end */
    double imbalance = fastest - parallel;
    const int takes[] = {LINE_COMM, LINE_SYNC, LINE_IDLE};
    for (int k = 0; k < 3; k++) {
        double take = imbalance < v[takes[k]] ? imbalance : v[takes[k]];
        v[takes[k]] -= take;
        v[LINE_IMBALANCE] += take;
        imbalance -= take;
    }
    int devices = device_count();
    for (int d = 0; d < devices; d++)
        v[LINES + d] = device_seconds[d];
    double sum[LINES + DEVICE_MAX];
    memcpy(sum, v, sizeof sum);
    comm_allreduce(DVMH_RED_SUM, DVMH_T_DOUBLE, sum, LINES + devices, NULL, 0, 0);
    double lost = 0, lost_sum = 0;
    for (int k = LINE_INSUFFICIENT; k < LINES; k++) {
        lost += v[k];
        lost_sum += sum[k];
    }
    char col[32];
    snprintf(col, sizeof col, "process %d", comm_process_rank());
    fprintf(out, "%s%-30s %14s %14s\n", indent, "characteristic", col, "sum");
    fprintf(out, "%s%-30s %14.6f %14.6f\n", indent, line_names[LINE_EXEC], T, T * P);
    fprintf(out, "%s%-30s %14.6f %14.6f\n", indent, line_names[LINE_PRODUCTIVE],
            v[LINE_PRODUCTIVE], sum[LINE_PRODUCTIVE]);
    for (int d = 0; d < devices; d++) {
        char name[40];
        snprintf(name, sizeof name, "  on %s", device_get(d)->name);
        fprintf(out, "%s%-30s %14.6f %14.6f\n", indent, name, v[LINES + d], sum[LINES + d]);
    }
    fprintf(out, "%s%-30s %14.3f %14.3f\n", indent, "parallel efficiency",
            T > 0 ? v[LINE_PRODUCTIVE] / T : 1.0, T > 0 ? sum[LINE_PRODUCTIVE] / (T * P) : 1.0);
    fprintf(out, "%s%-30s %14.6f %14.6f\n", indent, "lost time", lost, lost_sum);
    for (int k = LINE_INSUFFICIENT; k < LINES; k++) {
        char name[40];
        snprintf(name, sizeof name, "  %s", line_names[k]);
        fprintf(out, "%s%-30s %14.6f %14.6f\n", indent, name, v[k], sum[k]);
    }
}
