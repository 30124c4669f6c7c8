/* cuda.c: CUDA handlers of parallel loops, in phases: check that the loop
 * can run on a GPU (what it calls, its across widths, its reductions, its
 * data references), then emit the kernel (cuda_kernel.c) and the launcher
 * (cuda_launch.c). */
#include "alloc.h"
#include "cuda.h"
#include "cuda_plan.h"
#include "gen.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* Library functions a kernel may call (CUDA's math library; also with an
 * 'f' suffix). */
static const char *const device_library[] = {
    "sqrt", "cbrt", "rsqrt", "hypot", "fabs", "fmax", "fmin", "fdim", "fma", "fmod",
    "remainder", "copysign", "exp", "exp2", "exp10", "expm1", "log", "log2", "log10",
    "log1p", "pow", "sin", "cos", "tan", "asin", "acos", "atan", "atan2", "sinh",
    "cosh", "tanh", "asinh", "acosh", "atanh", "floor", "ceil", "round", "trunc",
    "rint", "nearbyint", "lround", "llround", "lrint", "llrint", "erf", "erfc",
    "lgamma", "tgamma", "ldexp", "scalbn", "scalbln", "ilogb", "logb", "nextafter", "abs",
    "labs", "llabs", NULL};

static bool device_library_function(const char *name)
{
    for (int k = 0; device_library[k]; k++) {
        size_t n = strlen(device_library[k]);
        if (!strncmp(name, device_library[k], n) && (!name[n] || (name[n] == 'f' && !name[n + 1])))
            return true;
    }
    return false;
}

static char *cursor_name(CXCursor c)
{
    CXString s = clang_getCursorSpelling(c);
    char *r = xstrdup(clang_getCString(s));
    clang_disposeString(s);
    return r;
}

static bool is_file_scope_var(gen *g, int decl)
{
    return decl >= 0 && g->a.nodes[decl].kind == CXCursor_VarDecl &&
           ast_ancestor(&g->a, decl, CXCursor_FunctionDecl) < 0;
}

bool cuda_refuse(cuda_plan *c, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    c->why = str_vprintf(fmt, ap);
    va_end(ap);
    return false;
}

/* Checks what the nodes in [start, end) call; functions defined in this
 * file join c->fns (and are checked in turn), those of other files
 * c->needs. */
bool cuda_check_calls(gen *g, cuda_plan *c, size_t start, size_t end, bool in_function)
{
    for (int n = 0; n < g->a.count; n++) {
        node *nd = &g->a.nodes[n];
        if (nd->start < start || nd->end > end)
            continue;
        if (in_function && nd->kind == CXCursor_DeclRefExpr) {
            int decl = ast_referenced(&g->a, n);
            if (is_file_scope_var(g, decl)) {
                char *v = ast_spelling(&g->a.nodes[decl]);
                cuda_refuse(c, "a function it calls uses the global variable '%s'", v);
                free(v);
                return false;
            }
        }
        if (nd->kind != CXCursor_CallExpr)
            continue;
        CXCursor callee = clang_getCursorReferenced(nd->cursor);
        if (clang_Cursor_isNull(callee) || clang_getCursorKind(callee) != CXCursor_FunctionDecl) {
            return cuda_refuse(c, "a call through a function pointer cannot run on the GPU");
        }
        char *name = cursor_name(callee);
        int def = ast_function_definition(&g->a, callee);
        if (def >= 0) {
            bool known = false;
            for (int k = 0; k < c->nfns; k++)
                known |= c->fns[k] == def;
            if (!known) {
                c->fns = xgrow(c->fns, &c->fns_cap, c->nfns + 1);
                c->fns[c->nfns++] = def;
                if (!cuda_check_calls(g, c, g->a.nodes[def].start, g->a.nodes[def].end, true)) {
                    free(name);
                    return false;
                }
            }
        } else if (!device_library_function(name) && !cuda_extern_callee(g, c, callee, name)) {
            free(name);
            return false;
        }
        free(name);
    }
    return true;
}

/* Whether an expression's text names a local variable of a function (a
 * launcher, placed before the function, cannot see it). */
