/* region.c: computational regions (their devices, the intents of their
 * data), the actuality directives, remote_access blocks and intervals.
 * Data moves lazily: each loop actualizes what its pieces touch (loop.c);
 * a region records which values need not be copied in ('out', 'local'). */
#include "region.h"
#include "actual.h"
#include "alloc.h"
#include "array.h"
#include "boxes.h"
#include "comm.h"
#include "context.h"
#include "data.h"
#include "device.h"
#include "schedule.h"
#include "stats.h"
#include "trace.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Values of a variable the region does not need at entry: those its 'out'
 * or 'local' clauses name minus those an 'in' or 'inout' clause names (in
 * any order: 'in(A) out(A)' is 'inout(A)'). */
typedef struct region_fresh {
    var *v;
    bool local;                     /* 'local': not needed for reads either */
    box_set boxes;                  /* fresh */
    box_set needed;                 /* named by an 'in' clause */
} region_fresh;

typedef struct warned_region {
    const char *file;
    int line;
} warned_region;

static struct {
    int depth;
    const char *file;
    int line;
    unsigned devices;
    region_fresh *fresh;
    int fresh_count;
    warned_region *warned;
    int warned_count;
} region_state;

unsigned region_devices(void)
{
    return region_state.depth > 0 ? region_state.devices : 0;
}

/* targets(CUDA) with no accelerator runs on the host, warning once per region. */
static void warn_no_accelerator(const char *file, int line)
{
    for (int k = 0; k < region_state.warned_count; k++)
        if (region_state.warned[k].line == line && strcmp(region_state.warned[k].file, file) == 0)
            return;
    region_state.warned = dvmh_xrealloc(region_state.warned, sizeof *region_state.warned *
                                        (size_t)(region_state.warned_count + 1));
    region_state.warned[region_state.warned_count++] = (warned_region){file, line};
    if (comm_process_rank() == 0)
        fprintf(stderr, "%s:%d: warning: region with targets(CUDA) but no accelerator is "
                        "available: it runs on the host\n", file, line);
}

void dvmh_region_begin(const char *file, int line, unsigned flags)
{
    if (region_state.depth > 0)
        dvmh_fatal(file, line, "region inside the region of %s:%d", region_state.file,
                   region_state.line);
    region_state.depth++;
    region_state.file = file;
    region_state.line = line;
    unsigned targets = flags & DVMH_TARGET_ALL;
    if (!targets)
        targets = DVMH_TARGET_ALL;
    unsigned devices = 0;
    for (int d = 0; d < device_count(); d++) {
        bool host = device_get(d)->kind == DEVICE_HOST;
        if ((host && (targets & DVMH_TARGET_HOST)) || (!host && (targets & DVMH_TARGET_CUDA)))
            devices |= 1u << d;
    }
    if (!devices) {
        warn_no_accelerator(file, line);
        devices = 1;
    }
    region_state.devices = devices;
    stats_region_begin(file, line);
    schedule_region_begin(file, line);
    trace_scope_begin(TRACE_REGION, file, line, 0);
    dvmh_ctx()->site_file = file;
    dvmh_ctx()->site_line = line;
}

static void check_section(const char *file, int line, int rank, const dvmh_idx *size,
                          const dvmh_range *sec)
{
    for (int d = 0; sec && d < rank; d++) {
        if (sec[d].lo == DVMH_WHOLE)
            continue;
        /* an upper bound of DVMH_IDX_HUGE: left open ('A[lo:]'), the end */
        if (sec[d].lo > sec[d].hi || sec[d].lo < 0 ||
            (size[d] > 0 && sec[d].hi >= size[d] && sec[d].hi != DVMH_IDX_HUGE))
            dvmh_fatal(file, line, "section [%lld:%lld] of dimension %d is out of bounds",
                       (long long)sec[d].lo, (long long)sec[d].hi, d + 1);
    }
}

/* The box of global indices a section names in a distributed array's local
 * part (clipped to it). */
static void array_section_box(const dvmh_array *a, const dvmh_range *sec, box *out)
{
    box whole;
    array_local_box(a, &whole);
    *out = whole;
    for (int d = 0; sec && d < a->head.rank; d++)
        if (sec[d].lo != DVMH_WHOLE) {
            out->lo[d] = sec[d].lo > whole.lo[d] ? sec[d].lo : whole.lo[d];
            out->hi[d] = sec[d].hi < whole.hi[d] ? sec[d].hi : whole.hi[d];
        }
}

