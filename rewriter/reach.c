/* reach.c: how far a parallel loop's references to one array reach from its
 * loop variables (A[i-1][j] and A[i+1][j] reach i-1..i+1), so that the
 * runtime copies between devices exactly the elements each piece reads. */
#include "alloc.h"
#include "gen.h"
#include "reach.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

typedef struct reach_dim {
    int loop_dim;                   /* -1: not yet seen; -2: not 'var + const' */
    long long lo, hi;
} reach_dim;

/* "v", "v+3", "v-1", "2+v" with v one of the loop variables: its index
 * and the constant. */
static bool reach_offset(const char *p, char *const *vars, int nvars, int *dim, long long *c)
{
    long long lead = 0;
    bool have_lead = false;
    if (isdigit((unsigned char)*p)) {
        char *end;
        lead = strtoll(p, &end, 10);
        if (*end != '+')
            return false;
        p = end + 1;
        have_lead = true;
    }
    size_t id = 0;
    while (isalnum((unsigned char)p[id]) || p[id] == '_')
        id++;
    if (id == 0)
        return false;
    *dim = -1;
    for (int k = 0; k < nvars; k++)
        if (strlen(vars[k]) == id && !strncmp(vars[k], p, id))
            *dim = k;
    if (*dim < 0)
        return false;
    p += id;
    if (!*p) {
        *c = lead;
        return true;
    }
    if (have_lead || (*p != '+' && *p != '-'))
        return false;
    char *end;
    long long v = strtoll(p + 1, &end, 10);
    if (end == p + 1 || *end)
        return false;
    *c = *p == '-' ? -v : v;
    return true;
}

/* reach_offset of a subscript's text, blanks and parentheses ignored. */
static bool reach_parse(const char *text, size_t len, char *const *vars, int nvars, int *dim,
                         long long *c)
{
    char *buf = xmalloc(len + 1);
    size_t n = 0;
    for (size_t k = 0; k < len; k++)
        if (!isspace((unsigned char)text[k]) && text[k] != '(' && text[k] != ')')
            buf[n++] = text[k];
    buf[n] = 0;
    bool ok = reach_offset(buf, vars, nvars, dim, c);
    free(buf);
    return ok;
}

static void reach_note(reach_dim *r, int dim, long long c)
{
    if (r->loop_dim == -2)
        return;
    if (r->loop_dim == -1) {
        *r = (reach_dim){dim, c, c};
        return;
    }
    if (r->loop_dim != dim) {
        r->loop_dim = -2;
        return;
    }
    if (c < r->lo)
        r->lo = c;
    if (c > r->hi)
        r->hi = c;
}

/* Skips implicit casts and parentheses down to a reference. */
static int reach_strip(const ast *a, int n)
{
    while (n >= 0 && (a->nodes[n].kind == CXCursor_UnexposedExpr ||
                      a->nodes[n].kind == CXCursor_ParenExpr))
        n = a->nodes[n].first_child;
    return n;
}

/* The chain A[e0][e1]... whose outermost subscript node is n: its
 * subscripts' nodes, outermost first (*idx, allocated, *count of them),
 * and the node below them, implicit casts and parentheses skipped. */
static int reach_chain(const ast *a, int n, int **idx, int *count)
{
    int cap = 0, base = n;
    *idx = NULL;
    *count = 0;
    while (base >= 0 && a->nodes[base].kind == CXCursor_ArraySubscriptExpr) {
        *idx = xgrow(*idx, &cap, *count + 1);
        (*idx)[(*count)++] = ast_nth_child(a, base, 1);
        base = reach_strip(a, ast_nth_child(a, base, 0));
    }
    return base;
}