static bool names_local(gen *g, const char *text, size_t at, char **which)
{
    for (const char *p = text; *p;) {
        if (isalpha((unsigned char)*p) || *p == '_') {
            const char *s = p;
            while (isalnum((unsigned char)*p) || *p == '_')
                p++;
            char *id = xstrndup(s, (size_t)(p - s));
            int decl = ast_lookup(&g->a, id, at);
            if (decl >= 0 && !is_file_scope_var(g, decl)) {
                *which = id;
                return true;
            }
            free(id);
        } else {
            p++;
        }
    }
    return false;
}

/* kind (may be NULL): the canonical type kind of the values */
static bool red_shape(gen *g, size_t at, const char *var, char **elem, long long *count,
                      char **decl, enum CXTypeKind *kind)
{
    int d = ast_lookup(&g->a, var, at);
    if (d < 0)
        return false;
    CXType t = clang_getCursorType(g->a.nodes[d].cursor);
    *decl = gen_decl_text(t, var);
    *count = 1;
    if (t.kind == CXType_ConstantArray) {
        *count = clang_getArraySize(t);
        t = clang_getArrayElementType(t);
        if (t.kind == CXType_ConstantArray)
            return false;
    }
    enum CXTypeKind k = clang_getCanonicalType(t).kind;
    if (kind)
        *kind = k;
    if (k == CXType_LongDouble)
        return false;
    *elem = cuda_type(t);
    return true;
}

/* Whether a block's result of op on values of this kind can be combined
 * with one atomic operation (the prelude's dvmh_atomic_combine). */
static bool red_atomic(dir_red_op op, enum CXTypeKind kind)
{
    bool integer = kind == CXType_Int || kind == CXType_UInt || kind == CXType_Long ||
                   kind == CXType_ULong || kind == CXType_LongLong || kind == CXType_ULongLong;
    bool floating = kind == CXType_Float || kind == CXType_Double;
    switch (op) {
    case DIR_RED_MAX:
    case DIR_RED_MIN:
        return integer || floating;
    case DIR_RED_SUM:
    case DIR_RED_AND:
    case DIR_RED_OR:
    case DIR_RED_XOR:
        /* floating sums stay in the two-level tree: the same sum on every
         * run */
        return integer;
    default:
        return false;
    }
}

bool cuda_reds_partial(const cuda_plan *c)
{
    for (int k = 0; k < c->nreds; k++)
        if (!c->reds[k].atomic)
            return true;
    return false;
}

/* Whether the expression at node n (implicit conversions above it
 * skipped) is an argument of a call. */
static bool passed_to_call(gen *g, int n)
{
    int p = g->a.nodes[n].parent;
    while (p >= 0 && g->a.nodes[p].kind == CXCursor_UnexposedExpr)
        p = g->a.nodes[p].parent;
    return p >= 0 && g->a.nodes[p].kind == CXCursor_CallExpr &&
           g->a.nodes[p].first_child != n;
}

/* The loop dimension whose variable node n references (vdecl: each
 * dimension's declaration, or -1), or -1. */
static int loop_var_dim(gen *g, const int *vdecl, int rank, int n)
{
    int decl = ast_referenced(&g->a, n);
    for (int k = 0; k < rank; k++)
        if (vdecl[k] >= 0 && vdecl[k] == decl)
            return k;
    return -1;
}

/* Whether the subscript at node n is made of the loop's own signed
 * variables (vdecl: each dimension's declaration, or -1), integer literals
 * without a suffix, parentheses and + - *, with at least one variable: its
 * value is then the same computed in dvmh_I from the variables' copies
 * dvmh_vK (an int result that overflowed would be undefined). */
