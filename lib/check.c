/* check.c: check mode (dvmcc -fdvmh-check). The instrumented handlers
 * call dvmh_check_elem for each access to a distributed array; it checks
 * the access against the loop's directives, in terms of the program, not
 * of this run's processes (so a missing shadow_renew shows on one process
 * too):
 * - an element outside the shadow widths around the iteration's own element
 *   (its 'on' or 'tie' image) along a distributed dimension, without
 *   remote_access: a non-local access;
 * - an element of another iteration's written since its array's last
 *   shadow_renew, read without across: a missing shadow_renew;
 * - an element written by one iteration and read or written by another in
 *   the same run of the loop, without across: a race.
 * Each array gets a companion array (its 'state', aligned with it, so with
 * the same local part and shadow edges) of check_elem. At the end of a
 * loop on several processes the states of the elements it wrote travel to
 * the other processes' shadow edges like a shadow_renew, and the reads
 * made there are checked against the writes of their owners. */
#include "check.h"

#include "alloc.h"
#include "array.h"
#include "comm.h"
#include "loop.h"

#include <sched.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The state of one element. Iterations are numbered from 1 (0: none). */
typedef struct check_elem {
    int64_t writer, reader, reader2;  /* iterations of the run 'epoch' (readers: two distinct) */
    uint32_t epoch;                   /* the loop run they belong to */
    int32_t wline;                    /* line of the last write since the last shadow_renew (0: none) */
    int32_t wproc;                    /* the process that made it */
    int32_t cline;                    /* ... since the last shadow_renew with corners */
} check_elem;

/* An epoch no loop run has: a thread is clearing the element's state */
#define CHECK_BUSY UINT32_MAX

static uint32_t epoch_counter;
static int failing;
static int my_rank;                   /* this process's rank in the loop's processor system */

/* What a loop checks of one of its data (computed once per loop run). */
struct check_data {
    bool checked;                     /* a distributed array not read through remote_access */
    bool across;
    bool dist[DVMH_MAX_RANK];         /* a distributed dimension the iteration maps */
    bool free_dist[DVMH_MAX_RANK];    /* one it leaves free (on B[i][]): every holder runs it */
    dvmh_idx lo[DVMH_MAX_RANK], hi[DVMH_MAX_RANK]; /* its shadow widths */
};

