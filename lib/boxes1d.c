/* boxes1d.c: rank-1 box sets as sorted, coalesced segment lists (see
 * boxes1d.h). Every operation finds the segments it touches by binary
 * search and rewrites only that range, or merges two lists in one pass. */
#include "boxes1d.h"
#include "alloc.h"

#include <stdlib.h>
#include <string.h>

/* Sets with this many boxes or fewer are added or subtracted box by box;
 * bigger ones are merged in one linear pass. */
enum { FEW_BOXES = 8 };

static box seg(dvmh_idx lo, dvmh_idx hi)
{
    box b = {.rank = 1};
    b.lo[0] = lo;
    b.hi[0] = hi;
    return b;
}

static void reserve(box_set *s, int n)
{
    if (n <= s->capacity)
        return;
    int grown = s->capacity ? 2 * s->capacity : 8;
    if (grown < n)
        grown = n;
    s->boxes = dvmh_xrealloc(s->boxes, sizeof *s->boxes * (size_t)grown);
    s->capacity = grown;
}

static void push(box_set *s, dvmh_idx lo, dvmh_idx hi)
{
    reserve(s, s->count + 1);
    s->boxes[s->count++] = seg(lo, hi);
}

/* The first segment whose hi is >= x (count when none). */
static int first_hi_from(const box_set *s, dvmh_idx x)
{
    int a = 0, b = s->count;
    while (a < b) {
        int m = a + (b - a) / 2;
        if (s->boxes[m].hi[0] >= x)
            b = m;
        else
            a = m + 1;
    }
    return a;
}

/* The first segment from 'from' on whose lo is > x (count when none). */
static int first_lo_above(const box_set *s, int from, dvmh_idx x)
{
    int a = from, b = s->count;
    while (a < b) {
        int m = a + (b - a) / 2;
        if (s->boxes[m].lo[0] > x)
            b = m;
        else
            a = m + 1;
    }
    return a;
}

/* Replaces the segments [i, j) of s with the n segments 'with'. */
static void replace(box_set *s, int i, int j, const box *with, int n)
{
    int grow = n - (j - i);
    reserve(s, s->count + grow);
    memmove(&s->boxes[j + grow], &s->boxes[j], sizeof *s->boxes * (size_t)(s->count - j));
    for (int k = 0; k < n; k++)
        s->boxes[i + k] = with[k];
    s->count += grow;
}

void seg_set_add(box_set *s, dvmh_idx lo, dvmh_idx hi)
{
    if (lo > hi)
        return;
    /* segments [i, j) overlap [lo, hi] or touch it: they merge into one */
    int i = first_hi_from(s, lo - 1);
    int j = first_lo_above(s, i, hi + 1);
    if (i < j) {
        if (s->boxes[i].lo[0] < lo)
            lo = s->boxes[i].lo[0];
        if (s->boxes[j - 1].hi[0] > hi)
            hi = s->boxes[j - 1].hi[0];
    }
    box merged = seg(lo, hi);
    replace(s, i, j, &merged, 1);
}

void seg_set_append(box_set *s, dvmh_idx lo, dvmh_idx hi)
{
    if (lo > hi)
        return;
    box *last = s->count ? &s->boxes[s->count - 1] : NULL;
    if (!last || last->hi[0] + 1 < lo)
        push(s, lo, hi);
    else if (last->hi[0] + 1 == lo)
        last->hi[0] = hi; /* continues the last segment */
    else
        seg_set_add(s, lo, hi); /* not after the last one: the general way */
}

void seg_set_subtract(box_set *s, dvmh_idx lo, dvmh_idx hi)
{
    if (lo > hi)
        return;
    int i = first_hi_from(s, lo);
    int j = first_lo_above(s, i, hi);
    if (i >= j)
        return; /* nothing meets [lo, hi] */
    box pieces[2];
    int n = 0;
    if (s->boxes[i].lo[0] < lo)
        pieces[n++] = seg(s->boxes[i].lo[0], lo - 1);
    if (s->boxes[j - 1].hi[0] > hi)
        pieces[n++] = seg(hi + 1, s->boxes[j - 1].hi[0]);
    replace(s, i, j, pieces, n);
}

