/* directive.h: the directives of C-DVMH as parsed from `#pragma dvm` lines.
 * Expressions stay source text (the code generator pastes them into C);
 * every node keeps its location for diagnostics. No libclang here. */
#ifndef CDVMH_DIRECTIVE_H
#define CDVMH_DIRECTIVE_H

#include "diag.h"

#include <stdbool.h>
#include <stddef.h>

#define DIR_MAX_RANK 7

typedef struct dir_loc {
    unsigned line, col;
} dir_loc;

typedef enum dir_kind {
    DIR_TEMPLATE, DIR_ARRAY, DIR_INHERIT, DIR_REDISTRIBUTE, DIR_REALIGN,
    DIR_REGION, DIR_PARALLEL, DIR_GET_ACTUAL, DIR_ACTUAL, DIR_REMOTE_ACCESS,
    DIR_INTERVAL, DIR_TASK, DIR_MAP, DIR_TASK_REGION, DIR_TASK_LINK,
    DIR_ENDINTERVAL, DIR_EXITINTERVAL,
    DIR_HOST_SECTION, DIR_ARRAY_COPY, DIR_LOCALIZE, DIR_UNLOCALIZE,
    /* recognised, not implemented yet */
    DIR_SHADOW_ADD, DIR_INSTANTIATIONS,
    DIR_KIND_COUNT
} dir_kind;

/* One subscript of a mapping reference (on, align target, tie,
 * remote_access): empty, a*v+b of a declared variable, or a constant. */
typedef enum dir_index_kind { DIR_INDEX_EMPTY, DIR_INDEX_LINEAR, DIR_INDEX_CONST } dir_index_kind;
typedef struct dir_index {
    dir_index_kind kind;
    char *var;                      /* LINEAR: the variable */
    char *a;                        /* LINEAR: coefficient text ("1" if none) */
    char *b;                        /* LINEAR: offset text ("0" if none); CONST: the value */
    dir_loc loc;
} dir_index;

typedef struct dir_ref {
    char *name;
    dir_loc loc;
    int rank;
    dir_index index[DIR_MAX_RANK];
} dir_ref;

/* A section subscript [lo:hi], [e] (lo == hi) or [] (whole); sections
 * may leave bounds open: [:] is [], [:hi] is [0:hi], and [lo:] runs to
 * the end of the dimension. */
typedef struct dir_range {
    char *lo, *hi;                  /* NULL, NULL: whole dimension; lo, NULL: [lo:] */
    dir_loc loc;
} dir_range;

/* A variable with an optional section, or with widths (shadow_renew,
 * across): `A`, `A[1:N-2][]`, `A[1:1][0:0]`, `C(corner)`. */
typedef struct dir_var {
    char *name;
    dir_loc loc;
    int rank;                       /* 0: no subscripts */
    dir_range range[DIR_MAX_RANK];
    bool corner;
    bool out;                       /* across(out(B[..])) */
    char *edge;                     /* shadow_renew(A["name"]): the edge, unquoted */
} dir_var;

typedef struct dir_var_list {
    dir_var *items;
    int count;
} dir_var_list;

typedef enum dir_distr_kind {
    DIR_DISTR_NONE, DIR_DISTR_BLOCK, DIR_DISTR_WGTBLOCK, DIR_DISTR_GENBLOCK,
    DIR_DISTR_MULTBLOCK, DIR_DISTR_INDIRECT
} dir_distr_kind;

typedef struct dir_distr {
    dir_distr_kind kind;
    char *arg1, *arg2;              /* wgtblock(W, n) / genblock(G) / multblock(m) /
                                     * indirect(P) */
    dir_loc loc;
} dir_distr;

typedef enum dir_red_op {
    DIR_RED_SUM, DIR_RED_PRODUCT, DIR_RED_MAX, DIR_RED_MIN, DIR_RED_AND, DIR_RED_OR,
    DIR_RED_XOR, DIR_RED_MAXLOC, DIR_RED_MINLOC
} dir_red_op;

typedef struct dir_reduction {
    dir_red_op op;
    char *var;
    dir_loc loc;
    char *loc_var;                  /* maxloc/minloc */
    dir_loc loc_var_loc;
    char *loc_count;
} dir_reduction;

enum { DIR_TARGET_HOST = 1, DIR_TARGET_CUDA = 2 };

typedef enum dir_time_model { DIR_TIME_LINEAR, DIR_TIME_AMDAHL, DIR_TIME_USER } dir_time_model;

