/* distrib.h: distributed index spaces and their division between processes. */
#ifndef DVMH_DISTRIB_H
#define DVMH_DISTRIB_H

#include "dvmh.h"

#include <stdbool.h>

/* How one dimension of a template (or a directly distributed array) is
 * divided: between grid_dims[axis] processes, or not at all (axis < 0). */
typedef struct distr_dim {
    int kind;                       /* enum dvmh_distr_kind */
    int axis;                       /* grid axis, -1 when not distributed */
    dvmh_idx *bounds;               /* kind != NONE: processes+1 block starts */
    /* kind INDIRECT: the grid coordinate owning each index, and the indices
     * this process owns (ascending); every process keeps storage for the
     * whole dimension. prev_owner: the owners of the distribution before
     * (the arrays' values move from them), NULL if it was not indirect. */
    int *owner, *prev_owner;
    dvmh_idx *owned;
    dvmh_idx owned_count;
    unsigned long generation;       /* indirect: a number no other distribution had */
} distr_dim;

/* A distributed index space: a template, or an array distributed by its
 * own 'distribute'. */
typedef struct distr_space {
    int rank;
    dvmh_idx size[DVMH_MAX_RANK];
    distr_dim dim[DVMH_MAX_RANK];
    int grid_rank;
    int grid_dims[DVMH_MAX_RANK];
    int grid_coords[DVMH_MAX_RANK];
    bool distributed;               /* a distribution has been given */
    /* the formats last given, their parameters included (genblock's
     * sizes, wgtblock's weights, multblock's multiple): an array created
     * by malloc is distributed with them when malloc gives its size */
    dvmh_distr given[DVMH_MAX_RANK];
} distr_space;

void distr_space_init(distr_space *s, int rank, const dvmh_idx *sizes);
void distr_space_distribute(const char *file, int line, distr_space *s,
                            const dvmh_distr *distr);
/* Block starts of p processes over n elements in format f: the part of
 * process c is bounds[c] .. bounds[c+1]-1. */
void distr_bounds(const char *file, int line, dvmh_idx *bounds, dvmh_idx n, int p,
                  const dvmh_distr *f);
/* Owned global range of dimension d of the space on this process (an
 * indirect dimension: the whole dimension, the storage every process keeps;
 * distr_dim.owner says who owns each index). */
void distr_space_owned(const distr_space *s, int d, dvmh_idx *lo, dvmh_idx *hi);
/* The space's indirectly distributed dimension, -1 if none. */
int distr_space_indirect(const distr_space *s);
/* Frees what the space's distribution allocated. */
void distr_space_free(distr_space *s);

#endif