void seg_set_intersect(const box_set *s, dvmh_idx lo, dvmh_idx hi, box_set *out)
{
    out->rank = 1;
    out->count = 0;
    if (lo > hi)
        return;
    int i = first_hi_from(s, lo);
    int j = first_lo_above(s, i, hi);
    reserve(out, j - i);
    for (int k = i; k < j; k++) {
        dvmh_idx a = s->boxes[k].lo[0], b = s->boxes[k].hi[0];
        out->boxes[out->count++] = seg(a > lo ? a : lo, b < hi ? b : hi);
    }
}

void seg_set_missing(const box_set *s, dvmh_idx lo, dvmh_idx hi, box_set *out)
{
    out->rank = 1;
    out->count = 0;
    if (lo > hi)
        return;
    int i = first_hi_from(s, lo);
    int j = first_lo_above(s, i, hi);
    dvmh_idx cur = lo; /* the first index not yet passed */
    for (int k = i; k < j; k++) {
        if (s->boxes[k].lo[0] > cur)
            push(out, cur, s->boxes[k].lo[0] - 1);
        cur = s->boxes[k].hi[0] + 1;
    }
    if (j == i || s->boxes[j - 1].hi[0] < hi)
        push(out, cur, hi);
}

/* s = s union t in one pass over both lists. */
static void merge_sets(box_set *s, const box_set *t)
{
    box_set out;
    box_set_init(&out, 1);
    reserve(&out, s->count + t->count);
    int a = 0, b = 0;
    while (a < s->count || b < t->count) {
        const box *next;
        if (b == t->count || (a < s->count && s->boxes[a].lo[0] <= t->boxes[b].lo[0]))
            next = &s->boxes[a++];
        else
            next = &t->boxes[b++];
        box *last = out.count ? &out.boxes[out.count - 1] : NULL;
        if (last && last->hi[0] + 1 >= next->lo[0]) {
            if (next->hi[0] > last->hi[0])
                last->hi[0] = next->hi[0];
        } else {
            out.boxes[out.count++] = seg(next->lo[0], next->hi[0]);
        }
    }
    free(s->boxes);
    *s = out;
}

void seg_set_add_set(box_set *s, const box_set *t)
{
    if (t->count == 0)
        return;
    if (s->count == 0 || s->boxes[s->count - 1].hi[0] < t->boxes[0].lo[0]) {
        for (int k = 0; k < t->count; k++) /* t lies after s: each one appends */
            seg_set_append(s, t->boxes[k].lo[0], t->boxes[k].hi[0]);
    } else if (t->count <= FEW_BOXES) {
        for (int k = 0; k < t->count; k++)
            seg_set_add(s, t->boxes[k].lo[0], t->boxes[k].hi[0]);
    } else {
        merge_sets(s, t);
    }
}

void seg_set_subtract_set(box_set *s, const box_set *t)
{
    if (t->count <= FEW_BOXES) {
        for (int k = 0; k < t->count && s->count > 0; k++)
            seg_set_subtract(s, t->boxes[k].lo[0], t->boxes[k].hi[0]);
        return;
    }
    /* each segment of t splits at most one segment of s in two */
    box_set out;
    box_set_init(&out, 1);
    reserve(&out, s->count + t->count);
    int first = 0; /* the first segment of t that can meet the current one of s */
    for (int a = 0; a < s->count; a++) {
        dvmh_idx lo = s->boxes[a].lo[0], hi = s->boxes[a].hi[0];
        while (first < t->count && t->boxes[first].hi[0] < lo)
            first++;
        dvmh_idx cur = lo;
        for (int b = first; b < t->count && t->boxes[b].lo[0] <= hi && cur <= hi; b++) {
            if (t->boxes[b].lo[0] > cur)
                out.boxes[out.count++] = seg(cur, t->boxes[b].lo[0] - 1);
            if (t->boxes[b].hi[0] + 1 > cur)
                cur = t->boxes[b].hi[0] + 1;
        }
        if (cur <= hi)
            out.boxes[out.count++] = seg(cur, hi);
    }
    free(s->boxes);
    *s = out;
}
