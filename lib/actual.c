/* actual.c: which device holds the current value of every element of every
 * variable, and the copies that make a box actual where it is needed. The
 * host's representative is the variable itself; accelerators get
 * representatives that grow to the bounding box of what they were asked to
 * hold. Every copy is counted (statistics, tests of data motion). */
#include "actual.h"
#include "alloc.h"
#include "boxes.h"
#include "device.h"
#include "stats.h"
#include "trace.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static struct {
    var *vars;
    unsigned long long bytes[MOVE_REASONS][MOVE_DIRECTIONS];
    unsigned long long host_named;  /* var_count_host_named */
} state;

var *var_create(const char *name, int rank, size_t elem_size, const box *whole,
                char *host_base)
{
    var *v = dvmh_xcalloc(1, sizeof *v);
    snprintf(v->name, sizeof v->name, "%s", name);
    v->rank = rank;
    v->elem_size = elem_size;
    for (int d = 0; d < DEVICE_MAX; d++) {
        box_set_init(&v->rep[d].actual, rank);
        v->rep[d].box.rank = rank;
        v->rep[d].box.lo[0] = 1; /* empty */
        v->rep[d].box.hi[0] = 0;
    }
    v->host_dirty.rank = rank;
    v->host_dirty.lo[0] = 1;
    v->host_dirty.hi[0] = 0;
    var_reset_host(v, whole, host_base);
    v->next = state.vars;
    state.vars = v;
    return v;
}

static void drop_device_copies(var *v)
{
    for (int d = 1; d < DEVICE_MAX; d++) {
        repr *r = &v->rep[d];
        if (r->owned)
            device_get(d)->ops->release(device_get(d), r->base);
        r->owned = false;
        r->base = NULL;
        r->box.lo[0] = 1;
        r->box.hi[0] = 0;
        box_set_clear(&r->actual);
    }
    v->host_dirty.lo[0] = 1;
    v->host_dirty.hi[0] = 0;
    if (v->on_devices)
        *v->on_devices = 0;
}

/* The host's changes recorded by var_host_write become actuality. */
static void flush_host_writes(var *v)
{
    if (box_is_empty(&v->host_dirty))
        return;
    box dirty = v->host_dirty;
    v->host_dirty.lo[0] = 1;
    v->host_dirty.hi[0] = 0;
    int n = device_count();
    for (int d = 1; d < n; d++)
        box_set_subtract_box(&v->rep[d].actual, &dirty);
}

void var_host_write(var *v, const dvmh_idx *idx)
{
    if (!var_host_actual(v)) {
        flush_host_writes(v);
        var_actualize(v, 0, &v->whole, MOVE_GET_ACTUAL);
    }
    for (int d = 0; d < v->rank; d++) {
        if (box_is_empty(&v->host_dirty)) {
            for (int x = 0; x < v->rank; x++)
                v->host_dirty.lo[x] = v->host_dirty.hi[x] = idx[x];
            return;
        }
        if (idx[d] < v->host_dirty.lo[d])
            v->host_dirty.lo[d] = idx[d];
        if (idx[d] > v->host_dirty.hi[d])
            v->host_dirty.hi[d] = idx[d];
    }
}

void var_reset_host(var *v, const box *whole, char *host_base)
{
    drop_device_copies(v);
    v->whole = *whole;
    repr *h = &v->rep[0];
    h->box = *whole;
    h->base = host_base;
    h->owned = false;
    box_set_clear(&h->actual);
    if (!box_is_empty(whole))
        box_set_add_box(&h->actual, whole);
}

void var_destroy(var *v)
{
    if (!v)
        return;
    drop_device_copies(v);
    for (int d = 0; d < DEVICE_MAX; d++)
        box_set_free(&v->rep[d].actual);
    for (var **p = &state.vars; *p; p = &(*p)->next)
        if (*p == v) {
            *p = v->next;
            break;
        }
    free(v);
}

/* Element strides of a representative's box (row-major). */
static void repr_strides(const var *v, const repr *r, dvmh_idx *stride)
{
    dvmh_idx s = 1;
    for (int d = v->rank - 1; d >= 0; d--) {
        stride[d] = s;
        s *= r->box.hi[d] - r->box.lo[d] + 1;
    }
}

static char *repr_address(const var *v, const repr *r, const dvmh_idx *idx);

char *var_address(const var *v, int dev, const dvmh_idx *idx)
{
    return repr_address(v, &v->rep[dev], idx);
}

static char *repr_address(const var *v, const repr *r, const dvmh_idx *idx)
{
    dvmh_idx stride[DVMH_MAX_RANK], off = 0;
    repr_strides(v, r, stride);
    for (int d = 0; d < v->rank; d++)
        off += (idx[d] - r->box.lo[d]) * stride[d];
    return r->base + off * (dvmh_idx)v->elem_size;
}