typedef struct directive {
    dir_kind kind;
    dir_loc loc;                    /* of the directive name */

    /* template, array, redistribute */
    int distr_rank;                 /* 0: no distribute clause */
    dir_distr distr[DIR_MAX_RANK];
    char *distr_target;             /* redistribute(A[..]): A */
    int dims_rank;                  /* template[N][M]: sizes (0: a bare 'template') */
    char *dims[DIR_MAX_RANK];
    int shadow_rank;
    dir_range shadow[DIR_MAX_RANK];
    /* align (array) / realign: [i][j] with T[..] */
    bool has_align;
    char *realign_array;            /* realign(X[i] with ...): X */
    bool new_value;                 /* realign(...) new_value: old values not kept */
    int align_rank;
    char *align_dummy[DIR_MAX_RANK]; /* NULL for [] */
    dir_ref align_target;

    /* inherit; array_copy(names[0] = names[1]); localize(names[0] =>
     * names[1][]..[:]..); unlocalize(names...) */
    int name_count;
    char **names;
    dir_loc *name_locs;
    int localize_rank;              /* 0: the target without brackets */
    int localize_axis;              /* the ':' dimension, 0-based */
    /* shadow_add(T[e, ... with T[@v]] = "name") include_to(names...) */
    char *sa_target;
    dir_loc sa_target_loc;
    int sa_expr_count;
    char **sa_exprs;
    char *sa_var;
    char *sa_name;                  /* unquoted */

    /* parallel */
    int loop_rank;
    /* parallel(N): the N outermost loops of the nest; loop_vars are
     * NULL until the generator reads them from the 'for' headers */
    bool depth_form;
    char *loop_vars[DIR_MAX_RANK];
    dir_loc loop_var_locs[DIR_MAX_RANK];
    bool has_on;
    dir_ref on;
    dir_var_list privates;
    dir_reduction *reductions;
    int reduction_count;
    dir_var_list shadow_renew;
    dir_var_list across;
    dir_ref *remotes;               /* also the remote_access block's list */
    int remote_count;
    dir_ref *ties;
    int tie_count;
    int cuda_block_rank;
    char *cuda_block[3];
    char *stage;

    /* region */
    dir_var_list in, out, inout, local, inlocal;
    unsigned targets;               /* 0: not given */
    bool async;

    /* get_actual / actual (has_list false: all; an empty list: none) */
    bool has_list;
    dir_var_list list;

    /* interval (NULL: no number); exitinterval: the numbers it closes,
     * innermost first */
    char *interval_id;
    char **exit_ids;
    dir_loc *exit_id_locs;
    int exit_id_count;

    /* task name[size]; map(name[index] ...); task_region(name);
     * task_link(name[index], name[link_index], volume) */
    char *task_name;
    dir_loc task_loc;
    char *task_size;
    char *task_index;
    char *weight;
    char *procs_min, *procs_max;    /* NULL: not given */
    dir_loc procs_loc;
    char *onto_first, *onto_last;   /* NULL: automatic map */
    dir_loc onto_loc;
    dir_time_model time_model;
    char *time_arg;                 /* amdahl: the serial fraction; user: the function */
    char *link_index, *link_volume;
    dir_loc link_loc;
} directive;

/* What a name in a directive's expression is, in the C scope of the
 * directive: the parser checks that each is declared and used as what it
 * is. */
typedef enum dir_name_kind {
    DIR_NAME_NONE,                  /* not declared */
    DIR_NAME_VALUE,                 /* an arithmetic variable or constant */
    DIR_NAME_ADDRESS,               /* an array or a pointer */
    DIR_NAME_FUNCTION,
    DIR_NAME_RECORD,                /* a struct or union */
    DIR_NAME_TYPE,                  /* a typedef name: in a cast or sizeof only */
    DIR_NAME_OTHER                  /* a macro: anything goes */
} dir_name_kind;

/* A macro of the program, as tokens: its parameters (function-like) and
 * its body. */
#define DIR_MACRO_MAX_PARAMS 32
typedef struct dir_macro {
    bool function_like;
    int nparams, nbody;
    char **params, **body;
} dir_macro;
void dir_macro_free(dir_macro *m);

typedef struct dir_scope {
    dir_name_kind (*lookup)(void *ctx, const char *name);
    /* The macro of the name into *m (dir_macro_free after); false: none,
     * or one that cannot be expanded here (variadic). May be NULL. */
    bool (*macro)(void *ctx, const char *name, dir_macro *m);
    void *ctx;
} dir_scope;

/* Parses the text after `#pragma dvm` (continuations already joined with
 * blanks, so columns map 1:1 onto the first line unless col_map is given).
 * col_map[k], line_map[k]: the location of text[k]. Returns NULL after
 * adding diagnostics on error. */
directive *dir_parse(const char *text, const unsigned *line_map, const unsigned *col_map,
                     const char *file, diag_list *diags);
/* The same, checking the names of its expressions in scope (may be NULL). */
directive *dir_parse_in(const char *text, const unsigned *line_map, const unsigned *col_map,
                        const char *file, diag_list *diags, const dir_scope *scope);
void dir_free(directive *d);
const char *dir_kind_name(dir_kind kind);
const char *dir_red_op_name(dir_red_op op);
/* How parallel loop d maps the array name: its 'on' or its 'tie', or NULL. */
const dir_ref *dir_loop_mapping(const directive *d, const char *name);

#endif