static void reach_walk(gen *g, int n, int decl, int rank, char *const *vars, int nvars,
                 reach_dim *dims, bool *unknown)
{
    const ast *a = &g->a;
    node *nd = &a->nodes[n];
    if (nd->kind == CXCursor_ArraySubscriptExpr) {
        /* the whole chain A[e0][e1]...: indices from the outermost node */
        int *idx, count;
        int base = reach_chain(a, n, &idx, &count);
        if (base >= 0 && a->nodes[base].kind == CXCursor_DeclRefExpr &&
            ast_referenced(a, base) == decl) {
            if (count != rank || nd->from_macro) {
                *unknown = true;
            } else {
                for (int d = 0; d < rank; d++) {
                    int e = idx[count - 1 - d];
                    int dim;
                    long long c;
                    if (e >= 0 && !a->nodes[e].from_macro &&
                        reach_parse(a->text + a->nodes[e].start,
                                     a->nodes[e].end - a->nodes[e].start, vars, nvars, &dim, &c))
                        reach_note(&dims[d], dim, c);
                    else
                        dims[d].loop_dim = -2;
                }
            }
        }
        /* the indices may hold references too */
        for (int k = 0; k < count; k++)
            if (idx[k] >= 0)
                reach_walk(g, idx[k], decl, rank, vars, nvars, dims, unknown);
        if (base >= 0 && !(a->nodes[base].kind == CXCursor_DeclRefExpr))
            reach_walk(g, base, decl, rank, vars, nvars, dims, unknown);
        free(idx);
        return;
    }
    if (nd->kind == CXCursor_DeclRefExpr) {
        if (ast_referenced(a, n) == decl)
            *unknown = true; /* used other than through full subscripts */
        return;
    }
    for (int c = nd->first_child; c >= 0; c = a->nodes[c].next_sibling)
        reach_walk(g, c, decl, rank, vars, nvars, dims, unknown);
}

/* The reach of every dimension of the array in the body; false at a
 * reference the walk cannot read. */
static bool reach_dims(gen *g, int body, int decl, int rank, char *const *vars, int nvars,
                       reach_dim *dims)
{
    for (int d = 0; d < rank; d++)
        dims[d] = (reach_dim){-1, 0, 0};
    bool unknown = false;
    reach_walk(g, body, decl, rank, vars, nvars, dims, &unknown);
    return !unknown;
}

char *reach_call(gen *g, int body, int decl, int rank, char *const *vars, int nvars,
                     int data_index, const char *prefix, strbuf *decls)
{
    if (rank < 1 || rank > DIR_MAX_RANK)
        return NULL; /* more: reported as an error */
    reach_dim dims[DIR_MAX_RANK];
    if (!reach_dims(g, body, decl, rank, vars, nvars, dims))
        return NULL;
    bool any = false;
    for (int d = 0; d < rank; d++)
        any |= dims[d].loop_dim >= 0;
    if (!any)
        return NULL;
    sb_printf(decls, "static const int %s_reach%d_dims[] = {", prefix, data_index);
    for (int d = 0; d < rank; d++)
        sb_printf(decls, "%s%d", d ? ", " : "", dims[d].loop_dim >= 0 ? dims[d].loop_dim : -1);
    sb_printf(decls, "};\nstatic const dvmh_idx %s_reach%d_lo[] = {", prefix, data_index);
    for (int d = 0; d < rank; d++)
        sb_printf(decls, "%s%lld", d ? ", " : "", dims[d].loop_dim >= 0 ? dims[d].lo : 0);
    sb_printf(decls, "}, %s_reach%d_hi[] = {", prefix, data_index);
    for (int d = 0; d < rank; d++)
        sb_printf(decls, "%s%lld", d ? ", " : "", dims[d].loop_dim >= 0 ? dims[d].hi : 0);
    sb_add(decls, "};\n");
    strbuf s = {0};
    sb_printf(&s, "    dvmh_loop_reach(dvmh_L, %d, %s_reach%d_dims, %s_reach%d_lo, %s_reach%d_hi);\n",
              data_index, prefix, data_index, prefix, data_index, prefix, data_index);
    return s.s;
}

/* skew_walk: whether a reference to decl has subscripts 'loop variable +
 * constant' of two different loop variables whose constants point in
 * opposite directions of the loop order (A[i-1][j+1] with both loops
 * upwards, A[i-1][j-1] with j downwards), or a reference the walk cannot
 * read. down[v]: loop variable v runs downwards. */