static bool wide_subscript(gen *g, const int *vdecl, int rank, int n, bool *var)
{
    const node *nd = &g->a.nodes[n];
    if (nd->from_macro)
        return false;
    switch (nd->kind) {
    case CXCursor_ParenExpr:
    case CXCursor_UnexposedExpr:
        return nd->first_child >= 0 && g->a.nodes[nd->first_child].next_sibling < 0 &&
               wide_subscript(g, vdecl, rank, nd->first_child, var);
    case CXCursor_IntegerLiteral:
        for (size_t k = nd->start; k < nd->end; k++)
            if (!isdigit((unsigned char)g->a.text[k]))
                return false;
        return nd->end > nd->start;
    case CXCursor_DeclRefExpr:
        return loop_var_dim(g, vdecl, rank, n) >= 0 && (*var = true);
    case CXCursor_BinaryOperator: {
        enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(nd->cursor);
        int lhs = nd->first_child, rhs = lhs >= 0 ? g->a.nodes[lhs].next_sibling : -1;
        return (op == CXBinaryOperator_Add || op == CXBinaryOperator_Sub || op == CXBinaryOperator_Mul) &&
               rhs >= 0 && wide_subscript(g, vdecl, rank, lhs, var) &&
               wide_subscript(g, vdecl, rank, rhs, var);
    }
    default:
        return false;
    }
}

/* Writes a subscript wide_subscript accepted, in dvmh_I. */
static void wide_text(gen *g, const int *vdecl, int rank, int n, strbuf *out)
{
    const node *nd = &g->a.nodes[n];
    switch (nd->kind) {
    case CXCursor_DeclRefExpr:
        sb_printf(out, "dvmh_v%d", loop_var_dim(g, vdecl, rank, n));
        return;
    case CXCursor_BinaryOperator: {
        enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(nd->cursor);
        sb_add(out, "(");
        wide_text(g, vdecl, rank, nd->first_child, out);
        sb_add(out, op == CXBinaryOperator_Add ? " + " : op == CXBinaryOperator_Sub ? " - " : " * ");
        wide_text(g, vdecl, rank, g->a.nodes[nd->first_child].next_sibling, out);
        sb_add(out, ")");
        return;
    }
    case CXCursor_IntegerLiteral:
        sb_addn(out, g->a.text + nd->start, nd->end - nd->start);
        return;
    default:
        wide_text(g, vdecl, rank, nd->first_child, out);
        return;
    }
}

/* One subscript of a flat reference, as a dvmh_I expression: from the
 * loop variables' copies where wide_subscript allows (the
 * compiler then shares the address arithmetic of neighbouring references,
 * A[i - 1][j] and A[i + 1][j], instead of sign-extending each), else the
 * subscript converted. */
static void subscript_piece(gen *g, edit *e, const int *vdecl, int rank, int n, size_t start,
                            size_t end)
{
    bool var = false;
    if (wide_subscript(g, vdecl, rank, n, &var) && var) {
        strbuf b = {0};
        wide_text(g, vdecl, rank, n, &b);
        edit_lit(e, b.s);
        free(b.s);
        return;
    }
    edit_lit(e, "(dvmh_I)(");
    edit_range(e, start, end);
    edit_lit(e, ")");
}

/* Whether type (a loop variable's, as spelled) is one of the NULL-ended
 * list. */
static bool type_in(const char *type, const char *const *list)
{
    for (; *list; list++)
        if (!strcmp(type, *list))
            return true;
    return false;
}

bool cuda_wide_var(const loop_dim *d)
{
    static const char *const types[] = {"int", "signed", "signed int", "long", "long int",
                                        "signed long", "long long", "long long int",
                                        "signed long long", "short", "signed short", NULL};
    return !d->outer_bounds && type_in(d->type, types);
}

bool cuda_narrow(const cuda_plan *c)
{
    static const char *const types[] = {"int", "signed", "signed int", "short", "short int",
                                        "signed short", "unsigned", "unsigned int",
                                        "unsigned short", NULL};
    if (c->any_dep)
        return false;
    for (int k = 0; k < c->l->rank; k++)
        if (!type_in(c->l->dims[k].type, types))
            return false;
    return true;
}

bool cuda_coarsens(const cuda_plan *c)
{
    return c->nreds == 0 && !c->any_dep && c->nt >= 3;
}

/* References to data of rank 2 and more become flat indexing with the
 * rows' strides (the kernel's arrays are pointers); a line (all subscripts
 * but the last) passed to a function becomes a pointer to its first
 * element. */
/* Reference n of data dt whose elements are pointers (long **a, char
 * *names[]) followed further: a[i][j], *a[i], a[i]->x. */
