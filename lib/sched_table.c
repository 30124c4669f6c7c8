/* sched_table.c: time tables of the scheduling model and the balancing of
 * work by them. A table holds (work, time) points of one loop on one device
 * with one handler variant; between points time is interpolated linearly,
 * outside them the device's performance (work per second) follows
 * a + b*ln(work), fitted by least squares on the points, up to saturation
 * (docs/runtime.md, "The dynamic model and scheme files"). */
#include "sched_internal.h"

#include <math.h>
#include <string.h>

#define SAME_WORK 1e-3              /* relative: points this close are one */
#define COUNT_CAP 8                 /* a point averages at most this many runs */
#define SATURATION 4.0              /* performance stops growing at 4x the largest point */
#define MIN_SECONDS 1e-9

static void refresh(sched_table *t);

/* Merges the two neighbouring points closest in ln(work) (a full table). */
static void merge_closest(sched_table *t)
{
    int best = 0;
    double gap = INFINITY;
    for (int i = 0; i + 1 < t->n; i++) {
        double g = log(t->p[i + 1].work / t->p[i].work);
        if (g < gap) {
            gap = g;
            best = i;
        }
    }
    sched_point *a = &t->p[best], *b = &t->p[best + 1];
    double ca = (double)a->count, cb = (double)b->count;
    a->work = (a->work * ca + b->work * cb) / (ca + cb);
    a->time = (a->time * ca + b->time * cb) / (ca + cb);
    a->count = a->count + b->count < COUNT_CAP ? a->count + b->count : COUNT_CAP;
    memmove(b, b + 1, sizeof *b * (size_t)(t->n - best - 2));
    t->n--;
}

void table_add(sched_table *t, double work, double seconds)
{
    if (!(work > 0) || !isfinite(work) || !isfinite(seconds))
        return;
    if (seconds < MIN_SECONDS)
        seconds = MIN_SECONDS;
    int i = 0;
    while (i < t->n && t->p[i].work < work * (1 - SAME_WORK))
        i++;
    if (i < t->n && t->p[i].work <= work * (1 + SAME_WORK)) {
        sched_point *p = &t->p[i];
        double c = (double)p->count;
        p->time = (p->time * c + seconds) / (c + 1);
        p->work = (p->work * c + work) / (c + 1);
        if (p->count < COUNT_CAP)
            p->count++;
        refresh(t);
        return;
    }
    if (t->n == SCHED_MAX_POINTS) {
        merge_closest(t);
        i = 0;
        while (i < t->n && t->p[i].work < work)
            i++;
    }
    memmove(&t->p[i + 1], &t->p[i], sizeof t->p[0] * (size_t)(t->n - i));
    t->p[i] = (sched_point){work, seconds, 1};
    t->n++;
    refresh(t);
}

/* perf(w) = a + b ln w by least squares on the points; b >= 0 (the model's
 * performance never falls with more work): a fit falling gets b = 0, the
 * mean performance. The floor (at least b) keeps w / perf(w) increasing. */
static void refresh(sched_table *t)
{
    double sx = 0, sy = 0, sxx = 0, sxy = 0, n = t->n, best = 0, m = 0;
    for (int i = 0; i < t->n; i++) {
        double x = log(t->p[i].work), y = t->p[i].work / t->p[i].time;
        sx += x;
        sy += y;
        sxx += x * x;
        sxy += x * y;
        best = fmax(best, y);
        t->mono[i] = m = fmax(m, t->p[i].time);
    }
    double var = sxx - sx * sx / n;
    t->b = t->n >= 2 && var > 1e-12 ? (sxy - sx * sy / n) / var : 0;
    if (!(t->b > 0))
        t->b = 0;
    t->a = (sy - t->b * sx) / n;
    t->floor = fmax(t->b, 1e-3 * best);
}

/* The fitted performance at w. */
static double perf(const sched_table *t, double w)
{
    return fmax(t->a + t->b * log(w), t->floor);
}

