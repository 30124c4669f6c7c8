/* distrib.c: how a distributed index space is divided into blocks over the
 * process grid (block, wgtblock, genblock, multblock, not distributed). */
#include "distrib.h"
#include "alloc.h"
#include "comm.h"

#include <stdlib.h>
#include <string.h>

void distr_space_init(distr_space *s, int rank, const dvmh_idx *sizes)
{
    memset(s, 0, sizeof *s);
    s->rank = rank;
    for (int d = 0; d < rank; d++) {
        s->size[d] = sizes[d];
        s->dim[d].kind = DVMH_DISTR_NONE;
        s->dim[d].axis = -1;
        s->given[d] = (dvmh_distr){DVMH_DISTR_NONE, NULL, 0, 0};
    }
}

static double value_as_double(const dvmh_distr *f, dvmh_idx k)
{
    if (f->value_size == sizeof(float))
        return ((const float *)f->values)[k];
    return ((const double *)f->values)[k];
}

static dvmh_idx value_as_idx(const dvmh_distr *f, dvmh_idx k)
{
    switch (f->value_size) {
    case sizeof(short): return ((const short *)f->values)[k];
    case sizeof(int): return ((const int *)f->values)[k];
    default: return ((const long long *)f->values)[k];
    }
}

/* Block starts for p processes over n elements: bounds[c]..bounds[c+1]-1. */
static void bounds_block(dvmh_idx *b, dvmh_idx n, int p, dvmh_idx unit)
{
    dvmh_idx units = (n + unit - 1) / unit;
    for (int c = 0; c <= p; c++) {
        dvmh_idx start = units * c / p * unit;
        b[c] = start < n ? start : n;
    }
}

/* Element weights: the dimension is cut into count equal pieces of the
 * given weights; processes get contiguous ranges of balanced weight. */
static void bounds_weighted(const char *file, int line, dvmh_idx *b, dvmh_idx n, int p,
                            const dvmh_distr *f)
{
    if (f->count <= 0 || !f->values)
        dvmh_fatal(file, line, "wgtblock: the weight count must be positive");
    double total = 0;
    for (dvmh_idx k = 0; k < f->count; k++) {
        double w = value_as_double(f, k);
        if (!(w >= 0))
            dvmh_fatal(file, line, "wgtblock: weight %lld is negative", (long long)k);
        total += w;
    }
    if (total <= 0)
        dvmh_fatal(file, line, "wgtblock: the weights sum to zero");
    /* weight of element i = weight of the piece containing it */
    double per_proc = total / p, acc = 0;
    int c = 1;
    b[0] = 0;
    for (dvmh_idx i = 0; i < n && c < p; i++) {
        dvmh_idx piece = i * f->count / n;
        dvmh_idx piece_len = (piece + 1) * n / f->count - piece * n / f->count;
        acc += value_as_double(f, piece) / (double)(piece_len > 0 ? piece_len : 1);
        while (c < p && acc >= per_proc * c - 1e-12 * total)
            b[c++] = i + 1;
    }
    while (c <= p)
        b[c++] = n;
}

static void bounds_genblock(const char *file, int line, dvmh_idx *b, dvmh_idx n, int p,
                            const dvmh_distr *f)
{
    if (!f->values)
        dvmh_fatal(file, line, "genblock: no block sizes");
    b[0] = 0;
    for (int c = 0; c < p; c++) {
        dvmh_idx len = value_as_idx(f, c);
        if (len < 0)
            dvmh_fatal(file, line, "genblock: block size %lld of process %d is negative",
                       (long long)len, c);
        b[c + 1] = b[c] + len;
    }
    if (b[p] != n)
        dvmh_fatal(file, line, "genblock: block sizes sum to %lld, the dimension has %lld elements",
                   (long long)b[p], (long long)n);
}

void distr_bounds(const char *file, int line, dvmh_idx *bounds, dvmh_idx n, int p,
                  const dvmh_distr *f)
{
    switch (f->kind) {
    case DVMH_DISTR_BLOCK:
        bounds_block(bounds, n, p, 1);
        break;
    case DVMH_DISTR_MULTBLOCK:
        if (f->count <= 0)
            dvmh_fatal(file, line, "multblock: the multiple must be positive");
        bounds_block(bounds, n, p, f->count);
        break;
    case DVMH_DISTR_WGTBLOCK:
        bounds_weighted(file, line, bounds, n, p, f);
        break;
    case DVMH_DISTR_GENBLOCK:
        bounds_genblock(file, line, bounds, n, p, f);
        break;
    default:
        dvmh_fatal(file, line, "unknown distribution format %d", f->kind);
    }
}