static bool skew_walk(gen *g, int n, int decl, int rank, char *const *vars, const bool *down,
                      int nvars)
{
    const ast *a = &g->a;
    node *nd = &a->nodes[n];
    if (nd->kind == CXCursor_DeclRefExpr)
        return ast_referenced(a, n) == decl; /* not through full subscripts */
    if (nd->kind != CXCursor_ArraySubscriptExpr) {
        for (int c = nd->first_child; c >= 0; c = a->nodes[c].next_sibling)
            if (skew_walk(g, c, decl, rank, vars, down, nvars))
                return true;
        return false;
    }
    int *idx, count;
    int base = reach_chain(a, n, &idx, &count);
    bool skewed = false;
    if (base >= 0 && a->nodes[base].kind == CXCursor_DeclRefExpr &&
        ast_referenced(a, base) == decl) {
        bool below = false, above = false;
        skewed = count != rank || nd->from_macro;
        for (int k = 0; k < count && !skewed; k++) {
            int e = idx[k], dim;
            long long c;
            if (e < 0 || a->nodes[e].from_macro ||
                !reach_parse(a->text + a->nodes[e].start, a->nodes[e].end - a->nodes[e].start,
                             vars, nvars, &dim, &c)) {
                skewed = true; /* A[k][j] with k not a loop variable: unknown */
                break;
            }
            if (dim >= 0 && dim < nvars && down[dim])
                c = -c; /* earlier in the loop order is above */
            below |= c < 0;
            above |= c > 0;
        }
        skewed |= below && above;
    } else if (base >= 0) {
        skewed = skew_walk(g, base, decl, rank, vars, down, nvars);
    }
    for (int k = 0; k < count && !skewed; k++)
        if (idx[k] >= 0)
            skewed = skew_walk(g, idx[k], decl, rank, vars, down, nvars);
    free(idx);
    return skewed;
}

bool reach_skewed(gen *g, int body, int decl, int rank, char *const *vars, const bool *down,
                  int nvars)
{
    return skew_walk(g, body, decl, rank, vars, down, nvars);
}

/* disjoint_walk: clears ok[d] for each array dimension d in which a
 * reference to decl has a subscript other than loop variable v itself;
 * false at a reference it cannot read (not through full subscripts, or
 * from a macro). */
static bool disjoint_walk(gen *g, int n, int decl, int rank, char *const *vars, int nvars, int v,
                          bool *ok)
{
    const ast *a = &g->a;
    node *nd = &a->nodes[n];
    if (nd->kind == CXCursor_DeclRefExpr)
        return ast_referenced(a, n) != decl;
    if (nd->kind != CXCursor_ArraySubscriptExpr) {
        for (int c = nd->first_child; c >= 0; c = a->nodes[c].next_sibling)
            if (!disjoint_walk(g, c, decl, rank, vars, nvars, v, ok))
                return false;
        return true;
    }
    int *idx, count;
    int base = reach_chain(a, n, &idx, &count);
    bool readable = true;
    if (base >= 0 && a->nodes[base].kind == CXCursor_DeclRefExpr &&
        ast_referenced(a, base) == decl) {
        readable = count == rank && !nd->from_macro;
        for (int d = 0; d < rank && readable; d++) {
            int e = idx[count - 1 - d], dim;
            long long c;
            if (e < 0 || a->nodes[e].from_macro)
                readable = false;
            else if (!reach_parse(a->text + a->nodes[e].start, a->nodes[e].end - a->nodes[e].start,
                                  vars, nvars, &dim, &c) ||
                     dim != v || c != 0)
                ok[d] = false;
        }
    } else if (base >= 0) {
        readable = disjoint_walk(g, base, decl, rank, vars, nvars, v, ok);
    }
    for (int k = 0; k < count && readable; k++)
        if (idx[k] >= 0)
            readable = disjoint_walk(g, idx[k], decl, rank, vars, nvars, v, ok);
    free(idx);
    return readable;
}