/* The last point at or below work (-1: none). */
static int point_below(const sched_table *t, double work)
{
    int lo = -1, hi = t->n; /* p[lo].work <= work < p[hi].work */
    while (hi - lo > 1) {
        int mid = (lo + hi) / 2;
        if (t->p[mid].work <= work)
            lo = mid;
        else
            hi = mid;
    }
    return lo;
}

double table_time(const sched_table *t, double work)
{
    if (!(work > 0) || t->n == 0)
        return 0;
    const sched_point *lo = &t->p[0], *hi = &t->p[t->n - 1];
    if (work < lo->work)
        return lo->time * (work / lo->work) * perf(t, lo->work) / perf(t, work);
    if (work > hi->work) {
        double top = fmin(work, SATURATION * hi->work);
        return t->mono[t->n - 1] * (work / hi->work) * perf(t, hi->work) / perf(t, top);
    }
    int i = point_below(t, work);
    if (i + 1 >= t->n)
        return t->mono[t->n - 1];
    double f = (work - t->p[i].work) / (t->p[i + 1].work - t->p[i].work);
    return t->mono[i] + (t->mono[i + 1] - t->mono[i]) * f;
}

/* A point where the non-decreasing f crosses zero in [lo, hi], f(lo) <= 0
 * < f(hi): Illinois steps (regula falsi that halves a stuck end's value),
 * bisection when a step falls outside; exact on a linear piece. Returns an
 * x with f(x) <= 0 within a relative 1e-12 of the crossing, or one with
 * |f(x)| <= ftol. */
static double crossing(double (*f)(void *, double), void *ctx, double lo, double hi,
                       double ftol)
{
    double flo = f(ctx, lo), fhi = f(ctx, hi);
    int side = 0;
    if (flo == 0)
        return lo;
    for (int it = 0; it < 200 && hi - lo > 1e-12 * hi; it++) {
        double x = lo - flo * (hi - lo) / (fhi - flo);
        if (!(x > lo && x < hi) || it % 8 == 7)
            x = 0.5 * (lo + hi);
        double fx = f(ctx, x);
        if (fabs(fx) <= ftol)
            return x;
        if (fx <= 0) {
            lo = x;
            flo = fx;
            if (side < 0)
                fhi *= 0.5;
            side = -1;
            if (fx == 0)
                break;
        } else {
            hi = x;
            fhi = fx;
            if (side > 0)
                flo *= 0.5;
            side = 1;
        }
    }
    return lo;
}

typedef struct table_goal {
    const sched_table *t;
    double finish;
} table_goal;

static double table_late(void *arg, double work)
{
    const table_goal *g = arg;
    return table_time(g->t, work) - g->finish;
}

/* The most work in (lo, hi) within finish (time increasing there). */
static double bisect_work(const sched_table *t, double finish, double lo, double hi)
{
    table_goal g = {t, finish};
    return crossing(table_late, &g, lo, hi, 1e-12 * finish);
}

double table_work_within(const sched_table *t, double finish, double total)
{
    if (t->n == 0 || table_time(t, total) <= finish)
        return total;
    if (!(finish > 0))
        return 0;
    if (finish < t->p[0].time)
        return bisect_work(t, finish, 0, fmin(total, t->p[0].work));
    if (finish >= t->mono[t->n - 1])
        return bisect_work(t, finish, t->p[t->n - 1].work, total);
    /* between points: the last point finishing in time, then its segment */
    int lo = 0, hi = t->n - 1; /* mono[lo] <= finish < mono[hi] */
    while (hi - lo > 1) {
        int mid = (lo + hi) / 2;
        if (t->mono[mid] <= finish)
            lo = mid;
        else
            hi = mid;
    }
    double f = (finish - t->mono[lo]) / (t->mono[hi] - t->mono[lo]);
    double w = t->p[lo].work + f * (t->p[hi].work - t->p[lo].work);
    return fmin(w, total);
}

