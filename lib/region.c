/* region.c: computational regions, actuality directives, remote_access
 * blocks and intervals. This process has only the host device so far:
 * every variable is always actual on the host and nothing moves; the calls
 * still check their arguments so that wrong programs fail here too. */
#include "internal.h"
#include "comm.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static struct {
    int depth;
    const char *file;
    int line;
} region_state;

void dvmh_region_begin(const char *file, int line, unsigned flags)
{
    (void)flags;
    if (region_state.depth > 0)
        dvmh_fatal(file, line, "region inside the region of %s:%d", region_state.file,
                   region_state.line);
    region_state.depth++;
    region_state.file = file;
    region_state.line = line;
}

static void check_section(const char *file, int line, int rank, const dvmh_idx *size,
                          const dvmh_range *sec)
{
    for (int d = 0; sec && d < rank; d++) {
        if (sec[d].lo == DVMH_WHOLE)
            continue;
        if (sec[d].lo > sec[d].hi || sec[d].lo < 0 || (size[d] > 0 && sec[d].hi >= size[d]))
            dvmh_fatal(file, line, "section [%lld:%lld] of dimension %d is out of bounds",
                       (long long)sec[d].lo, (long long)sec[d].hi, d + 1);
    }
}

void dvmh_region_array(dvmh_array *a, int intent, const dvmh_range *sec)
{
    (void)intent;
    if (!array_is_array(a))
        dvmh_fatal(region_state.file, region_state.line, "region clause names something that "
                                                         "is not a distributed array");
    check_section(region_state.file, region_state.line, a->head.rank, a->size, sec);
}

void dvmh_region_data(const void *addr, int rank, const dvmh_idx *ext, size_t elem_size,
                      int intent, const dvmh_range *sec)
{
    (void)addr;
    (void)elem_size;
    (void)intent;
    check_section(region_state.file, region_state.line, rank, ext, sec);
}

void dvmh_region_end(const char *file, int line)
{
    if (region_state.depth <= 0)
        dvmh_fatal(file, line, "end of a region that did not begin");
    region_state.depth--;
}

void dvmh_get_actual_array(const char *file, int line, dvmh_array *a, const dvmh_range *sec)
{
    if (!array_is_array(a))
        dvmh_fatal(file, line, "get_actual of something that is not a distributed array");
    check_section(file, line, a->head.rank, a->size, sec);
}

void dvmh_get_actual_data(const char *file, int line, const void *addr, int rank,
                          const dvmh_idx *ext, size_t elem_size, const dvmh_range *sec)
{
    (void)addr;
    (void)elem_size;
    check_section(file, line, rank, ext, sec);
}

void dvmh_get_actual_all(const char *file, int line)
{
    (void)file;
    (void)line;
}

void dvmh_actual_array(const char *file, int line, dvmh_array *a, const dvmh_range *sec)
{
    dvmh_get_actual_array(file, line, a, sec);
}

void dvmh_actual_data(const char *file, int line, const void *addr, int rank,
                      const dvmh_idx *ext, size_t elem_size, const dvmh_range *sec)
{
    dvmh_get_actual_data(file, line, addr, rank, ext, elem_size, sec);
}

void dvmh_actual_all(const char *file, int line)
{
    (void)file;
    (void)line;
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
    if (comm_process_count() == 1)
        return; /* every element is local */
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
    remote_entry *grown = realloc(remote_state.entries,
                                  sizeof *grown * (size_t)(remote_state.count + 1));
    if (!grown)
        dvmh_fatal(remote_state.file, remote_state.line, "out of memory");
    remote_state.entries = grown;
    remote_entry *e = &grown[remote_state.count++];
    e->array = a;
    e->depth = remote_state.depth;
    e->head = a->head;
    memcpy(e->alloc_lo, a->alloc_lo, sizeof e->alloc_lo);
    memcpy(e->alloc_hi, a->alloc_hi, sizeof e->alloc_hi);
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
        a->head = e->head;
        memcpy(a->alloc_lo, e->alloc_lo, sizeof e->alloc_lo);
        memcpy(a->alloc_hi, e->alloc_hi, sizeof e->alloc_hi);
        comm_remote_view_end(a, &e->view, 1);
    }
    remote_state.depth--;
}

void dvmh_interval_begin(const char *file, int line, long id)
{
    (void)file;
    (void)line;
    (void)id;
}

void dvmh_interval_end(const char *file, int line)
{
    (void)file;
    (void)line;
}