/* An indirect dimension: values[i] (taken modulo the p processes) owns i. */
static void indirect_owners(const char *file, int line, distr_dim *dd, dvmh_idx n, int p, int me,
                            const dvmh_distr *f)
{
    if (!f->values)
        dvmh_fatal(file, line, "indirect: no partition array");
    static unsigned long generations;
    dd->generation = ++generations;
    dd->owner = dvmh_xmalloc(sizeof(int) * (size_t)n);
    dd->owned = dvmh_xmalloc(sizeof(dvmh_idx) * (size_t)(n > 0 ? n : 1));
    dd->owned_count = 0;
    for (dvmh_idx i = 0; i < n; i++) {
        dvmh_idx v = value_as_idx(f, i);
        if (v < 0)
            dvmh_fatal(file, line, "indirect: element %lld of the partition array is %lld, "
                       "a negative process number", (long long)i, (long long)v);
        dd->owner[i] = (int)(v % p);
        if (dd->owner[i] == me)
            dd->owned[dd->owned_count++] = i;
    }
}

void distr_space_free(distr_space *s)
{
    for (int d = 0; d < s->rank; d++) {
        free(s->dim[d].bounds);
        free(s->dim[d].owner);
        free(s->dim[d].prev_owner);
        free(s->dim[d].owned);
        s->dim[d].bounds = NULL;
        s->dim[d].owner = s->dim[d].prev_owner = NULL;
        s->dim[d].owned = NULL;
    }
}

int distr_space_indirect(const distr_space *s)
{
    for (int d = 0; d < s->rank; d++)
        if (s->dim[d].kind == DVMH_DISTR_INDIRECT && s->dim[d].owner)
            return d;
    return -1;
}

void distr_space_distribute(const char *file, int line, distr_space *s, const dvmh_distr *distr)
{
    dvmh_idx extents[DVMH_MAX_RANK];
    int axes = 0, indirect = 0;
    for (int d = 0; d < s->rank; d++)
        indirect += distr[d].kind == DVMH_DISTR_INDIRECT;
    for (int d = 0; indirect && d < s->rank; d++)
        if (distr[d].kind != DVMH_DISTR_INDIRECT && distr[d].kind != DVMH_DISTR_NONE)
            dvmh_fatal(file, line, "not supported yet: an indirect distribution together with "
                       "another distributed dimension (distribute the others with '*')");
    if (indirect > 1)
        dvmh_fatal(file, line, "not supported yet: more than one indirect dimension");
    for (int d = 0; d < s->rank; d++) {
        free(s->dim[d].bounds);
        s->dim[d].bounds = NULL;
        /* the owners before stay known until the arrays have moved */
        free(s->dim[d].prev_owner);
        s->dim[d].prev_owner = s->dim[d].owner;
        s->dim[d].owner = NULL;
        free(s->dim[d].owned);
        s->dim[d].owned = NULL;
        s->dim[d].owned_count = 0;
        s->dim[d].kind = distr[d].kind;
        s->given[d] = distr[d];
        s->dim[d].axis = -1;
        if (distr[d].kind != DVMH_DISTR_NONE) {
            s->dim[d].axis = axes;
            extents[axes++] = s->size[d];
        }
    }
    s->grid_rank = axes;
    comm_grid(axes, extents, s->grid_dims, s->grid_coords);
    for (int d = 0; d < s->rank; d++) {
        distr_dim *dd = &s->dim[d];
        if (dd->axis < 0)
            continue;
        int p = s->grid_dims[dd->axis];
        dd->bounds = dvmh_xmalloc(sizeof(dvmh_idx) * (size_t)(p + 1));
        if (distr[d].kind == DVMH_DISTR_INDIRECT) {
            /* the storage: the whole dimension */
            for (int c = 0; c <= p; c++)
                dd->bounds[c] = c == p ? s->size[d] : 0;
            indirect_owners(file, line, dd, s->size[d], p, s->grid_coords[dd->axis], &distr[d]);
            continue;
        }
        distr_bounds(file, line, dd->bounds, s->size[d], p, &distr[d]);
    }
    s->distributed = true;
}

void distr_space_owned(const distr_space *s, int d, dvmh_idx *lo, dvmh_idx *hi)
{
    const distr_dim *dd = &s->dim[d];
    if (dd->axis < 0 || !dd->bounds) {
        *lo = 0;
        *hi = s->size[d] - 1;
        return;
    }
    if (dd->owner) {
        *lo = 0;
        *hi = s->size[d] - 1;
        return;
    }
    int c = s->grid_coords[dd->axis];
    *lo = dd->bounds[c];
    *hi = dd->bounds[c + 1] - 1;
}