/* The most work device k finishes within finish seconds, by bisection on
 * its time function (non-decreasing). */
typedef struct generic {
    sched_time_fn t;
    void *ctx;
} generic;

typedef struct generic_goal {
    const generic *g;
    int k;
    double finish;
} generic_goal;

static double generic_late(void *arg, double work)
{
    const generic_goal *q = arg;
    return q->g->t(q->g->ctx, q->k, work) - q->finish;
}

static double generic_within(void *arg, int k, double finish, double total)
{
    const generic *g = arg;
    if (g->t(g->ctx, k, total) <= finish)
        return total;
    if (!(finish > 0))
        return 0;
    generic_goal q = {g, k, finish};
    return crossing(generic_late, &q, 0, total, 1e-12 * finish);
}

static double generic_time(void *arg, int k, double work)
{
    const generic *g = arg;
    return g->t(g->ctx, k, work);
}

typedef struct balance_goal {
    int n;
    sched_inverse_fn inv;
    void *ctx;
    double work;
} balance_goal;

/* The work the devices finish within finish seconds beyond the work to
 * do (negative: short of it). */
static double balance_excess(void *arg, double finish)
{
    const balance_goal *b = arg;
    double sum = 0;
    for (int k = 0; k < b->n; k++)
        sum += b->inv(b->ctx, k, finish, b->work);
    return sum - b->work;
}

void sched_balance_inverse(int n, sched_time_fn t, sched_inverse_fn inv, void *ctx,
                           double work, double *fraction)
{
    if (n <= 0)
        return;
    if (!(work > 0)) {
        for (int k = 0; k < n; k++)
            fraction[k] = 1.0 / n;
        return;
    }
    /* the finish time lies between 0 and the fastest device doing it all */
    balance_goal b = {n, inv, ctx, work};
    double hi = INFINITY;
    for (int k = 0; k < n; k++)
        hi = fmin(hi, t(ctx, k, work));
    double finish = balance_excess(&b, hi) > 0 ? crossing(balance_excess, &b, 0, hi, 1e-9 * work) : hi;
    double sum = 0;
    for (int k = 0; k < n; k++)
        sum += fraction[k] = inv(ctx, k, finish, work);
    for (int k = 0; k < n; k++)
        fraction[k] = sum > 0 ? fraction[k] / sum : 1.0 / n;
}

void sched_balance(int n, sched_time_fn t, void *ctx, double work, double *fraction)
{
    generic g = {t, ctx};
    sched_balance_inverse(n, generic_time, generic_within, &g, work, fraction);
}

void sched_rebalance(int n, const double *prev, const double *work, const double *seconds,
                     double *fraction)
{
    double speed[SCHED_MAX_DEVICES], known = 0, prev_known = 0, sum = 0;
    for (int k = 0; k < n; k++) {
        double p = prev ? prev[k] : 1.0 / n;
        speed[k] = work[k] > 0 && seconds[k] > 0 ? work[k] / seconds[k] : -1;
        if (speed[k] >= 0) {
            known += speed[k];
            prev_known += p;
        }
    }
    /* the timed devices share what they had, by speed; the others keep theirs */
    for (int k = 0; k < n; k++) {
        double p = prev ? prev[k] : 1.0 / n;
        fraction[k] = speed[k] >= 0 && known > 0 ? prev_known * speed[k] / known : p;
        sum += fraction[k];
    }
    for (int k = 0; k < n; k++)
        fraction[k] = sum > 0 ? fraction[k] / sum : 1.0 / n;
}

double sched_split_moved(int ndev, const double *from, const double *to)
{
    double a = 0, b = 0, kept = 0;
    for (int d = 0; d < ndev; d++) {
        double lo = fmax(a, b), hi = fmin(a + from[d], b + to[d]);
        if (hi > lo)
            kept += hi - lo;
        a += from[d];
        b += to[d];
    }
    double moved = 1 - kept;
    return moved < 0 ? 0 : moved > 1 ? 1 : moved;
}