void dvmh_check_fail(const char *file, int line, const char *fmt, ...)
{
    /* one report: other threads that fail at the same time wait for the stop */
    if (__atomic_exchange_n(&failing, 1, __ATOMIC_ACQ_REL))
        for (;;)
            sched_yield();
    char text[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    /* file:line: error: check: ..., then every process stops (status 1) */
    dvmh_fatal(file, line, "check: %s", text);
}

void dvmh_loop_check(dvmh_loop *l, const char *vars)
{
    l->check_vars = vars;
}

/* ---- iterations: numbered in the whole loop, the same on every process */

#define CHECK_FAR ((dvmh_idx)1 << 40)
#define CHECK_RADIX ((dvmh_idx)1 << 21)

static bool dim_known(const dvmh_loop *l, int d)
{
    return l->step[d] != 0 && l->check_first[d] > -CHECK_FAR && l->check_first[d] < CHECK_FAR &&
           l->check_last[d] > -CHECK_FAR && l->check_last[d] < CHECK_FAR;
}

static dvmh_idx dim_count(const dvmh_loop *l, int d)
{
    if (!dim_known(l, d))
        return CHECK_RADIX;
    dvmh_idx n = (l->check_last[d] - l->check_first[d]) / l->step[d] + 1;
    return n <= 0 ? 1 : n == CHECK_RADIX ? n + 1 : n; /* CHECK_RADIX: unknown */
}

static int64_t iter_encode(const dvmh_loop *l, const dvmh_idx *iter)
{
    int64_t n = 0;
    for (int d = 0; d < l->rank; d++) {
        dvmh_idx v;
        if (l->check_count[d] == CHECK_RADIX)
            v = iter[d] + CHECK_RADIX / 2;
        else if (l->step[d] == 1)
            v = iter[d] - l->check_first[d];
        else
            v = (iter[d] - l->check_first[d]) / l->step[d];
        n = n * l->check_count[d] + v;
    }
    return n + 1;
}

/* "(i=3, j=4)" of iteration number n */
static void iter_text(const dvmh_loop *l, int64_t n, char *out, size_t size)
{
    dvmh_idx iter[DVMH_MAX_RANK];
    n -= 1;
    for (int d = l->rank - 1; d >= 0; d--) {
        dvmh_idx c = l->check_count[d], v = n % c;
        n /= c;
        iter[d] = c != CHECK_RADIX ? l->check_first[d] + v * l->step[d] : v - CHECK_RADIX / 2;
    }
    size_t len = (size_t)snprintf(out, size, "(");
    const char *name = l->check_vars;
    for (int d = 0; d < l->rank && len < size; d++) {
        size_t nl = strcspn(name, ",");
        len += (size_t)snprintf(out + len, size - len, "%s%.*s=%lld", d ? ", " : "", (int)nl, name,
                                (long long)iter[d]);
        name += nl + (name[nl] == ',');
    }
    if (len < size)
        snprintf(out + len, size - len, ")");
}

/* "A[3][4]" */
static void elem_text(const char *name, int rank, const dvmh_idx *idx, char *out, size_t size)
{
    size_t len = (size_t)snprintf(out, size, "%s", name ? name : "array");
    for (int d = 0; d < rank && len < size; d++)
        len += (size_t)snprintf(out + len, size - len, "[%lld]", (long long)idx[d]);
}

/* ---- the companion arrays */

static bool is_distributed(const dvmh_array *a)
{
    return a->aligned || a->own_space.distributed;
}

/* Whether dimension x of a is divided between processes (in some
 * configuration: the distribution format, not this run's grid, decides).
 * An indirect dimension counts as not divided: its references reach any
 * element through named shadow edges (shadow_add), which are not checked. */
static bool dim_distributed(const dvmh_array *a, int x)
{
    if (!is_distributed(a))
        return false;
    dvmh_rule rules[DVMH_MAX_RANK];
    const distr_space *s = object_space_rules((void *)a, rules);
    for (int b = 0; s && b < s->rank; b++)
        if (rules[b].kind == DVMH_RULE_LINEAR && rules[b].dim == x &&
            s->dim[b].kind != DVMH_DISTR_NONE)
            return !s->dim[b].owner;
    return false;
}

static bool same_shape(const dvmh_array *a, const dvmh_array *c)
{
    for (int d = 0; d < a->head.rank; d++)
        if (a->size[d] != c->size[d] || a->alloc_lo[d] != c->alloc_lo[d] ||
            a->alloc_hi[d] != c->alloc_hi[d] || a->head.own_lo[d] != c->head.own_lo[d] ||
            a->head.own_hi[d] != c->head.own_hi[d])
            return false;
    return c->allocated;
}

static void companion(dvmh_array *a)
{
    /* the shapes compared are the local parts: after a realign some
     * processes may keep theirs; every process makes a new companion or
     * none (creating arrays is collective, and their order in the
     * runtime's list is the order a redistribute moves them in) */
    int same = a->check && same_shape(a, a->check);
    if (a->check && comm_process_count() > 1)
        comm_allreduce(DVMH_RED_MIN, DVMH_T_INT, &same, 1, NULL, 0, 0);
    if (same)
        return;
    check_array_gone(a);
    int rank = a->head.rank;
    dvmh_distr none[DVMH_MAX_RANK];
    for (int d = 0; d < rank; d++)
        none[d] = (dvmh_distr){.kind = DVMH_DISTR_NONE};
    dvmh_array *c = dvmh_array_create(a->file, a->line, rank, sizeof(check_elem), DVMH_T_OTHER,
                                      a->size, a->shadow_lo, a->shadow_hi,
                                      is_distributed(a) ? NULL : none);
    if (is_distributed(a)) {
        dvmh_rule same[DVMH_MAX_RANK];
        for (int d = 0; d < rank; d++)
            same[d] = (dvmh_rule){DVMH_RULE_LINEAR, d, 1, 0};
        dvmh_array_align(a->file, a->line, c, a, same);
    }
    a->check = c; /* zero-filled: no writes, no readers */
}

void check_array_gone(dvmh_array *a)
{
    if (a->check)
        dvmh_array_destroy(a->check);
    a->check = NULL;
}

static size_t elem_count(const dvmh_array *c)
{
    size_t n = 1;
    for (int d = 0; d < c->head.rank; d++)
        n *= (size_t)(c->alloc_hi[d] - c->alloc_lo[d] + 1);
    return n;
}

static check_elem *state_at(const dvmh_array *c, const dvmh_idx *idx)
{
    if (!c || !c->allocated)
        return NULL;
    dvmh_idx off = c->head.origin;
    for (int d = 0; d < c->head.rank; d++) {
        if (idx[d] < c->alloc_lo[d] || idx[d] > c->alloc_hi[d])
            return NULL;
        off += idx[d] * c->head.stride[d];
    }
    return (check_elem *)(void *)c->head.host_data + off;
}

static bool data_remote(const dvmh_loop *l, int k)
{
    for (int m = 0; m < l->remote_count; m++)
        if (l->remotes[m] == k)
            return true;
    return false;
}

static bool data_across(const dvmh_loop *l, int k)
{
    for (int m = 0; m < l->across_count; m++)
        if (l->acrosses[m].data == k)
            return true;
    return false;
}

/* ---- loops */

void check_loop_begin(dvmh_loop *l)
{
    if (++epoch_counter == 0 || epoch_counter == CHECK_BUSY)
        epoch_counter = 1;
    l->check_epoch = epoch_counter;
    memcpy(l->check_first, l->first, sizeof l->check_first);
    memcpy(l->check_last, l->last, sizeof l->check_last);
    for (int d = 0; d < l->rank; d++)
        l->check_count[d] = dim_count(l, d);
    my_rank = comm_process_rank();
    l->check_data = dvmh_xcalloc((size_t)(l->data_count ? l->data_count : 1),
                                 sizeof *l->check_data);
    for (int k = 0; k < l->data_count; k++) {
        dvmh_array *a = l->data[k].array;
        if (!a || !a->allocated)
            continue;
        struct check_data *cd = &l->check_data[k];
        cd->checked = !data_remote(l, k);
        cd->across = data_across(l, k);
        for (int x = 0; x < a->head.rank; x++) {
            cd->dist[x] = l->data[k].map[x].kind != DVMH_RULE_ANY && dim_distributed(a, x);
            cd->free_dist[x] = l->data[k].map[x].kind == DVMH_RULE_ANY && dim_distributed(a, x);
            cd->lo[x] = a->shadow_lo[x] < 0 ? 1 : a->shadow_lo[x]; /* not given: 1 */
            cd->hi[x] = a->shadow_hi[x] < 0 ? 1 : a->shadow_hi[x];
        }
        companion(a);
        /* host code wrote elements: their owners' states reach the edges */
        if (a->check_host_written && is_distributed(a) && comm_process_count() > 1)
            comm_shadow_renew(a->check, NULL, NULL, 1);
        a->check_host_written = false;
    }
    /* shadow_renew: every element's copies are current again */
    for (int s = 0; s < l->shadow_count; s++) {
        dvmh_array *c = l->data[l->shadows[s].data].array->check;
        check_elem *e = c ? (check_elem *)(void *)c->head.host_data : NULL;
        bool corner = l->shadows[s].corner != 0;
        for (size_t m = 0; e && m < elem_count(c); m++) {
            e[m].wline = 0;
            if (corner) /* else the diagonal neighbours' copies stay old */
                e[m].cline = 0;
        }
    }
}

/* Whether the read marks of 'mine' and the write of 'owner' (both of run
 * 'epoch') are different iterations: the reader's number, else 0. */
static int64_t other_reader(const check_elem *mine, const check_elem *owner, uint32_t epoch)
{
    if (mine->epoch != epoch || owner->epoch != epoch || !owner->writer)
        return 0;
    if (mine->reader && mine->reader != owner->writer)
        return mine->reader;
    if (mine->reader2 && mine->reader2 != owner->writer)
        return mine->reader2;
    return 0;
}

/* The shadow edges of data k's state, after the owners' states arrived
 * (saved: the states before), checked for reads made here of elements
 * their owners wrote in this run. */
static void check_edges(dvmh_loop *l, int k, const check_elem *saved)
{
    const dvmh_array *a = l->data[k].array, *c = a->check;
    int rank = c->head.rank;
    dvmh_idx idx[DVMH_MAX_RANK];
    for (int d = 0; d < rank; d++)
        idx[d] = c->alloc_lo[d];
    for (;;) {
        bool own = true;
        for (int d = 0; d < rank; d++)
            own &= idx[d] >= c->head.own_lo[d] && idx[d] <= c->head.own_hi[d];
        const check_elem *now = state_at(c, idx);
        if (!now)
            break; /* no local part */
        const check_elem *before = saved + (now - (const check_elem *)(void *)c->head.host_data);
        int64_t reader = own ? 0 : other_reader(before, now, l->check_epoch);
        if (reader) {
            char it_r[160], it_w[160], el[160];
            iter_text(l, reader, it_r, sizeof it_r);
            iter_text(l, now->writer, it_w, sizeof it_w);
            elem_text(l->data[k].name, rank, idx, el, sizeof el);
            dvmh_check_fail(l->file, now->wline ? now->wline : l->line,
                            "race on %s: iteration %s on process %d writes it and iteration %s "
                            "on process %d reads it in this run of the loop, and no across "
                            "covers %s",
                            el, it_w, now->wproc, it_r, comm_process_rank(), l->data[k].name);
        }
        int d = rank - 1;
        while (d >= 0 && ++idx[d] > c->alloc_hi[d]) {
            idx[d] = c->alloc_lo[d];
            d--;
        }
        if (d < 0)
            break;
    }
}

void check_loop_end(dvmh_loop *l)
{
    for (int k = 0; k < l->data_count && comm_process_count() > 1; k++) {
        dvmh_array *a = l->data[k].array;
        if (!a || !a->check || !is_distributed(a) || !(l->data[k].access & DVMH_WRITE) ||
            data_remote(l, k))
            continue;
        dvmh_array *c = a->check;
        size_t bytes = elem_count(c) * sizeof(check_elem);
        check_elem *saved = dvmh_xmalloc(bytes);
        memcpy(saved, c->head.host_data, bytes);
        comm_shadow_renew(c, NULL, NULL, 1);
        if (!data_across(l, k))
            check_edges(l, k, saved);
        free(saved);
    }
    free(l->check_data);
    l->check_data = NULL;
}

int dvmh_check_host_write(int line, dvmh_array *a, const dvmh_idx *idx)
{
    /* every process runs the guard: the flag is the same everywhere */
    array_changed(a);
    if (a->check)
        a->check_host_written = true;
    if (!dvmh_owns_write(a, idx))
        return 0;
    check_elem *s = state_at(a->check, idx);
    if (s) {
        s->wline = line;
        s->cline = line;
        s->wproc = comm_process_rank();
    }
    return 1;
}

/* ---- one access */

/* The element's place relative to the iteration's own element: false
 * when some distributed dimension differs (a neighbour's element); fails
 * when it is beyond the shadow widths. */
static bool check_place(dvmh_loop *l, int k, int mode, int line, const dvmh_idx *iter,
                        const dvmh_idx *idx, int *moved)
{
    *moved = 0; /* divided dimensions along which idx is off the own element */
    const loop_data *d = &l->data[k];
    const struct check_data *cd = &l->check_data[k];
    const dvmh_array *a = d->array;
    bool home = true;
    for (int x = 0; x < d->rank; x++) {
        char el[160], it[160], own[160];
        if (idx[x] < 0 || idx[x] >= a->size[x]) {
            elem_text(d->name, d->rank, idx, el, sizeof el);
            dvmh_check_fail(l->file, line, "%s is out of bounds (dimension %d has %lld elements)",
                            el, x + 1, (long long)a->size[x]);
        }
        if (cd->free_dist[x] && cd->checked) {
            /* a dimension the loop does not map (on B[i][]: every process
             * holding part of row i runs iteration i): a process may write
             * only its own elements there, read its shadow edges too */
            dvmh_idx olo, ohi;
            object_owned((void *)a, x, &olo, &ohi);
            bool write = (mode & DVMH_WRITE) != 0;
            dvmh_idx wlo = write ? 0 : (cd->lo[x]), whi = write ? 0 : (cd->hi[x]);
            if (idx[x] >= olo - wlo && idx[x] <= ohi + whi)
                continue;
            elem_text(d->name, d->rank, idx, el, sizeof el);
            iter_text(l, iter_encode(l, iter), it, sizeof it);
            dvmh_check_fail(l->file, line,
                            "non-local %s of %s by iteration %s: the loop does not map dimension "
                            "%d of %s, and this process holds indexes %lld to %lld there%s",
                            write ? "write" : "read", el, it, x + 1, d->name, (long long)olo,
                            (long long)ohi,
                            write ? " (write each element in the iteration that owns it, or map "
                                    "the loop on all of its dimensions)"
                                  : ", with its shadow edges");
        }
        if (!cd->dist[x])
            continue;
        const dvmh_rule *r = &d->map[x];
        dvmh_idx h = r->kind == DVMH_RULE_CONST ? r->b : r->a * iter[r->dim] + r->b;
        dvmh_idx off = idx[x] - h, lo = cd->lo[x], hi = cd->hi[x];
        home &= off == 0;
        *moved += off != 0;
        /* a write off the own element lands in this process's copy only:
         * the element's owner (and the sequential program) never sees it */
        bool stray_write = (mode & DVMH_WRITE) && off != 0 && !cd->across;
        if (!stray_write && off >= -lo && off <= hi)
            continue;
        dvmh_idx ownidx[DVMH_MAX_RANK];
        memcpy(ownidx, idx, sizeof(dvmh_idx) * (size_t)d->rank);
        ownidx[x] = h;
        elem_text(d->name, d->rank, idx, el, sizeof el);
        elem_text(d->name, d->rank, ownidx, own, sizeof own);
        iter_text(l, iter_encode(l, iter), it, sizeof it);
        if (stray_write)
            dvmh_check_fail(l->file, line,
                            "non-local write of %s by iteration %s: %lld from the iteration's own "
                            "element %s along dimension %d (a loop writes only the elements its "
                            "iterations own: map it on %s, or align %s like the loop's target)",
                            el, it, (long long)(off < 0 ? -off : off), own, x + 1, d->name, d->name);
        dvmh_check_fail(l->file, line,
                        "non-local %s of %s by iteration %s: %lld from the iteration's own "
                        "element %s along dimension %d, beyond the shadow width %lld, and the "
                        "loop has no remote_access for %s",
                        mode & DVMH_WRITE ? "write" : "read", el, it, (long long)(off < 0 ? -off : off),
                        own, x + 1, (long long)(off < 0 ? lo : hi), d->name);
    }
    return home;
}

/* An element's state joins loop run ep: the first thread to see an older
 * run clears it (holding the epoch at CHECK_BUSY meanwhile); the others
 * wait until it has. Two threads clearing at once lost a write made
 * between the two clears. */
static void state_enter(check_elem *s, uint32_t ep)
{
    for (;;) {
        uint32_t e = __atomic_load_n(&s->epoch, __ATOMIC_ACQUIRE);
        if (e == ep)
            return;
        if (e != CHECK_BUSY && __atomic_compare_exchange_n(&s->epoch, &e, CHECK_BUSY, false,
                                                           __ATOMIC_ACQUIRE, __ATOMIC_RELAXED)) {
            __atomic_store_n(&s->writer, 0, __ATOMIC_RELAXED);
            __atomic_store_n(&s->reader, 0, __ATOMIC_RELAXED);
            __atomic_store_n(&s->reader2, 0, __ATOMIC_RELAXED);
            __atomic_store_n(&s->epoch, ep, __ATOMIC_RELEASE);
            return;
        }
    }
}

static void check_race(dvmh_loop *l, int k, int line, int64_t other, int64_t it, bool other_writes,
                       bool writes, const dvmh_idx *idx)
{
    char el[160], a[160], b[160];
    elem_text(l->data[k].name, l->data[k].rank, idx, el, sizeof el);
    iter_text(l, other, a, sizeof a);
    iter_text(l, it, b, sizeof b);
    dvmh_check_fail(l->file, line,
                    "race on %s: iteration %s %s it and iteration %s %s it in this run of the "
                    "loop, and no across covers %s",
                    el, a, other_writes ? "writes" : "reads", b, writes ? "writes" : "reads",
                    l->data[k].name);
}

static void check_access(dvmh_loop *l, int k, int mode, int line, const dvmh_idx *iter,
                         const dvmh_idx *idx)
{
    int moved;
    bool home = check_place(l, k, mode, line, iter, idx, &moved);
    check_elem *s = state_at(l->data[k].array->check, idx);
    if (!s)
        return;
    int64_t it = iter_encode(l, iter);
    bool across = l->check_data[k].across;
    state_enter(s, l->check_epoch);
    /* Threads touch one element at once: a write is published (exchange)
     * before it looks for readers, a read (reader slots) before it looks
     * for the writer, all sequentially consistent, so of a read and a
     * write at the same time at least one sees the other. */
    if (mode & DVMH_READ) {
        int64_t r1 = 0;
        if (!__atomic_compare_exchange_n(&s->reader, &r1, it, false, __ATOMIC_SEQ_CST,
                                         __ATOMIC_SEQ_CST) &&
            r1 != it) {
            int64_t r2 = 0;
            __atomic_compare_exchange_n(&s->reader2, &r2, it, false, __ATOMIC_SEQ_CST,
                                        __ATOMIC_SEQ_CST);
        }
    }
    int64_t w = mode & DVMH_WRITE ? __atomic_exchange_n(&s->writer, it, __ATOMIC_SEQ_CST)
                                  : __atomic_load_n(&s->writer, __ATOMIC_SEQ_CST);
    if (!across && w && w != it)
        check_race(l, k, line, w, it, true, mode & DVMH_WRITE, idx);
    if (!across && (mode & DVMH_WRITE)) {
        int64_t r1 = __atomic_load_n(&s->reader, __ATOMIC_SEQ_CST);
        int64_t r2 = __atomic_load_n(&s->reader2, __ATOMIC_SEQ_CST);
        if ((r1 && r1 != it) || (r2 && r2 != it))
            check_race(l, k, line, r1 && r1 != it ? r1 : r2, it, false, true, idx);
    }
    if (mode & DVMH_READ) {
        int32_t wline = __atomic_load_n(&s->wline, __ATOMIC_RELAXED);
        if (!home && !across && wline && w != it) {
            char el[160], itx[160];
            elem_text(l->data[k].name, l->data[k].rank, idx, el, sizeof el);
            iter_text(l, it, itx, sizeof itx);
            dvmh_check_fail(l->file, line,
                            "missing shadow_renew: iteration %s reads %s, written at line %d "
                            "(by process %d) after the last shadow_renew of %s",
                            itx, el, (int)wline, (int)__atomic_load_n(&s->wproc, __ATOMIC_RELAXED),
                            l->data[k].name);
        }
        int32_t cline = __atomic_load_n(&s->cline, __ATOMIC_RELAXED);
        if (moved >= 2 && !across && cline && w != it) {
            char el[160], itx[160];
            elem_text(l->data[k].name, l->data[k].rank, idx, el, sizeof el);
            iter_text(l, it, itx, sizeof itx);
            dvmh_check_fail(l->file, line,
                            "missing corner: iteration %s reads the diagonal neighbour %s, "
                            "written at line %d (by process %d) after the last shadow_renew of "
                            "%s with (corner)",
                            itx, el, (int)cline, (int)__atomic_load_n(&s->wproc, __ATOMIC_RELAXED),
                            l->data[k].name);
        }
    }
    if (mode & DVMH_WRITE) {
        __atomic_store_n(&s->wline, line, __ATOMIC_RELAXED);
        __atomic_store_n(&s->cline, line, __ATOMIC_RELAXED);
        __atomic_store_n(&s->wproc, my_rank, __ATOMIC_RELAXED);
    }
}

void *dvmh_check_elem(dvmh_piece *p, int k, int mode, int line, const dvmh_idx *iter,
                      const dvmh_idx *idx)
{
    dvmh_loop *l = p->internal->loop;
    const loop_data *d = &l->data[k];
    dvmh_idx off = 0;
    for (int x = 0; x < d->rank; x++)
        off = off * p->ext[k][x] + idx[x];
    size_t elem = d->array ? d->array->head.elem_size : d->elem_size;
    char *addr = (char *)p->data[k] + off * (dvmh_idx)elem;
    if (l->check_data && l->check_data[k].checked)
        check_access(l, k, mode, line, iter, idx);
    return addr;
}
