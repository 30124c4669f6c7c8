/* instance.c: moldable instances (tasks, processor ranges, time tables),
 * their reading from the dvmh-map text format, and the lower bounds. */
#include "dvmh_map.h"
#include "map_prep.h"
#include "map_reader.h"

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

dvmh_map_instance *dvmh_map_instance_read(FILE *in, char *err, int errlen)
{
    map_reader r;
    map_reader_init(&r, in, err, errlen);
    long n, m;
    if (map_read_long(&r, 1, 10000000, &n, "task count N") ||
        map_read_long(&r, 1, 10000000, &m, "processor count M"))
        return NULL;
    dvmh_map_instance *inst = dvmh_map_instance_new((int)n, (int)m);
    double *times = malloc(sizeof(double) * (size_t)m);
    if (!inst || !times) {
        snprintf(err, (size_t)errlen, "out of memory");
        goto fail;
    }
    for (int t = 0; t < n; t++) {
        long kmin, kmax;
        if (map_read_long(&r, -1000000000L, 1000000000L, &kmin, "kmin") ||
            map_read_long(&r, -1000000000L, 1000000000L, &kmax, "kmax"))
            goto fail;
        if (kmin < 1 || kmax < kmin || kmax > m) {
            map_read_fail(&r, "task %d: need 1 <= kmin <= kmax <= M", t);
            goto fail;
        }
        char what[64];
        snprintf(what, sizeof what, "task %d: time", t);
        for (long k = kmin; k <= kmax; k++)
            if (map_read_double(&r, 0, 1e300, 1, &times[k - kmin], what))
                goto fail;
        dvmh_map_instance_set_task(inst, t, (int)kmin, (int)kmax, times);
    }
    if (map_read_end(&r, "the last task"))
        goto fail;
    free(times);
    return inst;
fail:
    free(times);
    dvmh_map_instance_free(inst);
    return NULL;
}
