/* array_elem.c: host code's access to single elements of distributed
 * arrays outside parallel loops: addresses, owner-computes guards, reads
 * of elements other processes hold (the owner's broadcast, or a copy of
 * the whole array after many reads), addresses taken by the program. */
#include "actual.h"
#include "alloc.h"
#include "array.h"
#include "boxes.h"
#include "comm.h"
#include "context.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

void *dvmh_checked_addr(const char *file, int line, const void *handle, const dvmh_idx *idx)
{
    const dvmh_array *a = handle;
    for (int d = 0; d < a->head.rank; d++)
        if (idx[d] < a->alloc_lo[d] || idx[d] > a->alloc_hi[d] || a->head.own_lo[0] > a->head.own_hi[0])
            dvmh_fatal(file, line, "element %lld of dimension %d of the array created at %s:%d is "
                       "not local to process %d (read it with remote_access)", (long long)idx[d],
                       d + 1, a->file, a->line, comm_process_rank());
    return dvmh_elem_addr(a, idx);
}

void *dvmh_elem_addr(const dvmh_array *a, const dvmh_idx *idx)
{
    const dvmh_array_head *h = &a->head;
    dvmh_idx off = h->origin;
    for (int d = 0; d < h->rank; d++)
        off += idx[d] * h->stride[d];
    return h->host_data + off * (dvmh_idx)h->elem_size;
}

int dvmh_owns(const dvmh_array *a, const dvmh_idx *idx)
{
    const dvmh_array_head *h = &a->head;
    for (int d = 0; d < h->rank; d++)
        if (idx[d] < h->own_lo[d] || idx[d] > h->own_hi[d])
            return 0;
    return a->ind.dim < 0 || indirect_owns(&a->ind, idx[a->ind.dim]);
}

/* Host code reading an element outside regions gets its current value even
 * when a region left it on an accelerator. */
static void array_host_element(const dvmh_array *a, const dvmh_idx *idx)
{
    if (!a->var || var_host_actual(a->var))
        return;
    box b = {.rank = a->head.rank};
    for (int d = 0; d < a->head.rank; d++)
        b.lo[d] = b.hi[d] = idx[d];
    var_actualize(a->var, 0, &b, MOVE_GET_ACTUAL);
}

int dvmh_owner_depth;

void *dvmh_owner_read(const char *file, int line, const void *handle, const dvmh_idx *idx)
{
    void *addr = dvmh_checked_addr(file, line, handle, idx);
    array_host_element(handle, idx);
    return addr;
}

int dvmh_owns_write(dvmh_array *a, const dvmh_idx *idx)
{
    if (!dvmh_owns(a, idx))
        return 0;
    if (a->var && a->head.on_devices)
        var_host_write(a->var, idx);
    return 1;
}

static void check_index(const char *file, int line, const dvmh_array *a, const dvmh_idx *idx)
{
    for (int d = 0; d < a->head.rank; d++)
        if (idx[d] < 0 || idx[d] >= a->size[d])
            dvmh_fatal(file, line, "index %lld of dimension %d is out of bounds [0, %lld)",
                       (long long)idx[d], d + 1, (long long)a->size[d]);
}

void *dvmh_set_elem(const char *file, int line, dvmh_array *a, const dvmh_idx *idx, void *value,
                    int check)
{
    check_index(file, line, a, idx);
    int own;
    if (check) {
        own = dvmh_check_host_write(line, a, idx);
    } else {
        a->head.changes++; /* as DVMH_OWNS_W: every process runs it */
        own = dvmh_owns_write(a, idx);
    }
    if (own)
        memcpy(dvmh_elem_addr(a, idx), value, a->head.elem_size);
    return value;
}

void dvmh_read_elem(const char *file, int line, const dvmh_array *a, const dvmh_idx *idx,
                    void *dst)
{
    check_index(file, line, a, idx);
    int mine = dvmh_owns(a, idx);
    array_host_element(a, idx);
    if (comm_process_count() == 1) {
        memcpy(dst, dvmh_elem_addr(a, idx), a->head.elem_size);
        return;
    }
    int owner = mine ? comm_process_rank() : 1 << 30;
    comm_allreduce(DVMH_RED_MIN, DVMH_T_INT, &owner, 1, NULL, 0, 0);
    if (owner == comm_process_rank())
        memcpy(dst, dvmh_elem_addr(a, idx), a->head.elem_size);
    comm_bcast(dst, a->head.elem_size, owner);
}