/* Copies box b between representatives of two devices (or within one). */
static void copy_box(var *v, int to, const repr *dst, int from, const repr *src, const box *b)
{
    box_copy c;
    c.rank = v->rank;
    c.elem_size = v->elem_size;
    for (int d = 0; d < v->rank; d++)
        c.count[d] = b->hi[d] - b->lo[d] + 1;
    repr_strides(v, dst, c.dst_stride);
    repr_strides(v, src, c.src_stride);
    c.dst = repr_address(v, dst, b->lo);
    c.src = repr_address(v, src, b->lo);
    device_copy(device_get(to), device_get(from), &c);
}

static void count_move(var *v, int reason, int to, int from, unsigned long long bytes,
                       double seconds)
{
    int dir = from == 0 ? MOVE_TO_DEVICE : to == 0 ? MOVE_TO_HOST : MOVE_DEVICE_TO_DEVICE;
    v->bytes[reason][dir] += bytes;
    state.bytes[reason][dir] += bytes;
    stats_transfer(reason, dir, bytes, seconds);
    trace_transfer(v->name, reason, to, from, bytes, seconds);
}

void var_fetch_box(var *v, int dev, const box *b, void *packed)
{
    const repr *r = &v->rep[dev];
    box_copy c;
    c.rank = v->rank;
    c.elem_size = v->elem_size;
    dvmh_idx stride = 1;
    for (int d = v->rank - 1; d >= 0; d--) {
        c.count[d] = b->hi[d] - b->lo[d] + 1;
        c.dst_stride[d] = stride;
        stride *= c.count[d];
    }
    repr_strides(v, r, c.src_stride);
    c.dst = packed;
    c.src = repr_address(v, r, b->lo);
    device_copy(device_get(0), device_get(dev), &c);
}

void var_count_processes(var *v, int reason, size_t bytes, double started)
{
    if (v)
        v->bytes[reason][MOVE_PROCESSES] += bytes;
    state.bytes[reason][MOVE_PROCESSES] += bytes;
    stats_transfer(reason, MOVE_PROCESSES, bytes, started < 0 ? 0.0 : dvmh_wtime() - started);
    trace_comm(v ? v->name : "", reason, bytes, started);
}

void actual_count(int reason, int direction, unsigned long long bytes)
{
    state.bytes[reason][direction] += bytes;
    stats_transfer(reason, direction, bytes, 0.0);
    trace_count(reason, direction, bytes);
}

unsigned long long actual_bytes_moved(int reason, int direction)
{
    unsigned long long sum = 0;
    for (int r = 0; r < MOVE_REASONS; r++)
        for (int d = 0; d < MOVE_DIRECTIONS; d++)
            if ((reason < 0 || reason == r) && (direction < 0 || direction == d))
                sum += state.bytes[r][d];
    return sum;
}

static bool box_contains(const box *outer, const box *inner)
{
    for (int d = 0; d < inner->rank; d++)
        if (inner->lo[d] < outer->lo[d] || inner->hi[d] > outer->hi[d])
            return false;
    return true;
}

void var_reserve(var *v, int dev, const box *b)
{
    box need;
    if (!box_intersect(b, &v->whole, &need))
        return;
    repr *r = &v->rep[dev];
    if (!box_is_empty(&r->box) && box_contains(&r->box, &need))
        return;
    if (dev == 0)
        dvmh_fatal(NULL, 0, "internal error: the host copy of %s does not hold a box", v->name);
    /* grow to the bounding box of the old and the new part; growing again
     * (the device's part moved: a dynamic split) with an eighth of the
     * whole's extent to spare on each side that grows, so that a part
     * moving by a few rows at a time does not reallocate (and fault in
     * fresh pages) at every move */
    box grown = need;
    if (!box_is_empty(&r->box))
        for (int d = 0; d < v->rank; d++) {
            dvmh_idx spare = (v->whole.hi[d] - v->whole.lo[d] + 1) / 8;
            /* ordinary data is counted in bytes: a spare of whole cache
             * lines keeps the copy's elements aligned as the host's */
            if (v->elem_size == 1)
                spare -= spare % 64;
            if (r->box.lo[d] < grown.lo[d])
                grown.lo[d] = r->box.lo[d];
            else if (grown.lo[d] < r->box.lo[d])
                grown.lo[d] = grown.lo[d] - spare > v->whole.lo[d] ? grown.lo[d] - spare
                                                                    : v->whole.lo[d];
            if (r->box.hi[d] > grown.hi[d])
                grown.hi[d] = r->box.hi[d];
            else if (grown.hi[d] > r->box.hi[d])
                grown.hi[d] = grown.hi[d] + spare < v->whole.hi[d] ? grown.hi[d] + spare
                                                                    : v->whole.hi[d];
        }
    device *dv = device_get(dev);
    size_t bytes = (size_t)box_volume(&grown) * v->elem_size;
    repr next = {.box = grown, .owned = true};
    next.base = dv->ops->alloc(dv, bytes);
    if (v->on_devices)
        *v->on_devices = 1;
    if (!next.base)
        dvmh_fatal(NULL, 0, "out of memory on device %s: %zu bytes for %s", dv->name, bytes,
                   v->name);
    next.actual = r->actual;
    /* what was actual in the old copy stays actual: move it within the device */
    for (int k = 0; k < r->actual.count; k++)
        copy_box(v, dev, &next, dev, r, &r->actual.boxes[k]);
    if (r->owned)
        dv->ops->release(dv, r->base);
    *r = next;
}

