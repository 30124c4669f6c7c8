/* nest.h: a loop nest's canonical 'for' headers and the variables it uses. */
#ifndef CDVMH_NEST_H
#define CDVMH_NEST_H

#include "gen.h"

/* One loop of a parallel nest: its header in the texts dvmh_loop_create
 * takes. */
typedef struct loop_dim {
    int node;                       /* the ForStmt */
    char *var, *type;
    char *lb, *hi, *step;           /* texts for dvmh_loop_create */
    bool down;
    bool unit;                      /* step is 1 or -1 literally */
    bool outer_bounds;              /* bounds use outer loop variables */
    bool header_decl;               /* declared in the header: for (int i = ...) */
    bool dep;                       /* carries an across dependency */
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

/* The header of the 'for' loop fornode, whose variable the directive
 * names var (NULL: parallel(N), the header's variable), checked canonical
 * (false after reporting). */
bool nest_dim(gen *g, const char *var, int fornode, loop_dim *ld);
void nest_dim_free(loop_dim *ld);
/* Adds the variables used under node n to out, with whether each may be
 * written (assigned, incremented, address taken, passed as a pointer). */
void nest_uses(gen *g, int n, use_list *out);
void nest_use_add(use_list *l, int decl, bool write, size_t offset);
/* "    T v;" for each private variable of a loop [start, end) that is not
 * declared inside it (looked up from its body at body_start). */
void nest_private_decls(gen *g, const dir_var_list *privates, size_t start, size_t end,
                        size_t body_start, strbuf *out);

#endif
