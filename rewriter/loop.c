/* loop.c: parallel loops, in phases over one plan: analyze the nest,
 * collect the loop's data, emit the host handler (loop_host.c) and the
 * CUDA handler (cuda.c), emit the call site that replaces the loop. */
#include "alloc.h"
#include "check.h"
#include "check_scalar.h"
#include "cuda.h"
#include "loop.h"

#include <stdlib.h>
#include <string.h>

bool loop_in_list(const dir_var_list *l, const char *name)
{
    for (int k = 0; k < l->count; k++)
        if (!strcmp(l->items[k].name, name))
            return true;
    return false;
}

int loop_data_index(const loop_plan *p, const char *name)
{
    for (int k = 0; k < p->ndata; k++)
        if (!strcmp(p->data[k].name, name))
            return k;
    return -1;
}

bool loop_width_nonzero(const char *w)
{
    return w && strcmp(w, "0");
}

static void loop_plan_free(loop_plan *p)
{
    for (int k = 0; k < p->ndata; k++) {
        free(p->data[k].name);
        free(p->data[k].elem);
    }
    free(p->data);
    for (int k = 0; k < p->nscalars; k++)
        free(p->scalars[k].name);
    free(p->scalars);
    free(p->uses.items);
    for (int k = 0; k < p->rank; k++)
        nest_dim_free(&p->dims[k]);
    free(p->handler);
    free(p->across_refs);
}

const dir_ref *loop_across_map(const loop_plan *p, int k)
{
    const dir_ref *map = dir_loop_mapping(p->dir, p->dir->across.items[k].name);
    if (map)
        return map;
    return p->across_refs && p->across_refs[k].name ? &p->across_refs[k] : NULL;
}

char *loop_width_text(const dir_var *v, int ad)
{
    return str_printf("dvmh_max((%s), (%s))", v->range[ad].lo ? v->range[ad].lo : "0",
                      v->range[ad].hi ? v->range[ad].hi : "0");
}

void loop_width_add(strbuf *w, char *width)
{
    if (w->len) { /* two array dimensions on one loop dimension */
        char *prev = sb_take(w);
        sb_printf(w, "dvmh_max(%s, %s)", prev, width);
        free(prev);
    } else {
        sb_add(w, width);
    }
    free(width);
}

/* ---- phase 1: the nest ---- */

/* The perfectly nested loops the directive names, each canonical; the
 * innermost body. */
static bool loop_nest(gen *g, loop_plan *p)
{
    directive *d = p->at->dir;
    int fornode = p->at->node;
    for (int k = 0; k < p->rank; k++) {
        if (!nest_dim(g, d->depth_form ? NULL : d->loop_vars[k], fornode, &p->dims[k]))
            return false;
        /* parallel(N): the variables are the headers' from now on */
        if (d->depth_form && !d->loop_vars[k])
            d->loop_vars[k] = xstrdup(p->dims[k].var);
        p->body = ast_last_child(&g->a, fornode);
        if (k + 1 < p->rank) {
            int next = p->body;
            if (next >= 0 && g->a.nodes[next].kind == CXCursor_CompoundStmt &&
                ast_child_count(&g->a, next) == 1)
                next = g->a.nodes[next].first_child;
            if ((next < 0 || g->a.nodes[next].kind != CXCursor_ForStmt) && d->depth_form) {
                gen_error_at(g, d->loop_var_locs[0],
                             "'parallel(%d)' needs %d perfectly nested loops but the loop nest has only %d",
                             p->rank, p->rank, k + 1);
                return false;
            }
            if (next < 0 || g->a.nodes[next].kind != CXCursor_ForStmt) {
                gen_error_at(g, d->loop_var_locs[k + 1],
                             "'parallel' names %d loop variables but the loop nest has only %d perfectly nested loop%s",
                             p->rank, k + 1, k ? "s" : "");
                return false;
            }
            fornode = next;
        }
    }
    return p->body >= 0;
}

static void loop_check_local_types(gen *g, const loop_plan *p);