/* The variable of ordinary data and the byte-address boxes a section of it
 * names; NULL when the runtime does not track that memory. */
static var *data_section(const char *file, int line, const void *addr, int rank,
                         const dvmh_idx *ext, size_t elem_size, const dvmh_range *sec,
                         box_set *out)
{
    dvmh_idx lead;
    var *v = data_var(file, line, addr, rank, ext, elem_size, &lead);
    if (!v)
        return NULL;
    dvmh_idx full[DVMH_MAX_RANK];
    box elems = {.rank = rank};
    for (int d = 0; d < rank; d++) {
        full[d] = d == 0 ? lead : ext[d];
        elems.lo[d] = 0;
        elems.hi[d] = full[d] - 1;
        if (sec && sec[d].lo != DVMH_WHOLE) {
            elems.lo[d] = sec[d].lo;
            elems.hi[d] = sec[d].hi < full[d] - 1 ? sec[d].hi : full[d] - 1;
        }
    }
    check_section(file, line, rank, full, sec);
    data_view_boxes(addr, rank, full, elem_size, &elems, out);
    return v;
}

static region_fresh *fresh_of(var *v)
{
    for (int k = 0; k < region_state.fresh_count; k++)
        if (region_state.fresh[k].v == v)
            return &region_state.fresh[k];
    region_state.fresh = dvmh_xrealloc(region_state.fresh, sizeof *region_state.fresh *
                                       (size_t)(region_state.fresh_count + 1));
    region_fresh *f = &region_state.fresh[region_state.fresh_count++];
    f->v = v;
    f->local = false;
    box_set_init(&f->boxes, v->rank);
    box_set_init(&f->needed, v->rank);
    return f;
}

/* Records one clause entry: 'in' values are needed whatever other clause
 * names them; 'out' and 'local' ones are fresh unless an 'in' needs them. */
static void note_intent(var *v, int intent, const box_set *boxes)
{
    if (!v)
        return;
    region_fresh *f = fresh_of(v);
    if (intent & DVMH_IN) {
        box_set_add_set(&f->needed, boxes);
        box_set_subtract_set(&f->boxes, boxes);
        return;
    }
    if (!(intent & (DVMH_OUT | DVMH_LOCAL)))
        return;
    f->local |= (intent & DVMH_LOCAL) != 0;
    box_set add;
    box_set_init(&add, v->rank);
    box_set_add_set(&add, boxes);
    box_set_subtract_set(&add, &f->needed);
    box_set_add_set(&f->boxes, &add);
    box_set_free(&add);
}

void dvmh_region_array(dvmh_array *a, int intent, const dvmh_range *sec)
{
    if (!array_is_array(a))
        dvmh_fatal(region_state.file, region_state.line, "region clause names something that "
                                                         "is not a distributed array");
    check_section(region_state.file, region_state.line, a->head.rank, a->size, sec);
    if (intent & DVMH_OUT)
        array_changed(a);
    schedule_region_datum(a->file, a->line, a->head.rank, a->size, a->head.elem_size);
    if (!a->var)
        return;
    box b, own, part;
    array_section_box(a, sec, &b);
    /* only the own elements can be fresh: the shadow edges get their
     * values from shadow_renew or the host, even for 'local' data */
    array_own_box(a, &own);
    box_set s;
    box_set_init(&s, b.rank);
    if (!box_is_empty(&b) && box_intersect(&b, &own, &part))
        box_set_add_box(&s, &part);
    note_intent(a->var, intent, &s);
    box_set_free(&s);
}

void dvmh_region_data(const void *addr, int rank, const dvmh_idx *ext, size_t elem_size,
                      int intent, const dvmh_range *sec)
{
    schedule_region_datum(NULL, 0, rank, ext, elem_size);
    box_set s;
    box_set_init(&s, 1);
    var *v = data_section(region_state.file, region_state.line, addr, rank, ext, elem_size,
                          sec, &s);
    note_intent(v, intent, &s);
    box_set_free(&s);
}

void region_claim(var *v, int dev, const box *b, bool write)
{
    for (int k = 0; k < region_state.fresh_count; k++) {
        region_fresh *f = &region_state.fresh[k];
        if (f->v != v || (!write && !f->local))
            continue;
        box_set part;
        box_set_init(&part, v->rank);
        box_set_intersect_box(&f->boxes, b, &part);
        if (!box_set_is_empty(&part)) {
            var_reserve(v, dev, b);
            for (int m = 0; m < part.count; m++)
                var_written(v, dev, &part.boxes[m]);
            box_set_subtract_set(&f->boxes, &part);
        }
        box_set_free(&part);
    }
}

