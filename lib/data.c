/* data.c: ordinary (undistributed) data: the program's heap blocks, so that
 * any pointer into one can be resolved to its block, and the variables that
 * track the actuality of ordinary data used in regions and loops. Ordinary
 * variables are indexed by host byte address (rank 1, one-byte elements),
 * so views of one block through different types agree. */
#include "data.h"
#include "actual.h"
#include "alloc.h"
#include "boxes.h"
#include "context.h"
#include "region.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct heap_block {
    uintptr_t start;
    size_t bytes;
} heap_block;

static struct {
    heap_block *blocks;             /* sorted by start */
    int count, capacity;
    var **vars;                     /* ordinary variables, unordered */
    int var_count, var_capacity;
} data;

/* The block holding address p, or -1. */
static int block_find(uintptr_t p)
{
    int lo = 0, hi = data.count - 1;
    while (lo <= hi) {
        int mid = (lo + hi) / 2;
        const heap_block *b = &data.blocks[mid];
        if (p < b->start)
            hi = mid - 1;
        else if (p >= b->start + (b->bytes ? b->bytes : 1))
            lo = mid + 1;
        else
            return mid;
    }
    return -1;
}

static void block_add(void *p, size_t bytes)
{
    if (!p)
        return;
    if (data.count == data.capacity) {
        int cap = data.capacity ? 2 * data.capacity : 64;
        data.blocks = dvmh_xrealloc(data.blocks, sizeof *data.blocks * (size_t)cap);
        data.capacity = cap;
    }
    uintptr_t s = (uintptr_t)p;
    int k = data.count;
    while (k > 0 && data.blocks[k - 1].start > s) {
        data.blocks[k] = data.blocks[k - 1];
        k--;
    }
    data.blocks[k] = (heap_block){s, bytes};
    data.count++;
}

/* Forgets the variables of memory [start, start+bytes): it goes away
 * (free), moves (realloc: keep_values, its host copy made current first) or
 * begins a new lifetime. A variable reaching beyond the range keeps the
 * values of the rest on the host. */
static void vars_forget(uintptr_t start, size_t bytes, bool keep_values)
{
    uintptr_t end = start + bytes - 1;
    for (int k = 0; k < data.var_count; k++) {
        var *v = data.vars[k];
        uintptr_t lo = (uintptr_t)v->whole.lo[0], hi = (uintptr_t)v->whole.hi[0];
        if (hi < start || lo > end)
            continue;
        if (keep_values || lo < start || hi > end)
            var_actualize_host_all(v, MOVE_GET_ACTUAL);
        region_forget(v);
        var_destroy(v);
        data.vars[k--] = data.vars[--data.var_count];
    }
    dvmh_data_tracked = data.var_count;
}

static void block_remove(void *p, bool keep_values)
{
    int k = block_find((uintptr_t)p);
    if (k < 0 || data.blocks[k].start != (uintptr_t)p)
        return;
    if (data.blocks[k].bytes)
        vars_forget(data.blocks[k].start, data.blocks[k].bytes, keep_values);
    memmove(&data.blocks[k], &data.blocks[k + 1], sizeof *data.blocks * (size_t)(data.count - k - 1));
    data.count--;
}

void *dvmh_malloc(size_t bytes)
{
    void *p = malloc(bytes);
    block_add(p, bytes);
    return p;
}

void *dvmh_calloc(size_t count, size_t size)
{
    void *p = calloc(count, size);
    block_add(p, count * size);
    return p;
}

void *dvmh_realloc(void *p, size_t bytes)
{
    if (p)
        block_remove(p, true);
    void *q = realloc(p, bytes);
    block_add(q ? q : p, q ? bytes : 0);
    return q;
}

void dvmh_free(void *p)
{
    if (p)
        block_remove(p, false);
    free(p);
}

int dvmh_data_tracked;

void dvmh_data_fresh(const void *addr, size_t bytes)
{
    /* a function called from a loop body: its arrays live on the threads'
     * stacks during the loop, never in the data the loop tracks */
    if (bytes > 0 && !dvmh_ctx()->in_handlers)
        vars_forget((uintptr_t)addr, bytes, false);
}

static void vars_add(var *v)
{
    if (data.var_count == data.var_capacity) {
        int cap = data.var_capacity ? 2 * data.var_capacity : 32;
        data.vars = dvmh_xrealloc(data.vars, sizeof *data.vars * (size_t)cap);
        data.var_capacity = cap;
    }
    data.vars[data.var_count++] = v;
    dvmh_data_tracked = data.var_count;
}

