/* internal.h: the runtime's own view of its objects (context, templates,
 * arrays, loops). Generated code sees only dvmh.h. */
#ifndef DVMH_INTERNAL_H
#define DVMH_INTERNAL_H

#include "dvmh.h"

#include <stdbool.h>
#include <stddef.h>

#define DVMH_TEMPLATE_MAGIC 0x44544d50u

/* How one dimension of a template (or a directly distributed array) is
 * divided: between grid_dims[axis] processes, or not at all (axis < 0). */
typedef struct distr_dim {
    int kind;                       /* enum dvmh_distr_kind */
    int axis;                       /* grid axis, -1 when not distributed */
    dvmh_idx *bounds;               /* kind != NONE: processes+1 block starts */
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
} distr_space;

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
};

typedef struct dvmh_context {
    bool initialized;
    int threads;                    /* host device threads */
    void (**inits)(void);
    int init_count;
    /* every live array, in creation order (the same on every process):
     * remapping a template or array remaps the arrays aligned with it */
    struct dvmh_array **arrays;
    int array_count, array_capacity;
    double start_time;
    double cpu_weight;              /* DVMH_CPU_PERF */
    /* the directive being run: errors raised below it without a source
     * position of their own (device errors) name this one */
    const char *site_file;
    int site_line;
    /* handlers are running (their threads may call into the runtime) */
    bool in_handlers;
} dvmh_context;

dvmh_context *dvmh_ctx(void);

/* distrib.c */
void distr_space_init(distr_space *s, int rank, const dvmh_idx *sizes);
void distr_space_distribute(const char *file, int line, distr_space *s,
                            const dvmh_distr *distr);
/* Block starts of p processes over n elements in format f: the part of
 * process c is bounds[c] .. bounds[c+1]-1. */
void distr_bounds(const char *file, int line, dvmh_idx *bounds, dvmh_idx n, int p,
                  const dvmh_distr *f);
/* Owned global range of dimension d of the space on this process. */
void distr_space_owned(const distr_space *s, int d, dvmh_idx *lo, dvmh_idx *hi);

/* array.c */
void array_compute_ownership(dvmh_array *a);
bool array_is_array(const void *p);
bool array_is_template(const void *p);
const distr_space *object_space(const char *file, int line, void *obj);
/* The space obj is mapped onto, and rules[k]: space dimension k in terms of
 * obj's dimensions. */
const distr_space *object_space_rules(void *obj, dvmh_rule *rules);

/* Indices i with lo <= a*i+b <= hi (a == 0: all or none). */
void rule_preimage(dvmh_idx a, dvmh_idx b, dvmh_idx lo, dvmh_idx hi, dvmh_idx *ilo, dvmh_idx *ihi);
/* Owned global range of dimension d of an array or template. */
void object_owned(void *obj, int d, dvmh_idx *lo, dvmh_idx *hi);

/* data.c */
struct var;
struct box;
struct box_set;
/* The variable of ordinary data at addr seen as rank dims of ext (ext[0] < 0:
 * a pointer, the rest of its heap block); lead_extent receives the leading
 * extent. NULL: memory the runtime does not know (not from dvmh_malloc). */
struct var *data_var(const char *file, int line, const void *addr, int rank,
                     const dvmh_idx *ext, size_t elem_size, dvmh_idx *lead_extent);
/* The byte-address boxes of a box of elements of such a view. */
void data_view_boxes(const void *addr, int rank, const dvmh_idx *ext, size_t elem_size,
                     const struct box *elems, struct box_set *out);
void data_for_each(void (*fn)(struct var *v, void *arg), void *arg);

/* array.c: the box of global indices of the local part (shadows included) */
void array_local_box(const dvmh_array *a, struct box *out);
void array_own_box(const dvmh_array *a, struct box *out);

/* region.c */
/* Inside a region: its devices (a bit per device); else 0. */
unsigned region_devices(void);
/* 'out'/'local' data whose values at region entry are not needed: the part
 * of box b of v that a loop on dev is about to write (or, for 'local', to
 * touch at all) is claimed on dev without being copied in. */
void region_claim(struct var *v, int dev, const struct box *b, bool write);

/* reduce.c */
size_t reduce_type_size(int type);
/* Writes the identity of op for type into count elements at var. */
void reduce_identity(int op, int type, void *var, int count);
/* acc = acc op value, element-wise; for maxloc/minloc, value (and its loc)
 * replaces acc only when strictly better, so the earlier one wins ties. */
void reduce_combine(int op, int type, void *acc, const void *value, int count,
                    void *acc_loc, const void *value_loc, size_t loc_size);

/* task.c: where the output a subtask prints to stdout goes while it
 * runs on the I/O process of its group (NULL: outside subtasks). */
FILE *task_output_stream(void);
/* Checks DVMH_MAP and DVMH_MAP_UNIT (at start-up). */
void task_check_env(void);

/* env.c */
int env_int(const char *name, int default_value, int min_value);
/* A device-kind performance weight (DVMH_*_PERF): positive, default 1. */
double env_weight(const char *name);
/* DVMH_CPU_PERF: as env_weight, but 0 is allowed: in regions the host runs
 * only what no accelerator can. */
double env_cpu_weight(void);
/* The variable is unset or one of accepted; a value in later is refused as
 * not supported yet, anything else as a bad value (both stop the program). */
bool env_choice(const char *name, const char *const *accepted, const char *const *later);

#endif
