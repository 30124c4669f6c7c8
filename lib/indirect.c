/* indirect.c: owners of an indirectly distributed dimension, and moving
 * an array's values when its layout changes away from an indirect one. */
#include "indirect.h"
#include "alloc.h"
#include "array.h"
#include "comm.h"
#include "distrib.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

void indirect_map_of(void *obj, indirect_map *m)
{
    memset(m, 0, sizeof *m);
    m->dim = -1;
    if (array_is_array(obj)) {
        const dvmh_array *a = obj;
        if (!a->aligned && !a->own_space.distributed)
            return;
    }
    dvmh_rule rules[DVMH_MAX_RANK];
    const distr_space *s = object_space_rules(obj, rules);
    int k = s ? distr_space_indirect(s) : -1;
    if (k < 0 || rules[k].kind == DVMH_RULE_ANY)
        return; /* not distributed along it: every process holds it all */
    if (rules[k].kind != DVMH_RULE_LINEAR)
        dvmh_fatal(NULL, 0, "not supported yet: an array aligned with one index of an "
                            "indirectly distributed dimension");
    const distr_dim *dd = &s->dim[k];
    m->dim = rules[k].dim;
    m->a = rules[k].a;
    m->b = rules[k].b;
    m->owner = dd->owner;
    m->size = s->size[k];
    m->me = s->grid_coords[dd->axis];
    m->procs = s->grid_dims[dd->axis];
    m->owned = dd->owned;
    m->owned_count = dd->owned_count;
    m->space = s;
    m->generation = dd->generation;
}

int indirect_owner(const indirect_map *m, dvmh_idx i)
{
    dvmh_idx t = m->a * i + m->b;
    return t >= 0 && t < m->size ? m->owner[t] : 0;
}

void indirect_refuse(const char *file, int line, const dvmh_array *a, const char *what)
{
    if (a && a->ind.dim >= 0 && a->ind.procs > 1)
        dvmh_fatal(file, line, "not supported yet: %s of an array with an indirectly distributed "
                   "dimension (the array created at %s:%d) on several processes", what, a->file,
                   a->line);
}

/* Row-major position of idx in an array of the given sizes, and back. */
static int64_t linear_of(const dvmh_array *a, const dvmh_idx *idx)
{
    int64_t lin = 0;
    for (int d = 0; d < a->head.rank; d++)
        lin = lin * a->size[d] + idx[d];
    return lin;
}

static void index_of(const dvmh_array *a, int64_t lin, dvmh_idx *idx)
{
    for (int d = a->head.rank - 1; d >= 0; d--) {
        idx[d] = lin % a->size[d];
        lin /= a->size[d];
    }
}

/* The elements this process owned in the old layout: (position, value). */
static char *pack_old_owned(const dvmh_array *a, const dvmh_array_head *old,
                            const indirect_map *prev, size_t *bytes)
{
    int r = old->rank;
    size_t es = old->elem_size, rec = sizeof(int64_t) + es, n = 0, cap = 64;
    char *buf = dvmh_xmalloc(cap * rec);
    dvmh_idx idx[DVMH_MAX_RANK];
    for (int d = 0; d < r; d++) {
        if (old->own_lo[d] > old->own_hi[d]) {
            *bytes = 0;
            return buf;
        }
        idx[d] = old->own_lo[d];
    }
    for (;;) {
        if (indirect_owner(prev, idx[prev->dim]) == prev->me) {
            if (n == cap) {
                cap *= 2;
                buf = dvmh_xrealloc(buf, cap * rec);
            }
            int64_t lin = linear_of(a, idx);
            dvmh_idx off = old->origin;
            for (int d = 0; d < r; d++)
                off += idx[d] * old->stride[d];
            memcpy(buf + n * rec, &lin, sizeof lin);
            memcpy(buf + n * rec + sizeof lin, old->host_data + off * (dvmh_idx)es, es);
            n++;
        }
        int d = r - 1;
        while (d >= 0 && ++idx[d] > old->own_hi[d]) {
            idx[d] = old->own_lo[d];
            d--;
        }
        if (d < 0)
            break;
    }
    *bytes = n * rec;
    return buf;
}

size_t indirect_redistribute(dvmh_array *a, const dvmh_array_head *old, const indirect_map *prev)
{
    int procs = comm_process_count();
    size_t mine, es = old->elem_size, rec = sizeof(int64_t) + es;
    char *pack = pack_old_owned(a, old, prev, &mine);
    /* every process gets every element: new owners (and the whole-dimension
     * storage of a new indirect layout) find their values among them */
    size_t *sb = dvmh_xmalloc(sizeof(size_t) * (size_t)procs);
    size_t *rb = dvmh_xmalloc(sizeof(size_t) * (size_t)procs);
    char *send = dvmh_xmalloc(mine * (size_t)procs + 1);
    for (int q = 0; q < procs; q++) {
        sb[q] = mine;
        memcpy(send + mine * (size_t)q, pack, mine);
    }
    comm_exchange_sizes(sb, rb);
    size_t total = 0;
    for (int q = 0; q < procs; q++)
        total += rb[q];
    char *recv = dvmh_xmalloc(total + 1);
    comm_exchange_bytes(send, sb, recv, rb);
    dvmh_idx idx[DVMH_MAX_RANK];
    for (size_t at = 0; at < total; at += rec) {
        int64_t lin;
        memcpy(&lin, recv + at, sizeof lin);
        index_of(a, lin, idx);
        bool inside = true;
        for (int d = 0; d < a->head.rank; d++)
            inside &= idx[d] >= a->alloc_lo[d] && idx[d] <= a->alloc_hi[d];
        if (inside && a->head.own_lo[0] <= a->head.own_hi[0])
            memcpy(dvmh_elem_addr(a, idx), recv + at + sizeof lin, es);
    }
    free(pack);
    free(send);
    free(recv);
    free(sb);
    free(rb);
    return mine * (size_t)(procs - 1);
}

size_t indirect_share_all(dvmh_array *a)
{
    if (a->ind.dim < 0 || a->ind.procs == 1 || !a->allocated)
        return 0;
    return indirect_redistribute(a, &a->head, &a->ind);
}