void var_count_host_named(const var *v, const box *b)
{
    box need, held;
    if (!box_intersect(b, &v->whole, &need))
        return;
    for (int d = 1; d < device_count(); d++)
        if (v->rep[d].base && box_intersect(&v->rep[d].box, &need, &held)) {
            state.host_named += (unsigned long long)box_volume(&need) * v->elem_size;
            return;
        }
}

unsigned long long actual_host_named_bytes(void)
{
    return state.host_named;
}

void var_actualize(var *v, int dev, const box *b, int reason)
{
    flush_host_writes(v);
    box need;
    if (!box_intersect(b, &v->whole, &need))
        return;
    if (dev == 0 && reason == MOVE_GET_ACTUAL)
        var_count_host_named(v, &need);
    repr *r = &v->rep[dev];
    box_set missing;
    box_set_init(&missing, v->rank);
    box_set_missing(&r->actual, &need, &missing);
    if (box_set_is_empty(&missing)) {
        box_set_free(&missing);
        return;
    }
    var_reserve(v, dev, &need);
    /* sources in device order: the host (usually holding everything) first */
    int n = device_count();
    for (int from = 0; from < n && !box_set_is_empty(&missing); from++) {
        if (from == dev)
            continue;
        repr *src = &v->rep[from];
        box_set found;
        box_set_init(&found, v->rank);
        for (int m = 0; m < missing.count; m++) {
            box_set part;
            box_set_init(&part, v->rank);
            box_set_intersect_box(&src->actual, &missing.boxes[m], &part);
            box_set_add_set(&found, &part);
            box_set_free(&part);
        }
        if (box_set_is_empty(&found)) {
            box_set_free(&found);
            continue;
        }
        double t0 = dvmh_wtime();
        for (int m = 0; m < found.count; m++)
            copy_box(v, dev, r, from, src, &found.boxes[m]);
        unsigned long long bytes =
            (unsigned long long)box_set_volume(&found) * (unsigned long long)v->elem_size;
        count_move(v, reason, dev, from, bytes, dvmh_wtime() - t0);
        box_set_add_set(&r->actual, &found);
        box_set_subtract_set(&missing, &found);
        box_set_free(&found);
    }
    /* elements actual nowhere (never written, or 'local' data) stay as
     * they are */
    box_set_free(&missing);
}

void var_written(var *v, int dev, const box *b)
{
    flush_host_writes(v);
    box w;
    if (!box_intersect(b, &v->whole, &w))
        return;
    int n = device_count();
    for (int d = 0; d < n; d++)
        if (d != dev)
            box_set_subtract_box(&v->rep[d].actual, &w);
    box_set_add_box(&v->rep[dev].actual, &w);
}

void var_actualize_host_all(var *v, int reason)
{
    if (!var_host_actual(v))
        var_actualize(v, 0, &v->whole, reason);
}

bool var_host_actual(const var *v)
{
    return box_set_volume(&v->rep[0].actual) == box_volume(&v->whole);
}

bool var_host_only(const var *v)
{
    int n = device_count();
    for (int d = 1; d < n; d++)
        if (v->rep[d].actual.count > 0)
            return false;
    return var_host_actual(v);
}

char *var_zero_address(const var *v, int dev)
{
    const repr *r = &v->rep[dev];
    dvmh_idx stride[DVMH_MAX_RANK], off = 0;
    repr_strides(v, r, stride);
    for (int d = 0; d < v->rank; d++)
        off -= r->box.lo[d] * stride[d];
    /* the address of element (0, ..., 0), which the local part may not
     * hold: computed as an integer, since a pointer moved outside its
     * object is undefined in C (UBSan's pointer-overflow) */
    return (char *)((uintptr_t)r->base + (uintptr_t)(off * (dvmh_idx)v->elem_size));
}

void var_extents(const var *v, int dev, dvmh_idx *ext)
{
    const repr *r = &v->rep[dev];
    for (int d = 0; d < v->rank; d++)
        ext[d] = r->box.hi[d] - r->box.lo[d] + 1;
}

unsigned long long dvmh_bytes_moved(int reason, int direction)
{
    return actual_bytes_moved(reason, direction);
}

int dvmh_device_count(void)
{
    return device_count();
}
