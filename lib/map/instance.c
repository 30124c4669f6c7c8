/* instance.c: moldable instances (tasks, processor ranges, time tables),
 * their reading from the dvmh-map text format, and the lower bounds. */
#include "dvmh_map.h"
#include "map_prep.h"

#include <stdlib.h>
#include <string.h>

dvmh_map_instance *dvmh_map_instance_new(int ntasks, int nprocs)
{
    dvmh_map_instance *inst = calloc(1, sizeof *inst);
    if (!inst)
        return NULL;
    inst->ntasks = ntasks;
    inst->nprocs = nprocs;
    inst->kmin = calloc((size_t)ntasks + 1, sizeof(int));
    inst->kmax = calloc((size_t)ntasks + 1, sizeof(int));
    inst->time = calloc((size_t)ntasks + 1, sizeof(double *));
    if (!inst->kmin || !inst->kmax || !inst->time) {
        dvmh_map_instance_free(inst);
        return NULL;
    }
    return inst;
}

int dvmh_map_instance_set_task(dvmh_map_instance *inst, int t, int kmin, int kmax,
                               const double *times)
{
    if (t < 0 || t >= inst->ntasks || kmin < 1 || kmax < kmin || kmax > inst->nprocs)
        return -1;
    double *copy = malloc(sizeof(double) * (size_t)(kmax - kmin + 1));
    if (!copy)
        return -1;
    memcpy(copy, times, sizeof(double) * (size_t)(kmax - kmin + 1));
    free(inst->time[t]);
    inst->time[t] = copy;
    inst->kmin[t] = kmin;
    inst->kmax[t] = kmax;
    return 0;
}

void dvmh_map_instance_free(dvmh_map_instance *inst)
{
    if (!inst)
        return;
    if (inst->time)
        for (int t = 0; t < inst->ntasks; t++)
            free(inst->time[t]);
    free(inst->time);
    free(inst->kmin);
    free(inst->kmax);
    free(inst);
}

double dvmh_map_time(const dvmh_map_instance *inst, int t, int k)
{
    return inst->time[t][k - inst->kmin[t]];
}

double dvmh_map_lower_bound_trivial(const dvmh_map_instance *inst)
{
    double longest = 0, area = 0;
    for (int t = 0; t < inst->ntasks; t++) {
        double tmin = -1, amin = -1;
        for (int k = inst->kmin[t]; k <= inst->kmax[t]; k++) {
            double x = dvmh_map_time(inst, t, k);
            if (tmin < 0 || x < tmin)
                tmin = x;
            if (amin < 0 || x * k < amin)
                amin = x * k;
        }
        if (tmin > longest)
            longest = tmin;
        area += amin;
    }
    area /= inst->nprocs;
    return longest > area ? longest : area;
}

double dvmh_map_lower_bound(const dvmh_map_instance *inst)
{
    map_prep prep;
    if (map_prep_init(&prep, inst))
        return dvmh_map_lower_bound_trivial(inst);
    double lb = prep.lb;
    map_prep_free(&prep);
    return lb;
}

/* Reads one integer or number token, counting lines. */
static int map_next_token(FILE *in, char *buf, int len, int *line)
{
    int c;
    do {
        c = fgetc(in);
        if (c == '#')
            while (c != '\n' && c != EOF)
                c = fgetc(in);
        if (c == '\n')
            (*line)++;
    } while (c == ' ' || c == '\t' || c == '\r' || c == '\n');
    if (c == EOF)
        return 0;
    int n = 0;
    while (c != EOF && c != ' ' && c != '\t' && c != '\r' && c != '\n' && c != '#') {
        if (n < len - 1)
            buf[n++] = (char)c;
        c = fgetc(in);
    }
    buf[n] = 0;
    if (c != EOF)
        ungetc(c, in);
    return 1;
}

static int map_read_int(FILE *in, int *line, long *out, char *err, int errlen, const char *what)
{
    char buf[64], *end;
    if (!map_next_token(in, buf, sizeof buf, line)) {
        snprintf(err, (size_t)errlen, "line %d: unexpected end of file, expected %s", *line, what);
        return -1;
    }
    *out = strtol(buf, &end, 10);
    if (*end) {
        snprintf(err, (size_t)errlen, "line %d: expected %s, got '%s'", *line, what, buf);
        return -1;
    }
    return 0;
}

dvmh_map_instance *dvmh_map_instance_read(FILE *in, char *err, int errlen)
{
    int line = 1;
    long n, m;
    if (map_read_int(in, &line, &n, err, errlen, "task count N") ||
        map_read_int(in, &line, &m, err, errlen, "processor count M"))
        return NULL;
    if (n < 1 || m < 1 || n > 10000000 || m > 10000000) {
        snprintf(err, (size_t)errlen, "line %d: N and M must be positive", line);
        return NULL;
    }
    dvmh_map_instance *inst = dvmh_map_instance_new((int)n, (int)m);
    double *times = malloc(sizeof(double) * (size_t)m);
    if (!inst || !times) {
        snprintf(err, (size_t)errlen, "out of memory");
        goto fail;
    }
    for (int t = 0; t < n; t++) {
        long kmin, kmax;
        if (map_read_int(in, &line, &kmin, err, errlen, "kmin") ||
            map_read_int(in, &line, &kmax, err, errlen, "kmax"))
            goto fail;
        if (kmin < 1 || kmax < kmin || kmax > m) {
            snprintf(err, (size_t)errlen, "line %d: task %d: need 1 <= kmin <= kmax <= M", line, t);
            goto fail;
        }
        for (long k = kmin; k <= kmax; k++) {
            char buf[64], *end;
            if (!map_next_token(in, buf, sizeof buf, &line)) {
                snprintf(err, (size_t)errlen, "line %d: unexpected end of file in task %d times", line, t);
                goto fail;
            }
            double x = strtod(buf, &end);
            if (*end || !(x > 0) || x > 1e300) {
                snprintf(err, (size_t)errlen, "line %d: task %d: time must be a positive number, got '%s'",
                         line, t, buf);
                goto fail;
            }
            times[k - kmin] = x;
        }
        dvmh_map_instance_set_task(inst, t, (int)kmin, (int)kmax, times);
    }
    char buf[64];
    if (map_next_token(in, buf, sizeof buf, &line)) {
        snprintf(err, (size_t)errlen, "line %d: unexpected '%s' after the last task", line, buf);
        goto fail;
    }
    free(times);
    return inst;
fail:
    free(times);
    dvmh_map_instance_free(inst);
    return NULL;
}