static bool pointer_followed(gen *g, int n, const loop_data *dt)
{
    const char *star = strrchr(dt->elem, '*');
    if (!star || star[strspn(star + 1, " ") + 1] != '\0')
        return false;
    int cur = n, level = 0;
    for (;;) {
        int p = g->a.nodes[cur].parent;
        if (p < 0)
            return false;
        const node *pn = &g->a.nodes[p];
        if (pn->kind == CXCursor_UnexposedExpr || pn->kind == CXCursor_ParenExpr) {
            cur = p;
            continue;
        }
        bool base = pn->first_child == cur;
        if (pn->kind == CXCursor_ArraySubscriptExpr && base) {
            if (++level > dt->rank)
                return true;
            cur = p;
            continue;
        }
        if (level < dt->rank)
            return false;
        if (pn->kind == CXCursor_UnaryOperator)
            return clang_getCursorUnaryOperatorKind(pn->cursor) == CXUnaryOperator_Deref;
        return pn->kind == CXCursor_MemberRefExpr && base;
    }
}

static bool rewrite_accesses(gen *g, cuda_plan *c)
{
    const loop_plan *l = c->l;
    int vdecl[DIR_MAX_RANK];
    for (int k = 0; k < l->rank && k < DIR_MAX_RANK; k++)
        vdecl[k] = cuda_wide_var(&l->dims[k]) ? ast_lookup(&g->a, l->dims[k].var, l->body_start) : -1;
    for (int n = 0; n < g->a.count; n++) {
        node *nd = &g->a.nodes[n];
        if (nd->kind != CXCursor_DeclRefExpr || nd->start < l->body_start || nd->end > l->body_end)
            continue;
        int decl = ast_referenced(&g->a, n);
        int k;
        for (k = 0; k < l->ndata; k++)
            if (l->data[k].decl == decl)
                break;
        if (k == l->ndata)
            continue;
        const loop_data *dt = &l->data[k];
        if (pointer_followed(g, n, dt))
            return cuda_refuse(c, "'%s' holds pointers (rows allocated one by one, strings) that "
                                  "the loop follows, and a GPU cannot follow the host's pointers",
                               dt->name);
        if (dt->rank < 2)
            continue;
        /* its subscripts, outermost first */
        int cur = n, level = 0, *idx = xmalloc(sizeof(int) * (size_t)dt->rank);
        for (;;) {
            int p = g->a.nodes[cur].parent;
            if (p < 0)
                break;
            if (g->a.nodes[p].kind == CXCursor_UnexposedExpr) {
                cur = p;
                continue;
            }
            if (g->a.nodes[p].kind == CXCursor_ArraySubscriptExpr && g->a.nodes[p].first_child == cur &&
                level < dt->rank) {
                idx[level++] = g->a.nodes[cur].next_sibling;
                cur = p;
                continue;
            }
            break;
        }
        bool line = level == dt->rank - 1 && passed_to_call(g, cur);
        size_t rs, re, is[DIR_MAX_RANK], ie[DIR_MAX_RANK];
        bool macro = g->a.nodes[cur].from_macro;
        if ((level != dt->rank && !line) || (macro && line) ||
            !ast_reference_text(&g->a, cur, idx, level, &rs, &re, is, ie)) {
            free(idx);
            return cuda_refuse(c, level != dt->rank ? "'%s' is used without all of its %d subscripts"
                                                    : "'%s' is subscripted inside a macro's definition",
                               dt->name, dt->rank);
        }
        /* a macro's argument used twice (Max(A[i][j], e)): one text */
        if (macro && edit_exists(&c->el, rs, re)) {
            free(idx);
            continue;
        }
        edit *e = edit_begin(&c->el, rs, re);
        if (line) {
            /* A[i][j] of a 3-D array passed to a function: a pointer to the
             * line (i, j, 0), addressed with the strides of the full
             * references (the last dimension's stride is 1) */
            edit_litf(e, "(%s + (", dt->name);
            for (int d = 0; d < level; d++) {
                if (d)
                    edit_lit(e, " + ");
                subscript_piece(g, e, vdecl, l->rank, idx[d], is[d], ie[d]);
                edit_litf(e, " * dvmh_s%d_%d", k, d);
            }
            edit_lit(e, "))");
            free(idx);
            continue;
        }
        edit_litf(e, "%s[", dt->name);
        for (int d = 0; d < dt->rank; d++) {
            subscript_piece(g, e, vdecl, l->rank, idx[d], is[d], ie[d]);
            if (d + 1 < dt->rank)
                edit_litf(e, " * dvmh_s%d_%d + ", k, d);
            else
                edit_lit(e, "]");
        }
        free(idx);
    }
    return true;
}

