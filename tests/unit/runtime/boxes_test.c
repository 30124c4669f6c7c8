/* Box algebra of lib/boxes.c against a brute-force model: every set is
 * also kept as a bitmap over a small cube, and after each random operation
 * (add, subtract, intersect, missing part) the set must cover exactly the
 * bitmap's elements with disjoint boxes. Fixed seeds: reproducible. */
#include "boxes.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SIDE 6                      /* model cube: indices 0..SIDE-1 */
#define MAX_CELLS 1296              /* SIDE^4 */

static int failures;

typedef struct bitmap {
    int rank;
    unsigned char cell[MAX_CELLS];
} bitmap;

static int cells_of(int rank)
{
    int n = 1;
    for (int d = 0; d < rank; d++)
        n *= SIDE;
    return n;
}

static void coords_of(int rank, int cell, dvmh_idx *x)
{
    for (int d = rank - 1; d >= 0; d--) {
        x[d] = cell % SIDE;
        cell /= SIDE;
    }
}

static int in_box(const box *b, const dvmh_idx *x)
{
    for (int d = 0; d < b->rank; d++)
        if (x[d] < b->lo[d] || x[d] > b->hi[d])
            return 0;
    return 1;
}

/* Random box, sometimes empty, sometimes reaching outside the cube. */
static box random_box(int rank)
{
    box b;
    b.rank = rank;
    for (int d = 0; d < rank; d++) {
        b.lo[d] = rand() % (SIDE + 1) - 1;
        b.hi[d] = b.lo[d] + rand() % (SIDE + 1) - 1;
    }
    return b;
}

static void bitmap_apply(bitmap *m, const box *b, int op) /* 0 add, 1 sub, 2 and */
{
    dvmh_idx x[DVMH_MAX_RANK];
    for (int c = 0; c < cells_of(m->rank); c++) {
        coords_of(m->rank, c, x);
        int inside = in_box(b, x);
        if (op == 0 && inside)
            m->cell[c] = 1;
        else if (op == 1 && inside)
            m->cell[c] = 0;
        else if (op == 2 && !inside)
            m->cell[c] = 0;
    }
}

/* The set equals the bitmap (within the cube; boxes may also reach outside
 * it, which the model tracks by clipping every box to the cube first). */
static void check_equal(const box_set *s, const bitmap *m, const char *what, int seed)
{
    dvmh_idx x[DVMH_MAX_RANK];
    long expected = 0;
    for (int c = 0; c < cells_of(m->rank); c++) {
        coords_of(m->rank, c, x);
        int hits = 0;
        for (int k = 0; k < s->count; k++)
            hits += in_box(&s->boxes[k], x);
        if (hits > 1 || hits != m->cell[c]) {
            if (failures++ < 10)
                fprintf(stderr, "seed %d, %s: cell %d covered %d times, model %d\n", seed,
                        what, c, hits, m->cell[c]);
            return;
        }
        expected += m->cell[c];
    }
    if (box_set_volume(s) != expected || box_set_is_empty(s) != (expected == 0)) {
        if (failures++ < 10)
            fprintf(stderr, "seed %d, %s: volume %lld, model %ld\n", seed, what,
                    (long long)box_set_volume(s), expected);
    }
}

static box clipped(box b)
{
    for (int d = 0; d < b.rank; d++) {
        if (b.lo[d] < 0)
            b.lo[d] = 0;
        if (b.hi[d] > SIDE - 1)
            b.hi[d] = SIDE - 1;
    }
    return b;
}

static void run_case(int seed)
{
    srand((unsigned)seed);
    int rank = 1 + seed % 4;
    box_set s, t;
    box_set_init(&s, rank);
    box_set_init(&t, rank);
    bitmap m;
    memset(&m, 0, sizeof m);
    m.rank = rank;
    for (int step = 0; step < 12; step++) {
        box b = clipped(random_box(rank));
        int op = rand() % 5;
        if (op <= 1) {
            box_set_add_box(&s, &b);
            bitmap_apply(&m, &b, 0);
            check_equal(&s, &m, "add", seed);
        } else if (op == 2) {
            box_set_subtract_box(&s, &b);
            bitmap_apply(&m, &b, 1);
            check_equal(&s, &m, "subtract", seed);
        } else if (op == 3) {
            box_set_intersect_box(&s, &b, &t);
            bitmap bm = m;
            bitmap_apply(&bm, &b, 2);
            check_equal(&t, &bm, "intersect", seed);
        } else {
            box_set missing;
            box_set_missing(&s, &b, &missing);
            bitmap bm;
            memset(&bm, 0, sizeof bm);
            bm.rank = rank;
            bitmap_apply(&bm, &b, 0);
            for (int c = 0; c < cells_of(rank); c++)
                bm.cell[c] &= (unsigned char)!m.cell[c];
            check_equal(&missing, &bm, "missing", seed);
            /* adding the missing part covers the box */
            box_set u;
            box_set_init(&u, rank);
            box_set_add_set(&u, &s);
            box_set_add_set(&u, &missing);
            bitmap_apply(&bm, &b, 0);
            for (int c = 0; c < cells_of(rank); c++)
                bm.cell[c] |= m.cell[c];
            check_equal(&u, &bm, "union", seed);
            box_set_subtract_set(&u, &missing);
            check_equal(&u, &m, "subtract set", seed);
            box_set_free(&u);
            box_set_free(&missing);
        }
    }
    box_set_free(&s);
    box_set_free(&t);
}

static void test_single_boxes(void)
{
    box a = { 2, { 0, 0 }, { 3, 4 } }, b = { 2, { 2, 5 }, { 9, 9 } }, c;
    if (box_volume(&a) != 20 || box_intersect(&a, &b, &c) || !box_is_empty(&c))
        failures++, fprintf(stderr, "disjoint boxes meet or volume wrong\n");
    box e = { 2, { 1, 3 }, { 0, 9 } };
    if (!box_is_empty(&e) || box_volume(&e) != 0)
        failures++, fprintf(stderr, "empty box not empty\n");
    box pieces[2 * DVMH_MAX_RANK];
    if (box_subtract(&a, &a, pieces) != 0 || box_subtract(&a, &b, pieces) != 1)
        failures++, fprintf(stderr, "box_subtract counts wrong\n");
}

int main(void)
{
    test_single_boxes();
    for (int seed = 1; seed <= 4000; seed++)
        run_case(seed);
    if (failures) {
        fprintf(stderr, "boxes_test: %d failures\n", failures);
        return 1;
    }
    printf("boxes_test: 4000 random cases of ranks 1..4 agree with the bitmap model\n");
    return 0;
}