/* Bounds that use outer loop variables (red-black: j = 1 + i % 2): the
 * runtime sees the whole dimension, the handler keeps the user's bounds
 * inside the piece it gets. Their variables are used too. */
static void loop_outer_bounds(gen *g, loop_plan *p)
{
    for (int k = 1; k < p->rank; k++) {
        loop_dim *ld = &p->dims[k];
        use_list hdr = {0};
        int last = ast_last_child(&g->a, ld->node);
        for (int c = g->a.nodes[ld->node].first_child; c >= 0; c = g->a.nodes[c].next_sibling)
            if (c != last)
                nest_uses(g, c, &hdr);
        for (int u = 0; u < hdr.count; u++) {
            char *nm = ast_spelling(&g->a.nodes[hdr.items[u].decl]);
            for (int j = 0; j < k; j++)
                if (!strcmp(nm, p->dims[j].var))
                    ld->outer_bounds = true;
            free(nm);
        }
        if (ld->outer_bounds)
            for (int u = 0; u < hdr.count; u++)
                nest_use_add(&p->uses, hdr.items[u].decl, false, hdr.items[u].offset);
        free(hdr.items);
    }
}

/* 'on' names a distributed array or template of the loop's rank; the
 * private variables exist. */
static void loop_check_clauses(gen *g, loop_plan *p)
{
    const directive *d = p->dir;
    if (d->has_on) {
        p->on = gen_lookup_obj(g, d->on.name, p->loop_start);
        if (!p->on) {
            int decl = ast_lookup(&g->a, d->on.name, p->loop_start);
            gen_error_at(g, d->on.loc, decl >= 0 ? "'%s' in 'on' is not a distributed array or template"
                                                 : "unknown array '%s' in 'on'",
                         d->on.name);
        } else if (d->on.rank != p->on->rank && !(p->on->is_template && p->on->rank == 0)) {
            /* rank 0: a template declared only by a bare extern directive
             * here (its definition, in another file, gives the sizes) */
            gen_error_at(g, d->on.loc, "'on' gives %d index%s for '%s', which has %d dimension%s",
                         d->on.rank, d->on.rank == 1 ? "" : "es", p->on->name, p->on->rank,
                         p->on->rank == 1 ? "" : "s");
        }
    }
    for (int k = 0; k < d->privates.count; k++)
        if (ast_lookup(&g->a, d->privates.items[k].name, p->loop_start) < 0 &&
            ast_lookup(&g->a, d->privates.items[k].name, p->body_start + 1) < 0)
            gen_error_at(g, d->privates.items[k].loc, "unknown variable '%s' in 'private'",
                         d->privates.items[k].name);
}

static bool loop_analyze(gen *g, attached *at, loop_plan *p)
{
    p->at = at;
    p->dir = at->dir;
    p->rank = at->dir->loop_rank;
    p->par_dim = -1;
    p->body = -1;
    p->loop_start = g->a.nodes[at->node].start;
    if (!loop_nest(g, p))
        return false;
    p->body_start = g->a.nodes[p->body].start;
    p->body_end = ast_stmt_end(&g->a, p->body);
    p->loop_end = ast_stmt_end(&g->a, at->node);
    if (p->body_end > p->loop_end)
        p->loop_end = p->body_end;
    int fn = ast_ancestor(&g->a, at->node, CXCursor_FunctionDecl);
    p->fn_start = fn >= 0 ? g->a.nodes[fn].start : p->loop_start;
    unsigned col;
    ast_line_col(&g->a, p->loop_start, &p->line, &col);
    /* a loop's line is unique: its directive takes the line before */
    p->handler = str_printf("dvmh_loop_%s_%u", g->base, p->line);
    loop_outer_bounds(g, p);
    nest_uses(g, p->body, &p->uses);
    loop_check_clauses(g, p);
    loop_check_local_types(g, p);
    return true;
}

/* Whether a declaration is inside a function (a local type). */
static bool local_decl(CXCursor d)
{
    for (CXCursor p = clang_getCursorSemanticParent(d);
         !clang_Cursor_isNull(p) && p.kind != CXCursor_TranslationUnit;
         p = clang_getCursorSemanticParent(p))
        if (p.kind == CXCursor_FunctionDecl)
            return true;
    return false;
}

