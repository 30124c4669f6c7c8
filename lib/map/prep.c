/* prep.c: per-instance precomputation of the moldable algorithms: the
 * frontier of useful allotments of every task and the deadline lower bound
 * found by bisection over the frontier's step function (map_prep.h). */
#include "map_prep.h"

#include <stdlib.h>

typedef struct map_point {
    double time, area;
    int k;
} map_point;

static int map_cmp_point(const void *a, const void *b)
{
    const map_point *x = a, *y = b;
    if (x->time != y->time)
        return (x->time > y->time) - (x->time < y->time);
    if (x->area != y->area)
        return (x->area > y->area) - (x->area < y->area);
    return x->k - y->k;
}

/* Pareto frontier of (time, area) for a task whose area falls somewhere:
 * sorted by time, kept where the area is below every faster-or-equal one. */
static int map_front_general(const dvmh_map_instance *inst, int t, int *out)
{
    int n = inst->kmax[t] - inst->kmin[t] + 1;
    map_point *pt = malloc(sizeof(map_point) * (size_t)n);
    if (!pt)
        return -1;
    for (int i = 0; i < n; i++) {
        int k = inst->kmin[t] + i;
        pt[i] = (map_point){inst->time[t][i], inst->time[t][i] * k, k};
    }
    qsort(pt, (size_t)n, sizeof *pt, map_cmp_point);
    int kept = 0;
    double least_area = 0;
    for (int i = 0; i < n; i++)
        if (i == 0 || pt[i].area < least_area) {
            least_area = pt[i].area;
            out[kept++] = pt[i].k;
        }
    /* Kept ascending in time; the frontier runs from slow to fast. */
    for (int i = 0; i < kept / 2; i++) {
        int x = out[i];
        out[i] = out[kept - 1 - i];
        out[kept - 1 - i] = x;
    }
    free(pt);
    return kept;
}

/* Frontier of task t into out (room for its whole range); returns its
 * length, sets *whole when it is the whole range, -1 when out of memory. */
static int map_front_build(const dvmh_map_instance *inst, int t, int *out, unsigned char *whole)
{
    int n = inst->kmax[t] - inst->kmin[t] + 1;
    const double *x = inst->time[t];
    int falling = 1, monotone_work = 1;
    for (int i = 1; i < n; i++) {
        int k = inst->kmin[t] + i;
        if (!(x[i] < x[i - 1]))
            falling = 0;
        /* Rounding of time = work / k must not count as falling area. */
        if (x[i] * k < x[i - 1] * (k - 1) * (1 - 1e-12))
            monotone_work = 0;
    }
    *whole = (unsigned char)(falling && monotone_work);
    if (*whole)
        return n;
    if (!monotone_work)
        return map_front_general(inst, t, out);
    /* Area never falls: an allotment is useful when it is faster than every
     * smaller one. */
    int kept = 0;
    double fastest = 0;
    for (int i = 0; i < n; i++)
        if (i == 0 || x[i] < fastest) {
            fastest = x[i];
            out[kept++] = inst->kmin[t] + i;
        }
    return kept;
}

int map_front_within(const map_prep *prep, int t, double d)
{
    int lo = 0, hi = map_front_len(prep, t) - 1;
    if (map_front_time(prep, t, hi) > d)
        return hi;
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        if (map_front_time(prep, t, mid) <= d)
            hi = mid;
        else
            lo = mid + 1;
    }
    return lo;
}

/* The area step function of the deadline lower bound at d: total least area
 * of the tasks within d (each on the first frontier entry within d), the
 * start of the step (slowest chosen time) and the next step (fastest time of
 * an entry just before a chosen one). Returns 0 when some task cannot finish
 * within d. */
static int map_area_step(const map_prep *prep, double d, double *area, double *step, double *next)
{
    const dvmh_map_instance *inst = prep->inst;
    double a = 0, s = 0, nx = 1e308;
    for (int t = 0; t < inst->ntasks; t++) {
        int j = map_front_within(prep, t, d);
        double x = map_front_time(prep, t, j);
        if (x > d)
            return 0;
        a += x * map_front_k(prep, t, j);
        if (x > s)
            s = x;
        if (j > 0 && map_front_time(prep, t, j - 1) < nx)
            nx = map_front_time(prep, t, j - 1);
    }
    *area = a;
    *step = s;
    *next = nx;
    return 1;
}