void region_forget(var *v)
{
    for (int k = 0; k < region_state.fresh_count; k++) {
        region_fresh *f = &region_state.fresh[k];
        if (f->v != v)
            continue;
        box_set_free(&f->boxes);
        box_set_free(&f->needed);
        region_state.fresh[k--] = region_state.fresh[--region_state.fresh_count];
    }
}

/* 'actual' inside a region (a sequential part wrote the data on the
 * host): those elements now have values, so no device claims them fresh. */
static void unclaim(var *v, const box *b)
{
    for (int k = 0; k < region_state.fresh_count; k++)
        if (region_state.fresh[k].v == v)
            box_set_subtract_box(&region_state.fresh[k].boxes, b);
}

void dvmh_region_end(const char *file, int line)
{
    if (region_state.depth <= 0)
        dvmh_fatal(file, line, "end of a region that did not begin");
    region_state.depth--;
    for (int k = 0; k < region_state.fresh_count; k++) {
        box_set_free(&region_state.fresh[k].boxes);
        box_set_free(&region_state.fresh[k].needed);
    }
    region_state.fresh_count = 0;
    stats_region_end();
    schedule_region_end();
    trace_scope_end();
    dvmh_ctx()->site_file = NULL;
}

void dvmh_get_actual_array(const char *file, int line, dvmh_array *a, const dvmh_range *sec)
{
    if (!array_is_array(a))
        dvmh_fatal(file, line, "get_actual of something that is not a distributed array");
    check_section(file, line, a->head.rank, a->size, sec);
    if (!a->var)
        return;
    box b;
    array_section_box(a, sec, &b);
    var_actualize(a->var, 0, &b, MOVE_GET_ACTUAL);
}

void dvmh_get_actual_data(const char *file, int line, const void *addr, int rank,
                          const dvmh_idx *ext, size_t elem_size, const dvmh_range *sec)
{
    box_set s;
    box_set_init(&s, 1);
    var *v = data_section(file, line, addr, rank, ext, elem_size, sec, &s);
    for (int k = 0; v && k < s.count; k++)
        var_actualize(v, 0, &s.boxes[k], MOVE_GET_ACTUAL);
    box_set_free(&s);
}

static void get_actual_var(var *v, void *arg)
{
    (void)arg;
    var_actualize_host_all(v, MOVE_GET_ACTUAL);
}

static void actual_var(var *v, void *arg)
{
    (void)arg;
    var_count_host_named(v, &v->whole);
    var_written(v, 0, &v->whole);
    unclaim(v, &v->whole);
}

static void for_each_var(void (*fn)(var *v, void *arg))
{
    array_for_each_var(fn, NULL);
    data_for_each(fn, NULL);
}

void dvmh_get_actual_all(const char *file, int line)
{
    (void)file;
    (void)line;
    for_each_var(get_actual_var);
}

void dvmh_actual_array(const char *file, int line, dvmh_array *a, const dvmh_range *sec)
{
    if (!array_is_array(a))
        dvmh_fatal(file, line, "actual of something that is not a distributed array");
    check_section(file, line, a->head.rank, a->size, sec);
    array_changed(a);
    if (!a->var)
        return;
    box b;
    array_section_box(a, sec, &b);
    var_count_host_named(a->var, &b);
    var_written(a->var, 0, &b);
    unclaim(a->var, &b);
}

void dvmh_actual_data(const char *file, int line, const void *addr, int rank,
                      const dvmh_idx *ext, size_t elem_size, const dvmh_range *sec)
{
    box_set s;
    box_set_init(&s, 1);
    var *v = data_section(file, line, addr, rank, ext, elem_size, sec, &s);
    for (int k = 0; v && k < s.count; k++) {
        var_count_host_named(v, &s.boxes[k]);
        var_written(v, 0, &s.boxes[k]);
        unclaim(v, &s.boxes[k]);
    }
    box_set_free(&s);
}

void dvmh_actual_all(const char *file, int line)
{
    (void)file;
    (void)line;
    for_each_var(actual_var);
}

/* A remote_access block on several processes: while it runs, each listed
 * array is seen through a view holding its own part and the remote
 * elements (the head that element accesses read points into the view);
 * at the end the head is restored and the own part copied back. */
typedef struct remote_entry {
    dvmh_array *array;
    int depth;
    dvmh_array_head head;
    dvmh_idx alloc_lo[DVMH_MAX_RANK], alloc_hi[DVMH_MAX_RANK];
    comm_remote_view view;
} remote_entry;