void *dvmh_elem_ref(const char *file, int line, dvmh_array *a, const dvmh_idx *idx, void *buf,
                    int read)
{
    if (dvmh_ctx()->in_handlers)
        dvmh_fatal(file, line, "not supported yet: the address of an element of a distributed "
                               "array taken in a function called from a parallel loop");
    /* the element may be written through the address: straight away
     * (read == 0: it goes to scanf), or whenever the program writes
     * through a pointer it keeps, which the runtime cannot see, so host
     * reads of the array never use a copy of it again */
    array_changed(a);
    if (read) {
        a->snap_never = true;
        dvmh_read_elem(file, line, a, idx, buf);
    } else {
        check_index(file, line, a, idx);
    }
    if (!dvmh_owns(a, idx))
        return buf;
    array_host_element(a, idx);
    if (a->var && a->head.on_devices)
        var_host_write(a->var, idx);
    return dvmh_elem_addr(a, idx);
}

/* Host code reading many elements of an array that does not change in
 * between (a checksum, a printout): after SNAP_AFTER such reads, every
 * process fetches all of the array once (up to SNAP_MAX_BYTES) and reads
 * that copy until the array changes. What decides (the reads, the
 * changes) is what every process of the array's system runs, so every
 * process decides alike: all fetch, or none. */
enum { SNAP_AFTER = 8 };
#define SNAP_MAX_BYTES ((size_t)64 << 20)

void array_snapshot_drop(dvmh_array *a)
{
    free(a->snap);
    a->snap = NULL;
    a->snap_bytes = 0;
    a->reads = 0;
    a->snap_never = false; /* pointers into the old memory are dead */
    array_changed(a);
}

/* Counts a host read of a: whether SNAP_AFTER reads came since it last
 * changed. */
static bool many_reads(dvmh_array *a)
{
    if (a->reads_changes != a->head.changes) {
        a->reads_changes = a->head.changes;
        a->reads = 0;
    }
    return ++a->reads > SNAP_AFTER;
}

static void *snapshot_elem(dvmh_array *a, const dvmh_idx *idx)
{
    if (a->group != comm_group_current() || a->ind.dim >= 0 || a->snap_never)
        return NULL;
    if (!a->snap || a->snap_changes != a->head.changes) {
        if (!many_reads(a))
            return NULL;
        size_t bytes = a->head.elem_size;
        for (int d = 0; d < a->head.rank; d++) {
            if (bytes > SNAP_MAX_BYTES / (size_t)(a->size[d] > 0 ? a->size[d] : 1))
                return NULL;
            bytes *= (size_t)a->size[d];
        }
        if (bytes == 0 || bytes > SNAP_MAX_BYTES)
            return NULL;
        if (a->snap_bytes != bytes) {
            free(a->snap);
            a->snap = dvmh_xmalloc(bytes);
            a->snap_bytes = bytes;
        }
        /* the owners serve it from their host copies */
        box own;
        array_own_box(a, &own);
        if (a->var && !box_is_empty(&own))
            var_actualize(a->var, 0, &own, MOVE_GET_ACTUAL);
        dvmh_idx lo[DVMH_MAX_RANK], hi[DVMH_MAX_RANK];
        for (int d = 0; d < a->head.rank; d++) {
            lo[d] = 0;
            hi[d] = a->size[d] - 1;
        }
        double t0 = dvmh_wtime();
        size_t sent = comm_fetch_box(a, lo, hi, a->snap);
        var_count_processes(a->var, MOVE_REMOTE, sent, t0);
        a->snap_changes = a->head.changes;
    }
    dvmh_idx off = 0;
    for (int d = 0; d < a->head.rank; d++)
        off = off * a->size[d] + idx[d];
    return a->snap + off * (dvmh_idx)a->head.elem_size;
}

void *dvmh_read_into(const char *file, int line, const dvmh_array *a, const dvmh_idx *idx,
                     void *buf)
{
    /* a function called from a parallel loop's host handler (the loop
     * made the process's local part and shadow edges current): the local
     * element, as in the loop itself */
    if (dvmh_ctx()->in_handlers)
        return dvmh_checked_addr(file, line, a, idx);
    /* a function called by an owner-computes statement: only the owner
     * runs it, and reads what it holds, as the statement itself does */
    if (dvmh_owner_depth > 0)
        return dvmh_owner_read(file, line, a, idx);
    bool dist[DVMH_MAX_RANK];
    array_distributed_dims(a, dist);
    bool replicated = true;
    for (int d = 0; d < a->head.rank; d++)
        replicated &= !dist[d];
    /* the same decision on every process: the read is collective or not */
    if (comm_process_count() == 1 || replicated) {
        /* many reads after a region left the newest values on an
         * accelerator: the whole host copy at once, not element by element */
        if (a->var && !var_host_actual(a->var) && many_reads((dvmh_array *)a))
            var_actualize_host_all(a->var, MOVE_GET_ACTUAL);
        array_host_element(a, idx);
        return dvmh_elem_addr(a, idx);
    }
    check_index(file, line, a, idx);
    void *copy = snapshot_elem((dvmh_array *)a, idx);
    if (copy)
        return copy;
    dvmh_read_elem(file, line, a, idx, buf);
    return buf;
}
