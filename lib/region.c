/* region.c: computational regions, actuality directives, remote_access
 * blocks and intervals. This process has only the host device so far:
 * every variable is always actual on the host and nothing moves; the calls
 * still check their arguments so that wrong programs fail here too. */
#include "internal.h"
#include "comm.h"

#include <stdio.h>

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

static struct {
    const char *file;
    int line;
    int depth;
} remote_state;

void dvmh_remote_begin(const char *file, int line)
{
    remote_state.file = file;
    remote_state.line = line;
    remote_state.depth++;
}

void dvmh_remote_array(dvmh_array *a, const dvmh_rule *rules)
{
    (void)rules;
    if (!array_is_array(a))
        dvmh_fatal(remote_state.file, remote_state.line,
                   "remote_access of something that is not a distributed array");
    if (comm_process_count() > 1)
        dvmh_fatal(remote_state.file, remote_state.line,
                   "not supported yet: remote_access blocks with several processes");
}

void dvmh_remote_end(const char *file, int line)
{
    if (remote_state.depth <= 0)
        dvmh_fatal(file, line, "end of a remote_access block that did not begin");
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