/* The type's declaration, through pointers and arrays, if it is a local
 * one declared outside [start, end). */
static bool local_type_outside(CXType t, size_t start, size_t end, CXCursor *decl)
{
    for (;;) {
        t = clang_getCanonicalType(t);
        if (t.kind == CXType_Pointer)
            t = clang_getPointeeType(t);
        else if (t.kind == CXType_ConstantArray || t.kind == CXType_IncompleteArray ||
                 t.kind == CXType_VariableArray)
            t = clang_getArrayElementType(t);
        else
            break;
    }
    CXCursor d = clang_getTypeDeclaration(t);
    if (clang_Cursor_isNull(d) || clang_isInvalid(d.kind) || !local_decl(d))
        return false;
    unsigned off = 0;
    clang_getExpansionLocation(clang_getCursorLocation(d), NULL, NULL, NULL, &off);
    *decl = d;
    return off < start || off >= end;
}

/* The handlers are functions of the file: a type declared in the loop's
 * function (outside the loop) is not visible there. */
static void loop_check_local_types(gen *g, const loop_plan *p)
{
    /* the nodes are in preorder: the loop's own follow its statement */
    for (int n = p->at->node; n < g->a.count && g->a.nodes[n].start < p->loop_end; n++) {
        const node *nd = &g->a.nodes[n];
        CXCursor d = clang_getNullCursor();
        bool bad = false;
        if (nd->kind == CXCursor_TypeRef) {
            bad = local_type_outside(clang_getCursorType(clang_getCursorReferenced(nd->cursor)),
                                     p->loop_start, p->loop_end, &d);
        } else if (nd->kind == CXCursor_DeclRefExpr) {
            CXCursor r = clang_getCursorReferenced(nd->cursor);
            if (r.kind == CXCursor_EnumConstantDecl)
                bad = local_type_outside(clang_getCursorType(clang_getCursorSemanticParent(r)),
                                         p->loop_start, p->loop_end, &d);
            else if (r.kind == CXCursor_VarDecl || r.kind == CXCursor_ParmDecl)
                bad = local_type_outside(clang_getCursorType(r), p->loop_start, p->loop_end, &d);
        }
        if (!bad)
            continue;
        CXString name = clang_getTypeSpelling(clang_getCursorType(d));
        gen_error(g, nd->start,
                  "not supported yet: type '%s', declared in the function, in a parallel loop "
                  "(declare it at file scope)",
                  clang_getCString(name));
        clang_disposeString(name);
        return;
    }
}

static void loop_remark(gen *g, const loop_plan *p)
{
    const directive *d = p->dir;
    strbuf reds = {0};
    for (int k = 0; k < d->reduction_count; k++)
        sb_printf(&reds, "%s%s(%s)", k ? ", " : "", dir_red_op_name(d->reductions[k].op),
                  d->reductions[k].var);
    gen_remark(g, p->loop_start, "parallel loop: host handler '%s' generated%s%s%s", p->handler,
               reds.len ? "; reductions: " : "", reds.len ? reds.s : "",
               p->thread_pipe ? "; threads pipelined along dimension 2 (every dimension "
                                "carries a dependency)"
               : p->par_dim < 0 ? "; runs in order (every dimension carries a dependency)"
                                : "");
    free(reds.s);
}

void loop_gen(gen *g, attached *at)
{
    loop_plan p = {0};
    if (loop_analyze(g, at, &p) && loop_collect(g, &p)) {
        if (g->check)
            check_loop_refs(g, &p);
        loop_host_handler(g, &p);
        char *cuda_launcher = g->emit_cuda ? cuda_gen_loop(g, &p) : NULL;
        if (g->check)
            check_scalar_loop(g, &p);
        loop_call_site(g, &p, cuda_launcher);
        free(cuda_launcher);
        loop_remark(g, &p);
    }
    loop_plan_free(&p);
}