var *data_var(const char *file, int line, const void *addr, int rank, const dvmh_idx *ext,
              size_t elem_size, dvmh_idx *lead_extent)
{
    uintptr_t start = (uintptr_t)addr;
    *lead_extent = 1;
    if (rank == 0)
        return NULL; /* scalars live on the host: loops get them by value */
    size_t row = elem_size;
    for (int d = 1; d < rank; d++)
        row *= (size_t)ext[d];
    size_t bytes;
    if (ext[0] >= 0) {
        bytes = (size_t)ext[0] * row;
    } else {
        /* a pointer: the rest of the heap block it points into */
        int k = block_find(start);
        if (k >= 0) {
            bytes = data.blocks[k].start + data.blocks[k].bytes - start;
        } else {
            /* not the heap: a static or automatic array, which the runtime
             * knows when a region or loop named it (X in main, then a
             * pointer to X in the region of a function main calls): the
             * rest of that variable, whose copies the loop must keep right */
            var *v = NULL;
            for (int j = 0; j < data.var_count && !v; j++)
                if ((uintptr_t)data.vars[j]->whole.lo[0] <= start &&
                    (uintptr_t)data.vars[j]->whole.hi[0] >= start)
                    v = data.vars[j];
            if (!v) {
                *lead_extent = -1;
                return NULL; /* memory the runtime does not know */
            }
            bytes = (size_t)((uintptr_t)v->whole.hi[0] - start + 1);
        }
        if (row == 0)
            dvmh_fatal(file, line, "data with a zero-sized element");
        bytes -= bytes % row;
    }
    *lead_extent = row ? (dvmh_idx)(bytes / row) : 0;
    if (bytes == 0)
        return NULL;
    uintptr_t end = start + bytes - 1;
    /* an existing variable holding the range, or ones it overlaps (merged) */
    for (int k = 0; k < data.var_count; k++) {
        var *v = data.vars[k];
        if ((uintptr_t)v->whole.lo[0] <= start && (uintptr_t)v->whole.hi[0] >= end)
            return v;
    }
    for (int k = 0; k < data.var_count; k++) {
        var *v = data.vars[k];
        if ((uintptr_t)v->whole.lo[0] <= end && (uintptr_t)v->whole.hi[0] >= start) {
            if ((uintptr_t)v->whole.lo[0] < start)
                start = (uintptr_t)v->whole.lo[0];
            if ((uintptr_t)v->whole.hi[0] > end)
                end = (uintptr_t)v->whole.hi[0];
            var_actualize_host_all(v, MOVE_GET_ACTUAL);
            region_forget(v);
            var_destroy(v);
            data.vars[k] = data.vars[--data.var_count];
            dvmh_data_tracked = data.var_count;
            k = -1; /* the grown range may overlap others */
        }
    }
    box whole = {.rank = 1};
    whole.lo[0] = (dvmh_idx)start;
    whole.hi[0] = (dvmh_idx)end;
    char name[80];
    snprintf(name, sizeof name, "data at %p (%s:%d)", (void *)start, file ? file : "?", line);
    var *v = var_create(name, 1, 1, &whole, (char *)start);
    vars_add(v);
    return v;
}

int dvmh_names_wanted;

void dvmh_data_name(const void *addr, const char *name)
{
    uintptr_t at = (uintptr_t)addr;
    for (int k = 0; k < data.var_count; k++) {
        var *v = data.vars[k];
        /* the variable the name begins, or one still unnamed that holds it
         * (merged ranges keep the name of their first part) */
        if ((uintptr_t)v->whole.lo[0] == at ||
            ((uintptr_t)v->whole.lo[0] <= at && (uintptr_t)v->whole.hi[0] >= at &&
             strncmp(v->name, "data at ", 8) == 0)) {
            snprintf(v->name, sizeof v->name, "%s", name);
            return;
        }
    }
}

void data_for_each(void (*fn)(var *v, void *arg), void *arg)
{
    for (int k = 0; k < data.var_count; k++)
        fn(data.vars[k], arg);
}

void data_view_boxes(const void *addr, int rank, const dvmh_idx *ext, size_t elem_size,
                     const box *elems, box_set *out)
{
    box_set_clear(out);
    if (box_is_empty(elems))
        return;
    /* the dimensions after 'whole_from' are whole: a row from there on is
     * contiguous, so each index of the dimensions before it gives one segment */
    int whole_from = rank;
    while (whole_from > 1 && elems->lo[whole_from - 1] == 0 &&
           elems->hi[whole_from - 1] == ext[whole_from - 1] - 1)
        whole_from--;
    dvmh_idx stride[DVMH_MAX_RANK], s = 1;
    for (int d = rank - 1; d >= 0; d--) {
        stride[d] = s;
        s *= d > 0 ? ext[d] : 1;
    }
    int seg_dim = whole_from - 1; /* the segment runs along this dimension */
    dvmh_idx idx[DVMH_MAX_RANK];
    for (int d = 0; d < seg_dim; d++)
        idx[d] = elems->lo[d];
    for (;;) {
        dvmh_idx off = 0;
        for (int d = 0; d < seg_dim; d++)
            off += idx[d] * stride[d];
        box seg = {.rank = 1};
        seg.lo[0] = (dvmh_idx)(uintptr_t)addr + (off + elems->lo[seg_dim] * stride[seg_dim]) * (dvmh_idx)elem_size;
        seg.hi[0] = (dvmh_idx)(uintptr_t)addr + (off + (elems->hi[seg_dim] + 1) * stride[seg_dim]) * (dvmh_idx)elem_size - 1;
        box_set_append(out, &seg); /* increasing addresses: disjoint */
        int d = seg_dim - 1;
        while (d >= 0 && ++idx[d] > elems->hi[d]) {
            idx[d] = elems->lo[d];
            d--;
        }
        if (d < 0)
            return;
    }
}