/* Across widths: m[d], the largest dependence distance along loop dim d,
 * as text. */
static bool across_widths(cuda_plan *c)
{
    const loop_plan *l = c->l;
    const directive *d = l->dir;
    char **m = c->m;
    strbuf w[DIR_MAX_RANK];
    memset(w, 0, sizeof w);
    bool ok = true;
    for (int k = 0; k < d->across.count && ok; k++) {
        const dir_var *v = &d->across.items[k];
        const dir_ref *map = loop_across_map(l, k);
        if (!map) {
            ok = cuda_refuse(c, "not supported yet: across on '%s', which is not mapped onto "
                                "the loop by 'on' or 'tie' nor indexed by the same loop "
                                "variable in every reference", v->name);
            break;
        }
        /* across(A) without widths: A's shadow widths, which the runtime
         * knows (dvmh_loop_across_width, in the launcher) */
        int datum = -1;
        for (int k = 0; k < l->ndata && !v->rank; k++)
            if (l->data[k].obj && !strcmp(l->data[k].name, v->name))
                datum = k;
        if (!v->rank && datum < 0) {
            ok = cuda_refuse(c, "not supported yet: across(%s) without widths on data that is "
                                "not a distributed array the loop uses", v->name);
            break;
        }
        for (int ad = 0; ad < map->rank && (ad < v->rank || !v->rank); ad++) {
            if (map->index[ad].kind != DIR_INDEX_LINEAR)
                continue;
            for (int ld = 0; ld < l->rank; ld++) {
                if (strcmp(d->loop_vars[ld], map->index[ad].var))
                    continue;
                loop_width_add(&w[ld], v->rank ? loop_width_text(v, ad)
                                               : str_printf("dvmh_loop_across_width(dvmh_P, %d, %d)",
                                                            datum, ad));
            }
        }
    }
    for (int ld = 0; ld < l->rank; ld++) {
        m[ld] = ok && w[ld].len ? sb_take(&w[ld]) : NULL;
        free(w[ld].s);
        if (ok && l->dims[ld].dep && !m[ld]) {
            ok = cuda_refuse(c, "not supported yet: the dependency along '%s' has no width",
                             l->dims[ld].var);
        }
    }
    if (!ok)
        for (int ld = 0; ld < l->rank; ld++) {
            free(m[ld]);
            m[ld] = NULL;
        }
    return ok;
}


/* The wavefront: the dependent dimensions and their widths, which the
 * launcher (before the function) must be able to compute. */
static bool check_across(gen *g, cuda_plan *c)
{
    const loop_plan *l = c->l;
    for (int k = 0; k < l->rank; k++) {
        if (!l->dims[k].dep)
            continue;
        c->any_dep = true;
        c->last_dep = k;
        if (l->dims[k].outer_bounds)
            return cuda_refuse(c, "not supported yet: across along '%s', whose bounds use "
                                  "outer loop variables", l->dims[k].var);
    }
    if (c->any_dep && !across_widths(c))
        return false;
    for (int k = 0; k < l->rank; k++) {
        char *local = NULL;
        if (c->m[k] && names_local(g, c->m[k], l->loop_start, &local)) {
            cuda_refuse(c, "not supported yet: an across width uses the local variable '%s'", local);
            free(local);
            return false;
        }
    }
    return true;
}

static bool check_cuda_block(gen *g, cuda_plan *c)
{
    const directive *d = c->l->dir;
    for (int k = 0; k < d->cuda_block_rank; k++) {
        char *local = NULL;
        if (names_local(g, d->cuda_block[k], c->l->loop_start, &local)) {
            cuda_refuse(c, "not supported yet: cuda_block uses the local variable '%s'", local);
            free(local);
            return false;
        }
    }
    return true;
}

