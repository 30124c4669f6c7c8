/* boxes.c: box and box-set algebra, and box copies in host memory (see
 * boxes.h). Sets keep their boxes disjoint, so a volume is a plain sum and
 * a difference never counts an element twice. Rank-1 sets (the byte ranges
 * of ordinary data) are kept sorted and coalesced by lib/boxes1d.c. */
#include "boxes.h"
#include "alloc.h"
#include "boxes1d.h"

#include <stdlib.h>
#include <string.h>

bool box_is_empty(const box *b)
{
    for (int d = 0; d < b->rank; d++)
        if (b->lo[d] > b->hi[d])
            return true;
    return false;
}

bool box_equal(const box *a, const box *b)
{
    if (a->rank != b->rank)
        return false;
    for (int d = 0; d < a->rank; d++)
        if (a->lo[d] != b->lo[d] || a->hi[d] != b->hi[d])
            return false;
    return true;
}

dvmh_idx box_volume(const box *b)
{
    if (box_is_empty(b))
        return 0;
    dvmh_idx v = 1;
    for (int d = 0; d < b->rank; d++)
        v *= b->hi[d] - b->lo[d] + 1;
    return v;
}

bool box_next_row(const box *b, dvmh_idx *idx)
{
    for (int d = b->rank - 2; d >= 0; d--) {
        if (++idx[d] <= b->hi[d])
            return true;
        idx[d] = b->lo[d];
    }
    return false;
}

bool box_intersect(const box *a, const box *b, box *out)
{
    out->rank = a->rank;
    for (int d = 0; d < a->rank; d++) {
        out->lo[d] = a->lo[d] > b->lo[d] ? a->lo[d] : b->lo[d];
        out->hi[d] = a->hi[d] < b->hi[d] ? a->hi[d] : b->hi[d];
    }
    return !box_is_empty(out);
}

int box_subtract(const box *a, const box *b, box *out)
{
    box common;
    if (box_is_empty(a))
        return 0;
    if (!box_intersect(a, b, &common)) {
        out[0] = *a;
        return 1;
    }
    /* Peel slabs dimension by dimension: below and above the common part
     * in dimension d, restricted to the common part in dimensions < d. */
    int n = 0;
    box rest = *a;
    for (int d = 0; d < a->rank; d++) {
        if (rest.lo[d] < common.lo[d]) {
            out[n] = rest;
            out[n].hi[d] = common.lo[d] - 1;
            n++;
        }
        if (rest.hi[d] > common.hi[d]) {
            out[n] = rest;
            out[n].lo[d] = common.hi[d] + 1;
            n++;
        }
        rest.lo[d] = common.lo[d];
        rest.hi[d] = common.hi[d];
    }
    return n;
}

void box_set_init(box_set *s, int rank)
{
    s->rank = rank;
    s->count = 0;
    s->capacity = 0;
    s->boxes = NULL;
}

void box_set_free(box_set *s)
{
    free(s->boxes);
    box_set_init(s, s->rank);
}

void box_set_clear(box_set *s)
{
    s->count = 0;
}

static void push(box_set *s, const box *b)
{
    if (s->count == s->capacity) {
        int grown = s->capacity ? 2 * s->capacity : 8;
        s->boxes = dvmh_xrealloc(s->boxes, sizeof *s->boxes * (size_t)grown);
        s->capacity = grown;
    }
    s->boxes[s->count++] = *b;
}

bool box_set_is_empty(const box_set *s)
{
    return s->count == 0;
}

dvmh_idx box_set_volume(const box_set *s)
{
    dvmh_idx v = 0;
    for (int k = 0; k < s->count; k++)
        v += box_volume(&s->boxes[k]);
    return v;
}

void box_set_subtract_box(box_set *s, const box *b)
{
    if (box_is_empty(b))
        return;
    if (s->rank == 1) {
        seg_set_subtract(s, b->lo[0], b->hi[0]);
        return;
    }
    box common;
    int meet = 0;
    while (meet < s->count && !box_intersect(&s->boxes[meet], b, &common))
        meet++;
    if (meet == s->count)
        return; /* nothing to take away: no new set */
    int old_count = s->count;
    box *old = s->boxes;
    box_set kept;
    box_set_init(&kept, s->rank);
    box pieces[2 * DVMH_MAX_RANK];
    for (int k = 0; k < old_count; k++) {
        int n = box_subtract(&old[k], b, pieces);
        for (int j = 0; j < n; j++)
            push(&kept, &pieces[j]);
    }
    free(old);
    *s = kept;
}

void box_set_add_box(box_set *s, const box *b)
{
    if (box_is_empty(b))
        return;
    if (s->rank == 1) {
        seg_set_add(s, b->lo[0], b->hi[0]);
        return;
    }
    box_set fresh;
    box_set_missing(s, b, &fresh);
    for (int k = 0; k < fresh.count; k++)
        push(s, &fresh.boxes[k]);
    box_set_free(&fresh);
}

void box_set_append(box_set *s, const box *b)
{
    if (box_is_empty(b))
        return;
    if (s->rank == 1) {
        seg_set_append(s, b->lo[0], b->hi[0]);
        return;
    }
    push(s, b);
}

void box_set_add_set(box_set *s, const box_set *t)
{
    if (s->rank == 1) {
        seg_set_add_set(s, t);
        return;
    }
    for (int k = 0; k < t->count; k++)
        box_set_add_box(s, &t->boxes[k]);
}

void box_set_subtract_set(box_set *s, const box_set *t)
{
    if (s->rank == 1) {
        seg_set_subtract_set(s, t);
        return;
    }
    for (int k = 0; k < t->count; k++)
        box_set_subtract_box(s, &t->boxes[k]);
}

void box_set_intersect_box(const box_set *s, const box *b, box_set *out)
{
    if (s->rank == 1) {
        seg_set_intersect(s, b->lo[0], b->hi[0], out);
        return;
    }
    box_set_clear(out);
    out->rank = s->rank;
    box common;
    for (int k = 0; k < s->count; k++)
        if (box_intersect(&s->boxes[k], b, &common))
            push(out, &common);
}

void box_set_missing(const box_set *s, const box *b, box_set *out)
{
    box_set_init(out, s->rank);
    if (s->rank == 1) {
        seg_set_missing(s, b->lo[0], b->hi[0], out);
        return;
    }
    if (box_is_empty(b))
        return;
    push(out, b);
    for (int k = 0; k < s->count && out->count > 0; k++)
        box_set_subtract_box(out, &s->boxes[k]);
}

void box_copy_rows(const box_copy *c)
{
    int r = c->rank;
    size_t row = (size_t)c->count[r - 1] * c->elem_size;
    dvmh_idx idx[DVMH_MAX_RANK] = {0};
    for (int d = 0; d < r; d++)
        if (c->count[d] <= 0)
            return;
    for (;;) {
        dvmh_idx so = 0, dof = 0;
        for (int d = 0; d < r - 1; d++) {
            so += idx[d] * c->src_stride[d];
            dof += idx[d] * c->dst_stride[d];
        }
        memmove(c->dst + dof * (dvmh_idx)c->elem_size, c->src + so * (dvmh_idx)c->elem_size, row);
        int d = r - 2;
        while (d >= 0 && ++idx[d] >= c->count[d]) {
            idx[d] = 0;
            d--;
        }
        if (d < 0)
            return;
    }
}
