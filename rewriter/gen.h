/* gen.h: the state of one rewrite, shared by the code generator's files:
 * the tree, the directives attached to their constructs, the distributed
 * objects, the edits and the diagnostics. */
#ifndef CDVMH_GEN_H
#define CDVMH_GEN_H

#include "ast.h"
#include "diag.h"
#include "directive.h"
#include "edit.h"
#include "pragma.h"

/* A distributed array, template or inherit parameter. */
typedef struct dobj {
    int decl;                       /* its declaring node */
    char *name;
    char *desc;                     /* the descriptor expression in generated code */
    bool is_template;
    int rank;
    char *elem;                     /* element type */
    int type_code;                  /* enum dvmh_type */
    bool pointer;                   /* created by malloc */
    const directive *dir;
} dobj;

typedef struct attached {
    directive *dir;
    pragma_text *pragma;
    int node;                       /* the construct it governs, -1: none */
} attached;

typedef struct gen {
    ast a;
    edit_list e;
    diag_list *diags;
    const char *file;
    bool remarks;
    attached *dirs;
    int dir_count;
    dobj *objs;
    int obj_count;
    strbuf globals;                 /* creation of file-scope objects */
    char *base;                     /* the file's name as an identifier */
    int handler_count;
    /* where host code reads distributed elements locally (refs.c) */
    size_t (*local_reads)[2];
    int local_read_count;
    /* CUDA handlers (cuda.c) */
    bool emit_cuda;
    strbuf cuda;                    /* the kernels */
    int *device_fns;                /* functions that get __device__ copies */
    int device_fn_count;
} gen;

void gen_error(gen *g, size_t offset, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
void gen_error_at(gen *g, dir_loc loc, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
void gen_remark(gen *g, size_t offset, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

dobj *gen_find_obj(gen *g, int decl);
dobj *gen_lookup_obj(gen *g, const char *name, size_t offset);
/* The directive attached to node n of the given kind, or NULL. */
attached *gen_attached(gen *g, int n, dir_kind kind);
/* enum dvmh_type name of a C type ("DVMH_T_DOUBLE"), NULL if none. */
const char *gen_type_code(CXType t);
/* "T name" (arrays: "T name[3][4]") for a local copy of a variable. */
char *gen_decl_text(CXType t, const char *name);
/* Ordinary data: rank, element type; false for a scalar. */
bool gen_data_shape(CXType t, int *rank, CXType *elem);
/* "(B), 2, (dvmh_idx[]){sizeof(B)/sizeof((B)[0]), ...}, sizeof(double)" */
char *gen_data_args(CXType t, const char *name);
char *gen_distr_text(const directive *d);
char *gen_rules_text(gen *g, const dir_ref *r, char *const *vars, int var_count, int rank);
char *gen_range_text(const dir_range *r, int rank);

/* One loop of a parallel nest: its header in the texts dvmh_loop_create
 * takes. */
typedef struct loop_dim {
    int node;                       /* the ForStmt */
    char *var, *type;
    char *lb, *hi, *step;           /* texts for dvmh_loop_create */
    bool down;
    bool unit;                      /* step is 1 or -1 literally */
    bool outer_bounds;              /* bounds use outer loop variables */
} loop_dim;

/* A variable used under a node, and whether it may be written. */
typedef struct use {
    int decl;
    bool write;
    size_t offset;                  /* first reference */
} use;

typedef struct use_list {
    use *items;
    int count;
} use_list;

/* loop.c: the header of a parallel loop's outermost loop (its variable
 * as the directive names it), checked canonical; the variables used
 * under node n. */
bool gen_loop_header(gen *g, attached *at, int fornode, loop_dim *ld);
void gen_loop_header_free(loop_dim *ld);
void gen_collect_uses(gen *g, int n, use_list *out);

/* task.c: task arrays, map, task_region, task_link and parallel loops
 * over a task array. */
bool gen_is_task_loop(gen *g, const attached *at);
void gen_task(gen *g, attached *at);

/* loop.c / region.c / decl.c / refs.c */
void gen_parallel(gen *g, attached *at);
void gen_region(gen *g, attached *at);
void gen_declarations(gen *g);
void gen_references(gen *g);
bool gen_in_parallel_loop(gen *g, size_t offset);
/* The reduction clause of d: its variables exist and can be reduced (false
 * after reporting), and one "<call>, op, type, &var, ...);" line per
 * reduction (call: "dvmh_loop_reduction(dvmh_L"). */
bool gen_check_reductions(gen *g, const directive *d, size_t loop_start);
/* How a parallel loop maps the array name: its 'on' or its 'tie', or NULL. */
const dir_ref *gen_loop_mapping(const directive *d, const char *name);
void gen_reduction_calls(gen *g, const directive *d, size_t loop_start, const char *call,
                         strbuf *out);
/* reach.c: "    dvmh_loop_reach(...);\n" for data k of a loop whose body is
 * node body, or NULL when its references are not all 'loop variable +
 * constant' in some dimension. */
char *gen_reach_call(gen *g, int body, int decl, int rank, char *const *vars, int nvars,
                     int data_index);

#endif
