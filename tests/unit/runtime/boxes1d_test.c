/* Rank-1 box sets (lib/boxes1d.c) against a brute-force byte bitmap:
 * random adds, appends, subtractions, intersections, missing parts and
 * set-with-set unions and differences (small sets go box by box, big ones
 * through the linear merges). After every operation the set must hold
 * exactly the bitmap's bytes, sorted by lo, disjoint and never adjacent.
 * Fixed seeds: reproducible. */
#include "boxes.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LEN 160 /* model bytes: 0..LEN-1; boxes may reach a little outside */
#define OFF 8   /* bitmap index of byte -OFF */
#define CELLS (LEN + 2 * OFF)

static int failures;

typedef struct bitmap {
    unsigned char cell[CELLS];
} bitmap;

static box seg(dvmh_idx lo, dvmh_idx hi)
{
    box b = {.rank = 1};
    b.lo[0] = lo;
    b.hi[0] = hi;
    return b;
}

/* A random segment, sometimes empty, sometimes short, sometimes long. */
static box random_seg(void)
{
    dvmh_idx lo = rand() % (LEN + OFF) - OFF / 2;
    int kind = rand() % 4;
    dvmh_idx len = kind == 0 ? rand() % 3 - 1 : kind == 3 ? rand() % LEN : rand() % 12;
    dvmh_idx hi = lo + len - 1;
    if (hi > LEN + OFF / 2)
        hi = LEN + OFF / 2;
    return seg(lo, hi);
}

static void bitmap_set(bitmap *m, const box *b, unsigned char v)
{
    for (dvmh_idx x = b->lo[0]; x <= b->hi[0]; x++)
        m->cell[x + OFF] = v;
}

static void report(int seed, int step, const char *what, const char *why)
{
    if (failures++ < 10)
        fprintf(stderr, "seed %d step %d, %s: %s\n", seed, step, what, why);
}

/* s holds exactly m's bytes and keeps the rank-1 invariant. */
static void check(const box_set *s, const bitmap *m, int seed, int step, const char *what)
{
    bitmap got;
    memset(&got, 0, sizeof got);
    for (int k = 0; k < s->count; k++) {
        const box *b = &s->boxes[k];
        if (b->rank != 1 || b->lo[0] > b->hi[0] || b->lo[0] < -OFF || b->hi[0] >= LEN + OFF) {
            report(seed, step, what, "bad segment");
            return;
        }
        if (k > 0 && s->boxes[k - 1].hi[0] + 1 >= b->lo[0]) {
            report(seed, step, what, "segments unsorted, overlapping or adjacent");
            return;
        }
        bitmap_set(&got, b, 1);
    }
    if (s->rank != 1 || memcmp(got.cell, m->cell, CELLS) != 0) {
        report(seed, step, what, "bytes differ from the model");
        return;
    }
    long expected = 0;
    for (int c = 0; c < CELLS; c++)
        expected += m->cell[c];
    if (box_set_volume(s) != expected || box_set_is_empty(s) != (expected == 0))
        report(seed, step, what, "volume differs from the model");
}

/* A random set of up to 'most' segments, built with adds, and its model. */
static void random_set(box_set *t, bitmap *m, int most)
{
    box_set_clear(t);
    memset(m, 0, sizeof *m);
    int n = rand() % (most + 1);
    for (int k = 0; k < n; k++) {
        box b = random_seg();
        box_set_add_box(t, &b);
        if (b.lo[0] <= b.hi[0])
            bitmap_set(m, &b, 1);
    }
}

static void one_op(box_set *s, bitmap *m, int seed, int step)
{
    box b = random_seg();
    int empty = b.lo[0] > b.hi[0];
    box_set t;
    box_set_init(&t, 1);
    bitmap tm;
    switch (rand() % 8) {
    case 0:
        box_set_add_box(s, &b);
        if (!empty)
            bitmap_set(m, &b, 1);
        check(s, m, seed, step, "add");
        break;
    case 1: /* append: in order after the last segment, or anywhere (falls back to add) */
        if (s->count && rand() % 2) {
            dvmh_idx at = s->boxes[s->count - 1].hi[0] + 1 + rand() % 3;
            b = seg(at, at + rand() % 6);
            if (b.hi[0] >= LEN + OFF / 2)
                break;
        }
        box_set_append(s, &b);
        if (b.lo[0] <= b.hi[0])
            bitmap_set(m, &b, 1);
        check(s, m, seed, step, "append");
        break;
    case 2:
    case 3:
        box_set_subtract_box(s, &b);
        if (!empty)
            bitmap_set(m, &b, 0);
        check(s, m, seed, step, "subtract");
        break;
    case 4:
        box_set_intersect_box(s, &b, &t);
        tm = *m;
        for (int c = 0; c < CELLS; c++)
            if (empty || c - OFF < b.lo[0] || c - OFF > b.hi[0])
                tm.cell[c] = 0;
        check(&t, &tm, seed, step, "intersect");
        break;
    case 5:
        box_set_free(&t);
        box_set_missing(s, &b, &t);
        memset(&tm, 0, sizeof tm);
        if (!empty)
            bitmap_set(&tm, &b, 1);
        for (int c = 0; c < CELLS; c++)
            tm.cell[c] &= (unsigned char)!m->cell[c];
        check(&t, &tm, seed, step, "missing");
        break;
    case 6:
        random_set(&t, &tm, rand() % 2 ? 4 : 30);
        box_set_add_set(s, &t);
        for (int c = 0; c < CELLS; c++)
            m->cell[c] |= tm.cell[c];
        check(s, m, seed, step, "add set");
        break;
    default:
        random_set(&t, &tm, rand() % 2 ? 4 : 30);
        box_set_subtract_set(s, &t);
        for (int c = 0; c < CELLS; c++)
            m->cell[c] &= (unsigned char)!tm.cell[c];
        check(s, m, seed, step, "subtract set");
        break;
    }
    box_set_free(&t);
}

/* Appending the rows of a 2-D interior in increasing order, as
 * data_view_boxes does, then adding the gaps, ends in one segment. */
static void test_rows_coalesce(void)
{
    box_set s;
    box_set_init(&s, 1);
    for (int row = 0; row < 64; row++) {
        box b = seg(row * 64 + 1, row * 64 + 62);
        box_set_append(&s, &b);
    }
    if (s.count != 64)
        failures++, fprintf(stderr, "rows: %d segments, expected 64\n", s.count);
    for (int row = 0; row <= 64; row++) {
        box gap = seg(row * 64 - 1, row * 64 + 1);
        box_set_add_box(&s, &gap);
    }
    if (s.count != 1 || s.boxes[0].lo[0] != -1 || s.boxes[0].hi[0] != 64 * 64 + 1)
        failures++, fprintf(stderr, "rows: gaps added do not coalesce (%d segments)\n", s.count);
    box_set_free(&s);
}

int main(void)
{
    test_rows_coalesce();
    int ops = 0;
    for (int seed = 1; seed <= 300; seed++) {
        srand((unsigned)seed);
        box_set s;
        box_set_init(&s, 1);
        bitmap m;
        memset(&m, 0, sizeof m);
        for (int step = 0; step < 40; step++, ops++)
            one_op(&s, &m, seed, step);
        box_set_free(&s);
    }
    if (failures) {
        fprintf(stderr, "boxes1d_test: %d failures\n", failures);
        return 1;
    }
    printf("boxes1d_test: %d random rank-1 operations agree with the byte bitmap\n", ops);
    return 0;
}