static struct {
    const char *file;
    int line;
    int depth;
    remote_entry *entries;
    int count;
} remote_state;

void dvmh_remote_begin(const char *file, int line)
{
    remote_state.file = file;
    remote_state.line = line;
    remote_state.depth++;
}

void dvmh_remote_array(dvmh_array *a, const dvmh_rule *rules)
{
    if (!array_is_array(a))
        dvmh_fatal(remote_state.file, remote_state.line,
                   "remote_access of something that is not a distributed array");
    bool one = comm_process_count() == 1;
    if (!one)
        indirect_refuse(remote_state.file, remote_state.line, a, "remote_access");
    int r = a->head.rank;
    dvmh_idx lo[DVMH_MAX_RANK], hi[DVMH_MAX_RANK];
    for (int d = 0; d < r; d++) {
        lo[d] = 0;
        hi[d] = a->size[d] - 1;
        if (rules[d].kind == DVMH_RULE_CONST) {
            if (rules[d].b < 0 || rules[d].b >= a->size[d])
                dvmh_fatal(remote_state.file, remote_state.line,
                           "remote_access index %lld of dimension %d is out of bounds",
                           (long long)rules[d].b, d + 1);
            lo[d] = hi[d] = rules[d].b;
        } else if (rules[d].kind != DVMH_RULE_ANY) {
            dvmh_fatal(remote_state.file, remote_state.line,
                       "remote_access outside loops takes constant or whole dimensions");
        }
    }
    if (one) {
        /* every element is local: the block reads the host copy, which a
         * device may have left behind */
        if (a->var) {
            box b = {.rank = r};
            for (int d = 0; d < r; d++) {
                b.lo[d] = lo[d];
                b.hi[d] = hi[d];
            }
            var_actualize(a->var, 0, &b, MOVE_REMOTE);
        }
        return;
    }
    remote_state.entries = dvmh_xrealloc(remote_state.entries, sizeof *remote_state.entries *
                                         (size_t)(remote_state.count + 1));
    remote_entry *e = &remote_state.entries[remote_state.count++];
    e->array = a;
    e->depth = remote_state.depth;
    e->head = a->head;
    memcpy(e->alloc_lo, a->alloc_lo, sizeof e->alloc_lo);
    memcpy(e->alloc_hi, a->alloc_hi, sizeof e->alloc_hi);
    /* owners serve the elements from their host copies */
    if (a->var)
        var_actualize_host_all(a->var, MOVE_REMOTE);
    comm_remote_view_begin(a, lo, hi, &e->view);
    if (!e->view.buffer)
        return; /* the elements came into the shadow edges */
    dvmh_idx stride = 1, origin = 0;
    for (int d = r - 1; d >= 0; d--) {
        a->head.stride[d] = stride;
        origin -= e->view.lo[d] * stride;
        stride *= e->view.ext[d];
        a->alloc_lo[d] = e->view.lo[d];
        a->alloc_hi[d] = e->view.hi[d];
    }
    a->head.host_data = e->view.buffer;
    a->head.origin = origin;
}

void dvmh_remote_end(const char *file, int line)
{
    if (remote_state.depth <= 0)
        dvmh_fatal(file, line, "end of a remote_access block that did not begin");
    while (remote_state.count > 0 &&
           remote_state.entries[remote_state.count - 1].depth == remote_state.depth) {
        remote_entry *e = &remote_state.entries[--remote_state.count];
        dvmh_array *a = e->array;
        /* the block's assignments counted on its view's head: the array
         * changed (every process runs the block's end) */
        unsigned long changes = a->head.changes;
        a->head = e->head;
        if (a->head.changes < changes)
            a->head.changes = changes;
        array_changed(a);
        memcpy(a->alloc_lo, e->alloc_lo, sizeof e->alloc_lo);
        memcpy(a->alloc_hi, e->alloc_hi, sizeof e->alloc_hi);
        comm_remote_view_end(a, &e->view, 1);
        if (a->var)
            var_written(a->var, 0, &a->var->whole);
    }
    remote_state.depth--;
}

void dvmh_interval_begin(const char *file, int line, long id)
{
    stats_interval_begin(file, line, id);
    trace_scope_begin(TRACE_INTERVAL, file, line, id);
}

void dvmh_interval_end(const char *file, int line)
{
    (void)file;
    (void)line;
    stats_interval_end();
    trace_scope_end();
}