static int map_fits(const map_prep *prep, double d)
{
    double a, s, nx;
    return map_area_step(prep, d, &a, &s, &nx) && a <= prep->inst->nprocs * d;
}

/* dvmh_map_lower_bound_trivial from the frontier: its first entry has the
 * least area, its last the least time. */
static double map_trivial_bound(const map_prep *prep)
{
    double longest = 0, area = 0;
    for (int t = 0; t < prep->inst->ntasks; t++) {
        double x = map_front_time(prep, t, map_front_len(prep, t) - 1);
        if (x > longest)
            longest = x;
        area += map_front_time(prep, t, 0) * map_front_k(prep, t, 0);
    }
    area /= prep->inst->nprocs;
    return longest > area ? longest : area;
}

/* Smallest d with area(d) <= M*d, never below the trivial bound. Area is
 * constant on each step [s, next), so inside a step the answer is either its
 * start or area/M; bisection moves to step ends, so it stops on a step. */
static double map_deadline_bound(const map_prep *prep)
{
    const dvmh_map_instance *inst = prep->inst;
    double m = inst->nprocs;
    double lo = map_trivial_bound(prep), hi = 0;
    if (map_fits(prep, lo))
        return lo;
    for (int t = 0; t < inst->ntasks; t++)
        if (map_front_time(prep, t, 0) > hi)
            hi = map_front_time(prep, t, 0);
    /* Everyone on the slowest entry from hi on: the area is final there. */
    double a, s, nx;
    if (hi <= lo || !map_fits(prep, hi)) {
        map_area_step(prep, hi > lo ? hi : lo, &a, &s, &nx);
        return a / m > lo ? a / m : lo;
    }
    for (int iter = 0; iter < 400; iter++) {
        double mid = lo + (hi - lo) / 2;
        if (mid <= lo || mid >= hi)
            break;
        map_area_step(prep, mid, &a, &s, &nx);
        if (a <= m * mid) {
            if (a / m > s)
                return a / m; /* s infeasible, so is everything below */
            hi = s;           /* s feasible: look below it */
        } else if (a / m < nx) {
            return a / m; /* everything up to mid infeasible */
        } else {
            lo = nx; /* the whole step is infeasible */
            if (lo >= hi || map_fits(prep, lo))
                return lo < hi ? lo : hi;
        }
    }
    /* Only when the steps are closer than doubles resolve: hi fits and
     * nothing below lo does, and they are adjacent. */
    return hi;
}

int map_prep_init(map_prep *prep, const dvmh_map_instance *inst)
{
    int n = inst->ntasks;
    size_t room = 0;
    prep->inst = inst;
    prep->len = malloc(sizeof(int) * (size_t)n);
    prep->kofs = malloc(sizeof(int) * (size_t)n);
    prep->whole = malloc((size_t)n);
    prep->ks = NULL;
    int *scratch = malloc(sizeof(int) * (size_t)inst->nprocs);
    if (!prep->len || !prep->kofs || !prep->whole || !scratch)
        goto fail;
    size_t cap = 0;
    for (int t = 0; t < n; t++) {
        int len = map_front_build(inst, t, scratch, &prep->whole[t]);
        if (len < 0)
            goto fail;
        prep->len[t] = len;
        prep->kofs[t] = (int)room;
        if (prep->whole[t])
            continue;
        if (room + (size_t)len > cap) {
            cap = 2 * cap + (size_t)len + 16;
            int *grown = realloc(prep->ks, sizeof(int) * cap);
            if (!grown)
                goto fail;
            prep->ks = grown;
        }
        for (int j = 0; j < len; j++)
            prep->ks[room + (size_t)j] = scratch[j];
        room += (size_t)len;
    }
    free(scratch);
    prep->lb = map_deadline_bound(prep);
    return 0;
fail:
    free(scratch);
    map_prep_free(prep);
    return -1;
}

void map_prep_free(map_prep *prep)
{
    free(prep->len);
    free(prep->kofs);
    free(prep->ks);
    free(prep->whole);
    prep->len = prep->kofs = prep->ks = NULL;
    prep->whole = NULL;
}
