/* gen.h: the state of one rewrite (the tree, the directives attached to
 * their constructs, the distributed objects, the edits, the diagnostics)
 * and the services the generators share (gen.c). */
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
    bool task_loop;                 /* a parallel loop over a task array */
    /* for a declaration of several variables that take directives of
     * their own (redeclarations of header arrays): the directive of each
     * declarator in order; NULL: dir for all */
    directive *const *var_dirs;
} attached;

typedef struct gen {
    ast a;
    edit_list e;
    diag_list *diags;
    const char *file;
    /* the file of the directive being generated when it is not the main
     * file (a header's): gen_error_at reports there */
    const char *dir_file;
    struct headers *headers;        /* the included headers' declarations (headers.c) */
    bool remarks;
    /* check mode (dvmcc -fdvmh-check): the host handlers check each access
     * to a distributed array (check.c); no CUDA handlers */
    bool check;
    attached *dirs;
    int dir_count;
    dobj *objs;
    int obj_count;
    strbuf globals;                 /* creation of file-scope objects */
    char *base;                     /* the file's name as an identifier */
    /* where host code reads distributed elements as they are locally */
    size_t (*local_reads)[2];
    int local_read_count, local_read_cap;
    /* CUDA handlers */
    bool emit_cuda;
    strbuf cuda;                    /* the kernels */
    int *device_fns;                /* functions that get __device__ copies */
    int device_fn_count, device_fn_cap;
    /* device code across files: the functions of other files the kernels
     * call, and the functions defined here for other files' kernels */
    CXCursor *imports;
    int nimports, imports_cap;
    int *exports;
    int nexports, exports_cap;
    bool exports_done;
} gen;

void gen_error(gen *g, size_t offset, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
void gen_error_at(gen *g, dir_loc loc, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
void gen_remark(gen *g, size_t offset, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

dobj *gen_find_obj(gen *g, int decl);
dobj *gen_lookup_obj(gen *g, const char *name, size_t offset);
/* The directive attached to node n of the given kind, or NULL. */
attached *gen_attached(gen *g, int n, dir_kind kind);
/* Whether offset is inside a parallel loop (not one over a task array). */
/* Replaces directive at's pragma with b's text (taken and emptied), followed
 * by as many newlines as the pragma spans, so later lines keep their numbers. */
void gen_replace_pragma(gen *g, const attached *at, strbuf *b);
bool gen_in_parallel_loop(gen *g, size_t offset);
/* The statement of the innermost parallel loop around offset, or -1. */
int gen_parallel_loop_at(gen *g, size_t offset);
/* The #define and #undef lines of the function between fn_start and a
 * loop at loop_start (a macro the loop's body uses may be defined there):
 * before gets push_macro for each name and the lines in order, after the
 * pop_macro lines, so that a handler outside the function sees the macros
 * as the loop does and the code after it as it was. */
void gen_local_macros(gen *g, size_t fn_start, size_t loop_start, strbuf *before, strbuf *after);
/* enum dvmh_type name of a C type ("DVMH_T_DOUBLE"), NULL if none. */
const char *gen_type_code(CXType t);
/* "T name" (arrays: "T name[3][4]") for a local copy of a variable. */
char *gen_decl_text(CXType t, const char *name);
/* Ordinary data: rank, element type; false for a scalar. */
bool gen_data_shape(CXType t, int *rank, CXType *elem);
/* Ordinary data of more dimensions than the runtime handles (DIR_MAX_RANK,
 * as for distributed arrays): false after reporting at offset. */
#define GEN_TOO_MANY_DIMS "'%s' has %d dimensions: at most %d are supported"
bool gen_data_fits(gen *g, CXType t, const char *name, size_t offset);
/* "(B), 2, (dvmh_idx[]){sizeof(B)/sizeof((B)[0]), ...}, sizeof(double)"
 * for the data decl declares; a pointer's first extent is -1 (the runtime
 * finds it), and so is that of an array parameter, which C makes a
 * pointer (sizeof would give the pointer's size). */
char *gen_data_args(CXCursor decl, const char *name);
/* The extent of dimension k of C array name as text, from sizeof (which
 * sees a variable length too). */
char *gen_extent_text(const char *name, int k);
/* Whether decl is a parameter declared as an array (a pointer in fact). */
bool gen_array_param(CXCursor decl);
/* "(dvmh_distr[]){...}": the distribution formats of d. */
char *gen_distr_text(const directive *d);
/* "(dvmh_rule[]){...}": the rules of a mapping reference; a LINEAR
 * subscript's dimension is its variable's position among vars. */
char *gen_rules_text(const dir_ref *r, char *const *vars, int var_count);
/* "(dvmh_range[]){...}" of a section, "NULL" for rank 0. */
char *gen_range_text(const dir_range *r, int rank);

#endif