/* The reduction variables as CUDA spells them. */
static bool check_reductions(gen *g, cuda_plan *c)
{
    const directive *d = c->l->dir;
    size_t at = c->l->loop_start;
    c->reds = xcalloc((size_t)d->reduction_count, sizeof *c->reds);
    for (int k = 0; k < d->reduction_count; k++) {
        cuda_red *r = &c->reds[c->nreds++];
        r->r = &d->reductions[k];
        enum CXTypeKind kind;
        if (!red_shape(g, at, r->r->var, &r->elem, &r->count, &r->decl, &kind) ||
            (r->r->loc_var &&
             !red_shape(g, at, r->r->loc_var, &r->loc_elem, &r->loc_count, &r->loc_decl, NULL)))
            return cuda_refuse(c, "not supported yet: reduction variable '%s' of this type "
                                  "on the GPU", r->r->var);
        if (r->r->loc_var && r->count != 1)
            return cuda_refuse(c, "not supported yet: %s of an array variable on the GPU",
                               dir_red_op_name(r->r->op));
        if (!r->loc_elem) {
            r->loc_elem = xstrdup("char");
            r->loc_count = 0;
        }
        r->atomic = !r->r->loc_var && red_atomic(r->r->op, kind);
    }
    return true;
}

/* The dimensions threads run along: all but those with outer bounds and
 * the one the wavefront computes. With more than one dependent
 * dimension, along the outermost (k0) only the points of step t's
 * hyperplane get threads, dvmh_cnt of them from dvmh_from (the others
 * would find the last dependent index out of range). */
static void thread_dims(cuda_plan *c)
{
    const loop_plan *l = c->l;
    for (int k = 0; k < l->rank; k++)
        if (!l->dims[k].outer_bounds && k != c->last_dep)
            c->tdims[c->nt++] = k;
    for (int t = 0; t < c->nt && c->k0 < 0; t++)
        if (l->dims[c->tdims[t]].dep)
            c->k0 = c->tdims[t];
}

static void cuda_plan_free(cuda_plan *c)
{
    for (int k = 0; k < c->nreds; k++) {
        free(c->reds[k].elem);
        free(c->reds[k].loc_elem);
        free(c->reds[k].decl);
        free(c->reds[k].loc_decl);
    }
    free(c->reds);
    for (int k = 0; k < DIR_MAX_RANK; k++)
        free(c->m[k]);
    free(c->fns);
    free(c->needs);
    free(c->why);
    edit_list_free(&c->el);
}

char *cuda_gen_loop(gen *g, const loop_plan *l)
{
    cuda_plan c = {.l = l, .last_dep = -1, .k0 = -1,
                   .el = {.text = g->a.text, .text_len = g->a.text_len, .file = g->file}};
    char *launcher = NULL;
    if (cuda_check_calls(g, &c, l->body_start, l->body_end, false) && check_across(g, &c) &&
        check_cuda_block(g, &c) && check_reductions(g, &c) && rewrite_accesses(g, &c)) {
        thread_dims(&c);
        cuda_kernel(g, &c);
        launcher = cuda_launcher(g, &c);
        strbuf from = {0};
        for (int k = 0; k < c.nneeds; k++) {
            char *n = cursor_name(c.needs[k]);
            sb_printf(&from, "%s'%s'", k ? ", " : "", n);
            free(n);
        }
        gen_remark(g, l->loop_start, "parallel loop: CUDA handler '%s' generated (kernel '%s_kernel'%s)%s%s%s",
                   launcher, l->handler, c.any_dep ? ", wavefront over the dependent dimensions" : "",
                   c.nneeds ? "; it calls " : "", c.nneeds ? from.s : "",
                   c.nneeds ? " of other files (device code linked at run time)" : "");
        free(from.s);
    } else {
        gen_remark(g, l->loop_start, "parallel loop: no CUDA handler: %s; the loop runs on the host",
                   c.why);
    }
    cuda_plan_free(&c);
    return launcher;
}
