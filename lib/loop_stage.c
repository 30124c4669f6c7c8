/* loop_stage.c: choosing the stage of an across loop's pipeline.
 *
 * A pipeline of hops processes in a row over rows stage-dimension
 * iterations in stages of s takes about
 *     (rows / s + hops) * (s * c + k * latency)
 * where c is the time of one stage-dimension iteration of a process's part
 * (its compute plus the per-byte cost of the edge it sends), k the
 * messages a process sends per stage and latency the cost of one message
 * (the runtime's own work per stage, measured, counts with it): small
 * stages fill the pipeline quickly but pay the latency often. The minimum
 * is at
 *     s = sqrt(rows * k * latency / (hops * c)).
 * The first run of a loop site (without stage(N)) uses a stage of
 * rows / (4 * processes) and measures c, k and the bytes per row; at its end
 * the processes agree on the largest of each (the slowest process sets the
 * pace), measure the latency and the per-byte cost with a ping-pong, and the
 * site keeps the stage for its later runs. */
#include "loop_stage.h"
#include "alloc.h"
#include "comm.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

struct stage_site {
    const char *file;
    int line;
    comm_group *group;       /* the choice holds for the group it was made in */
    int processes;
    long runs;
    dvmh_idx chosen;         /* 0: not chosen yet */
    dvmh_idx last_stage;
    bool given;
    double latency, per_byte, seconds_per_row, messages_per_stage, stage_overhead;
    long long stages, messages;
    double compute, wait;
    stage_site *next;
};

static stage_site *sites, **sites_tail = &sites;

static stage_site *find_site(const char *file, int line)
{
    for (stage_site *s = sites; s; s = s->next)
        if (s->line == line && (s->file == file || !strcmp(s->file, file)))
            return s;
    stage_site *s = dvmh_xcalloc(1, sizeof *s);
    s->file = file;
    s->line = line;
    *sites_tail = s;
    sites_tail = &s->next;
    return s;
}

dvmh_idx lstage_optimum(dvmh_idx rows, int hops, double seconds_per_row, double latency)
{
    if (rows < 1)
        return 1;
    if (hops < 1)
        hops = 1;
    if (!(seconds_per_row > 0))
        return rows; /* nothing to overlap: one stage, fewest messages */
    double s = sqrt((double)rows * latency / ((double)hops * seconds_per_row));
    if (!(s >= 1))
        return 1;
    return s >= (double)rows ? rows : (dvmh_idx)(s + 0.5);
}

void lstage_begin(const char *file, int line, dvmh_idx rows, int hops, dvmh_idx given, bool one,
                  stage_run *r)
{
    memset(r, 0, sizeof *r);
    stage_site *s = find_site(file, line);
    /* another group (a subtask's): its processes have their own history */
    if (s->group != comm_group_current() || s->processes != comm_process_count()) {
        s->group = comm_group_current();
        s->processes = comm_process_count();
        s->chosen = 0;
        s->runs = 0;
    }
    r->site = s;
    r->rows = rows;
    r->hops = hops < 1 ? 1 : hops;
    s->given = given > 0;
    if (one)
        r->stage = 1;
    else if (given > 0)
        r->stage = given;
    else if (s->chosen > 0)
        r->stage = s->chosen;
    else {
        r->stage = rows / (4 * comm_process_count());
        r->measure = true;
    }
    if (r->stage < 1)
        r->stage = 1;
    if (r->stage > rows && rows > 0)
        r->stage = rows;
}

/* The site's choice from the measured run: the same on every process. */
static void choose(stage_site *s, const stage_run *r)
{
    double overhead = r->staged - r->compute - r->wait;
    double local[4] = {
        r->local_rows > 0 ? r->compute / (double)r->local_rows : 0,
        r->stages > 0 ? (double)r->messages / (double)r->stages : 0,
        r->rows > 0 ? (double)r->bytes / (double)r->rows : 0,
        r->stages > 0 && overhead > 0 ? overhead / (double)r->stages : 0,
    };
    comm_allreduce(DVMH_RED_MAX, DVMH_T_DOUBLE, local, 4, NULL, 0, 0);
    comm_message_cost(&s->latency, &s->per_byte);
    s->seconds_per_row = local[0] + s->per_byte * local[2];
    s->messages_per_stage = local[1] > 1 ? local[1] : 1;
    s->stage_overhead = local[3];
    s->chosen = lstage_optimum(r->rows, r->hops, s->seconds_per_row,
                               s->latency * s->messages_per_stage + s->stage_overhead);
}

void lstage_end(stage_run *r)
{
    stage_site *s = r->site;
    s->runs++;
    s->last_stage = r->stage;
    s->stages += r->stages;
    s->messages += (long long)r->messages;
    s->compute += r->compute;
    s->wait += r->wait;
    if (r->measure)
        choose(s, r);
}

void lstage_report(FILE *out)
{
    for (stage_site *s = sites; s; s = s->next) {
        fprintf(out, "pipeline %s:%d, %ld run%s\n", s->file, s->line, s->runs,
                s->runs == 1 ? "" : "s");
        if (s->given)
            fprintf(out, "    stage %lld (given)\n", (long long)s->last_stage);
        else if (s->chosen > 0)
            fprintf(out,
                    "    stage %lld (chosen: %.3g s per row, %.3g s per message, %.3g messages "
                    "and %.3g s of runtime work per stage)\n",
                    (long long)s->chosen, s->seconds_per_row, s->latency, s->messages_per_stage,
                    s->stage_overhead);
        else
            fprintf(out, "    stage %lld\n", (long long)s->last_stage);
        fprintf(out, "    %lld stages, %lld messages sent, %.6f s computing, %.6f s waiting\n",
                s->stages, s->messages, s->compute, s->wait);
    }
}