bool reach_disjoint(gen *g, int body, int decl, int rank, char *const *vars, int nvars, int v)
{
    if (rank < 1 || rank > DIR_MAX_RANK)
        return false;
    bool ok[DIR_MAX_RANK];
    for (int d = 0; d < rank; d++)
        ok[d] = true;
    if (!disjoint_walk(g, body, decl, rank, vars, nvars, v, ok))
        return false;
    for (int d = 0; d < rank; d++)
        if (ok[d])
            return true;
    return false;
}

bool reach_index_vars(gen *g, int body, int decl, int rank, char *const *vars, int nvars,
                      int *var_of, long long *lo, long long *hi)
{
    if (rank < 1 || rank > DIR_MAX_RANK)
        return false;
    reach_dim dims[DIR_MAX_RANK];
    for (int d = 0; d < rank; d++)
        dims[d] = (reach_dim){-1, 0, 0};
    bool unknown = false;
    reach_walk(g, body, decl, rank, vars, nvars, dims, &unknown);
    for (int d = 0; d < rank; d++) {
        var_of[d] = dims[d].loop_dim >= 0 ? dims[d].loop_dim : -1;
        lo[d] = dims[d].loop_dim >= 0 ? dims[d].lo : 0;
        hi[d] = dims[d].loop_dim >= 0 ? dims[d].hi : 0;
    }
    return !unknown;
}

/* Whether node n (a loop body) holds a statement that may leave an
 * iteration early or jump: continue, break, goto, return. */
static bool body_jumps(const ast *a, int n)
{
    enum CXCursorKind k = a->nodes[n].kind;
    if (k == CXCursor_ContinueStmt || k == CXCursor_BreakStmt || k == CXCursor_GotoStmt ||
        k == CXCursor_IndirectGotoStmt || k == CXCursor_ReturnStmt)
        return true;
    for (int c = a->nodes[n].first_child; c >= 0; c = a->nodes[c].next_sibling)
        if (body_jumps(a, c))
            return true;
    return false;
}

/* Whether statement s surely assigns an element of the array (decl, rank)
 * when it runs: an assignment to one, a block with such a statement, an
 * if/else whose branches both do (jumps are excluded by the caller). */
static bool stmt_writes(const ast *a, int s, int decl, int rank)
{
    const node *st = &a->nodes[s];
    if (st->from_macro)
        return false;
    if (st->kind == CXCursor_CompoundStmt) {
        for (int c = st->first_child; c >= 0; c = a->nodes[c].next_sibling)
            if (stmt_writes(a, c, decl, rank))
                return true;
        return false;
    }
    if (st->kind == CXCursor_IfStmt) {
        int then = ast_nth_child(a, s, 1), other = ast_nth_child(a, s, 2);
        return then >= 0 && other >= 0 && stmt_writes(a, then, decl, rank) &&
               stmt_writes(a, other, decl, rank);
    }
    bool assign = st->kind == CXCursor_CompoundAssignOperator ||
                  (st->kind == CXCursor_BinaryOperator &&
                   clang_getCursorBinaryOperatorKind(st->cursor) == CXBinaryOperator_Assign);
    if (!assign)
        return false;
    int lhs = reach_strip(a, st->first_child);
    if (lhs < 0 || a->nodes[lhs].kind != CXCursor_ArraySubscriptExpr)
        return false;
    int *idx, count;
    int base = reach_chain(a, lhs, &idx, &count);
    free(idx);
    return count == rank && base >= 0 && a->nodes[base].kind == CXCursor_DeclRefExpr &&
           ast_referenced(a, base) == decl;
}

bool reach_dense_write(gen *g, int body, int decl, int rank, char *const *vars, int nvars)
{
    const ast *a = &g->a;
    if (rank < 1 || rank > DIR_MAX_RANK || body < 0)
        return false;
    reach_dim dims[DIR_MAX_RANK];
    if (!reach_dims(g, body, decl, rank, vars, nvars, dims))
        return false;
    for (int d = 0; d < rank; d++) {
        if (dims[d].loop_dim < 0 || dims[d].lo != dims[d].hi)
            return false;
        for (int e = 0; e < d; e++)
            if (dims[e].loop_dim == dims[d].loop_dim)
                return false;
    }
    if (body_jumps(a, body))
        return false;
    return stmt_writes(a, body, decl, rank);
}
