/* array.h: templates and distributed arrays as the runtime sees them. */
#ifndef DVMH_ARRAY_H
#define DVMH_ARRAY_H

#include "boxes.h"
#include "distrib.h"
#include "dvmh.h"
#include "indirect.h"

#include <stdbool.h>

#define DVMH_TEMPLATE_MAGIC 0x44544d50u

struct dvmh_template {
    uint32_t magic;
    distr_space space;
};

struct dvmh_array {
    dvmh_array_head head;           /* must stay first: read by generated code */
    int type;
    dvmh_idx size[DVMH_MAX_RANK];
    dvmh_idx shadow_lo[DVMH_MAX_RANK], shadow_hi[DVMH_MAX_RANK];
    dvmh_idx alloc_lo[DVMH_MAX_RANK], alloc_hi[DVMH_MAX_RANK];
    /* Owned box before the last ownership change (for redistribution). */
    dvmh_idx prev_own_lo[DVMH_MAX_RANK], prev_own_hi[DVMH_MAX_RANK];
    /* Ownership comes from 'space' (own distribution) or from an
     * alignment onto another object's space. */
    distr_space own_space;
    const distr_space *align_space; /* NULL: own_space */
    dvmh_rule align_rules[DVMH_MAX_RANK];
    bool aligned;
    bool allocated;
    /* 'align' onto a pointer array not created by malloc yet: applied
     * when this array is created */
    void *pending_target;
    dvmh_rule pending_rules[DVMH_MAX_RANK];
    const char *file;
    int line;
    /* the processor system it was created on (comm_group_current();
     * NULL: the whole program) */
    struct comm_group *group;
    struct var *var;                /* actuality of the local part (actual.c) */
    char name[64];                  /* in the source (dvmh_name); empty: unknown */
    /* an indirectly distributed dimension (ind.dim >= 0): its owners now,
     * and before the last ownership change */
    indirect_map ind, prev_ind;
    /* host reads (dvmh_read_into): a copy of the whole array, row-major,
     * taken when head.changes was snap_changes; and how many reads came
     * since head.changes was reads_changes */
    char *snap;
    size_t snap_bytes;
    unsigned long snap_changes, reads_changes;
    long reads;
    bool snap_never;    /* an element's address went to the program: no copy */
    struct dvmh_array *check;       /* check mode's state of the elements (check.c) */
    bool check_host_written;        /* check mode: host code wrote since the states' exchange */
};

/* The width of the shadow edge of dimension d below (high: above) the
 * local part: the declared one, else 1 where the dimension is distributed
 * and 0 where it is not. */
dvmh_idx array_shadow_width(const dvmh_array *a, int d, bool high);
void array_compute_ownership(dvmh_array *a);
/* Which dimensions of the array are divided between processes. */
void array_distributed_dims(const dvmh_array *a, bool *dist);
/* The array's memory goes (free, destroy): the copy host reads used goes
 * too (array_elem.c). */
void array_snapshot_drop(dvmh_array *a);
/* Something every process of a's system runs may change a's elements: the
 * copy host reads use is out of date. */
static inline void array_changed(dvmh_array *a)
{
    a->head.changes++;
}
bool array_is_array(const void *p);
bool array_is_template(const void *p);
const distr_space *object_space(const char *file, int line, void *obj);
/* The space obj is mapped onto, and rules[k]: space dimension k in terms of
 * obj's dimensions. */
const distr_space *object_space_rules(void *obj, dvmh_rule *rules);

/* Indices i with lo <= a*i+b <= hi (a == 0: all or none). */
void rule_preimage(dvmh_idx a, dvmh_idx b, dvmh_idx lo, dvmh_idx hi, dvmh_idx *ilo, dvmh_idx *ihi);
/* The rank of an array or template. */
int object_rank(const void *obj);
/* The extent of dimension d of an array or template. */
dvmh_idx object_extent(const void *obj, int d);
/* Owned global range of dimension d of an array or template. */
void object_owned(void *obj, int d, dvmh_idx *lo, dvmh_idx *hi);

/* Calls fn with the variable of every allocated array, in creation order. */
void array_for_each_var(void (*fn)(struct var *v, void *arg), void *arg);

/* The box of global indices of the local part (shadows included), and of
 * the owned part. */
void array_local_box(const dvmh_array *a, box *out);
void array_own_box(const dvmh_array *a, box *out);

#endif
