/* loop.c: parallel loops, in phases over one plan: analyze the nest,
 * collect the loop's data, emit the host handler (loop_host.c) and the
 * CUDA handler (cuda.c), emit the call site that replaces the loop. */
#include "alloc.h"
#include "check.h"
#include "check_scalar.h"
#include "cuda.h"
#include "gen.h"
#include "loop.h"
#include "nest.h"
#include "reach.h"
#include "reduction.h"

#include <stdlib.h>
#include <string.h>

static bool loop_in_list(const dir_var_list *l, const char *name)
{
    for (int k = 0; k < l->count; k++)
        if (!strcmp(l->items[k].name, name))
            return true;
    return false;
}

static int loop_data_index(const loop_plan *p, const char *name)
{
    for (int k = 0; k < p->ndata; k++)
        if (!strcmp(p->data[k].name, name))
            return k;
    return -1;
}

static bool loop_width_nonzero(const char *w)
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

/* A width's text as a number; false for anything else. */
static bool loop_width_value(const char *w, long long *v)
{
    if (!w) {
        *v = 0;
        return true;
    }
    char *end;
    *v = strtoll(w, &end, 10);
    return end != w && !*end && *v >= 0;
}

/* The mappings of across arrays without 'on' or 'tie' (an ordinary array
 * in a loop without 'on', an array aligned with the 'on' array), read off
 * their references: every dimension with a nonzero width must be indexed
 * by one loop variable plus a constant in all of them, and the constants
 * must stay within the widths (0 in the others). A dependence the clause
 * does not declare keeps the old plan, which orders every dimension (an
 * ordinary array's loop then ran right regardless). */
static void loop_infer_across(gen *g, loop_plan *p)
{
    const directive *d = p->dir;
    for (int k = 0; k < d->across.count; k++) {
        const dir_var *v = &d->across.items[k];
        int idx = loop_data_index(p, v->name);
        if (dir_loop_mapping(d, v->name) || idx < 0 || !v->rank || v->rank != p->data[idx].rank)
            continue;
        int var_of[DIR_MAX_RANK];
        long long lo[DIR_MAX_RANK], hi[DIR_MAX_RANK];
        if (!reach_index_vars(g, p->body, p->data[idx].decl, v->rank, d->loop_vars, p->rank,
                              var_of, lo, hi))
            continue;
        bool ok = true;
        for (int ad = 0; ad < v->rank && ok; ad++) {
            long long flow, anti;
            if (!loop_width_value(v->range[ad].lo, &flow) ||
                !loop_width_value(v->range[ad].hi, &anti))
                ok = false;
            else if ((flow || anti) && var_of[ad] < 0)
                ok = false;
            else if (lo[ad] < -flow || hi[ad] > anti)
                ok = false;
        }
        if (!ok)
            continue;
        if (!p->across_refs)
            p->across_refs = xcalloc((size_t)d->across.count, sizeof *p->across_refs);
        dir_ref *r = &p->across_refs[k];
        r->name = v->name;
        r->loc = v->loc;
        r->rank = v->rank;
        for (int ad = 0; ad < v->rank; ad++)
            r->index[ad] = var_of[ad] < 0
                               ? (dir_index){.kind = DIR_INDEX_EMPTY}
                               : (dir_index){.kind = DIR_INDEX_LINEAR,
                                             .var = d->loop_vars[var_of[ad]]};
    }
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

/* ---- phase 2: the data ---- */

/* Adds data name (owned) with its shape. */
static void loop_add_data(gen *g, loop_plan *p, char *name, dobj *o, int decl, bool write)
{
    loop_data *dt;
    p->data = xgrow(p->data, &p->data_cap, p->ndata + 1);
    dt = &p->data[p->ndata++];
    *dt = (loop_data){.name = name, .obj = o, .decl = decl, .write = write};
    if (o) {
        dt->rank = o->rank;
        dt->elem = xstrdup(o->elem ? o->elem : "");
        return;
    }
    CXType elem;
    gen_data_shape(clang_getCursorType(g->a.nodes[decl].cursor), &dt->rank, &elem);
    dt->elem = type_spelling(elem);
    dt->type_code = gen_type_code(elem);
}

/* Whether name is the loop's own: a loop variable, private or reduction. */
static bool loop_owns(const loop_plan *p, const char *name)
{
    const directive *d = p->dir;
    for (int k = 0; k < p->rank; k++)
        if (!strcmp(name, p->dims[k].var))
            return true;
    if (loop_in_list(&d->privates, name))
        return true;
    for (int k = 0; k < d->reduction_count; k++)
        if (!strcmp(d->reductions[k].var, name) ||
            (d->reductions[k].loc_var && !strcmp(d->reductions[k].loc_var, name)))
            return true;
    return false;
}

/* What the body uses from outside: arrays become data, the rest scalars
 * passed by value (which the body must not write). */
static void loop_collect_uses(gen *g, loop_plan *p)
{
    for (int u = 0; u < p->uses.count; u++) {
        const use *us = &p->uses.items[u];
        node *dn = &g->a.nodes[us->decl];
        if (dn->start >= p->loop_start && dn->start < p->loop_end)
            continue; /* declared inside the loop */
        char *name = ast_spelling(dn);
        if (loop_owns(p, name)) {
            free(name);
            continue;
        }
        dobj *o = gen_find_obj(g, us->decl);
        int r;
        CXType elem;
        if (o && o->is_template) {
            gen_error(g, us->offset, "template '%s' cannot be used as data", name);
            free(name);
        } else if (o || gen_data_shape(clang_getCursorType(dn->cursor), &r, &elem)) {
            if (o || gen_data_fits(g, clang_getCursorType(dn->cursor), name, us->offset))
                loop_add_data(g, p, name, o, us->decl, us->write);
            else
                free(name);
        } else if (us->write && clang_getCanonicalType(clang_getCursorType(dn->cursor)).kind ==
                                    CXType_Record) {
            /* F.u[i] = ...: the body writes into a struct variable; only
             * arrays are loop data (their elements tracked one by one) */
            gen_error(g, us->offset,
                      "not supported yet: a parallel loop writing into the struct variable '%s' "
                      "(its members); write through a pointer to it, or keep the array outside "
                      "the struct",
                      name);
            free(name);
        } else if (us->write) {
            gen_error(g, us->offset,
                      "variable '%s' is assigned in a parallel loop but is not private or a reduction variable",
                      name);
            free(name);
        } else {
            p->scalars = xgrow(p->scalars, &p->scalar_cap, p->nscalars + 1);
            p->scalars[p->nscalars++] = (loop_scalar){name, us->decl};
        }
    }
}

/* Arrays named in shadow_renew and across but not used in the body are
 * still data. */
static void loop_collect_clause_arrays(gen *g, loop_plan *p)
{
    const directive *d = p->dir;
    const dir_var_list *clause_lists[2] = {&d->shadow_renew, &d->across};
    for (int l = 0; l < 2; l++)
        for (int k = 0; k < clause_lists[l]->count; k++) {
            const dir_var *v = &clause_lists[l]->items[k];
            dobj *o = gen_lookup_obj(g, v->name, p->loop_start);
            int decl = ast_lookup(&g->a, v->name, p->loop_start);
            int orank = 0;
            CXType el;
            /* across also orders ordinary arrays (loops without 'on') */
            if (!o && (l == 0 || decl < 0 ||
                       !gen_data_shape(clang_getCursorType(g->a.nodes[decl].cursor), &orank, &el))) {
                gen_error_at(g, v->loc, "'%s' in '%s' is not a distributed array%s", v->name,
                             l == 0 ? "shadow_renew" : "across", l == 0 ? "" : " or an array");
                continue;
            }
            if (o)
                orank = o->rank;
            if (orank > DIR_MAX_RANK) {
                gen_error_at(g, v->loc, GEN_TOO_MANY_DIMS, v->name, orank, DIR_MAX_RANK);
                continue;
            }
            if (v->rank && v->rank != orank)
                gen_error_at(g, v->loc, "'%s' has %d dimensions, the clause gives %d", v->name, orank,
                             v->rank);
            if (loop_data_index(p, v->name) < 0)
                loop_add_data(g, p, xstrdup(v->name), o, o ? o->decl : decl, false);
        }
}

/* Arrays named in tie and remote_access are data too. */
static void loop_collect_ref_arrays(gen *g, loop_plan *p)
{
    const directive *d = p->dir;
    for (int k = 0; k < d->tie_count + d->remote_count; k++) {
        const dir_ref *r = k < d->tie_count ? &d->ties[k] : &d->remotes[k - d->tie_count];
        if (loop_data_index(p, r->name) >= 0)
            continue;
        int decl = ast_lookup(&g->a, r->name, p->loop_start);
        if (decl < 0) {
            gen_error_at(g, r->loc, "unknown array '%s'", r->name);
            continue;
        }
        dobj *o = gen_find_obj(g, decl);
        int rr;
        CXType el;
        if (!o && !gen_data_shape(clang_getCursorType(g->a.nodes[decl].cursor), &rr, &el)) {
            gen_error_at(g, r->loc, "'%s' is not an array", r->name);
            continue;
        }
        if (!o && rr > DIR_MAX_RANK) {
            gen_error_at(g, r->loc, GEN_TOO_MANY_DIMS, r->name, rr, DIR_MAX_RANK);
            continue;
        }
        loop_add_data(g, p, xstrdup(r->name), o, decl, false);
    }
}

/* Which loop dimensions carry an across dependency; the outermost free
 * one is shared by the threads. */
static void loop_dependencies(loop_plan *p)
{
    const directive *d = p->dir;
    for (int k = 0; k < d->across.count; k++) {
        const dir_var *v = &d->across.items[k];
        const dir_ref *map = loop_across_map(p, k);
        for (int ad = 0; ad < (map ? map->rank : 0); ad++) {
            bool nz = v->rank == 0 || loop_width_nonzero(v->range[ad].lo) ||
                      loop_width_nonzero(v->range[ad].hi);
            if (!nz || map->index[ad].kind != DIR_INDEX_LINEAR)
                continue;
            for (int l = 0; l < p->rank; l++)
                if (!strcmp(d->loop_vars[l], map->index[ad].var))
                    p->dims[l].dep = true;
        }
        if (!map)
            for (int l = 0; l < p->rank; l++)
                p->dims[l].dep = true;
    }
    for (int l = 0; l < p->rank && p->par_dim < 0; l++)
        if (!p->dims[l].dep)
            p->par_dim = l;
    p->thread_pipe = p->par_dim < 0 && p->rank >= 2;
}

/* Whether the threads sharing an inner dimension (par_dim > 0) must meet
 * after their blocks of each outer iteration, as under '#pragma omp for':
 * not when every array the loop may write is touched by each value of
 * the shared loop variable in elements of its own (an ADI sweep along i,
 * a[i][j][k] = f(a[i-1][j][k], a[i+1][j][k]), with j shared). Each thread
 * then depends on its own block only, and runs its iterations without
 * waiting: on a machine with fewer free cores than threads, a barrier per
 * row made two threads slower than one. */
static void loop_barrier(gen *g, loop_plan *p)
{
    p->par_barrier = false;
    if (p->par_dim <= 0)
        return;
    for (int k = 0; k < p->ndata; k++) {
        const loop_data *dt = &p->data[k];
        if (dt->write && !reach_disjoint(g, p->body, dt->decl, dt->rank, p->dir->loop_vars,
                                         p->rank, p->par_dim)) {
            p->par_barrier = true;
            return;
        }
    }
}

/* False when this or an earlier part of the file has errors. */
static bool loop_collect(gen *g, loop_plan *p)
{
    loop_collect_uses(g, p);
    loop_collect_clause_arrays(g, p);
    loop_collect_ref_arrays(g, p);
    red_check(g, p->dir, p->loop_start);
    if (g->diags->errors)
        return false;
    loop_infer_across(g, p);
    loop_dependencies(p);
    loop_barrier(g, p);
    return true;
}

/* ---- phase 4: the call site ---- */

static void loop_call_create(gen *g, const loop_plan *p, strbuf *c)
{
    const directive *d = p->dir;
    const loop_dim *dims = p->dims;
    sb_printf(c, "{\n    dvmh_loop *dvmh_L = dvmh_loop_create(__FILE__, %u, %d,\n        (dvmh_idx[]){",
              p->line, p->rank);
    for (int k = 0; k < p->rank; k++)
        sb_printf(c, "%s%s", k ? ", " : "",
                  dims[k].outer_bounds ? (dims[k].down ? "DVMH_IDX_HUGE" : "-DVMH_IDX_HUGE") : dims[k].lb);
    sb_add(c, "},\n        (dvmh_idx[]){");
    for (int k = 0; k < p->rank; k++)
        sb_printf(c, "%s%s", k ? ", " : "",
                  dims[k].outer_bounds ? (dims[k].down ? "-DVMH_IDX_HUGE" : "DVMH_IDX_HUGE") : dims[k].hi);
    sb_add(c, "},\n        (dvmh_idx[]){");
    for (int k = 0; k < p->rank; k++)
        sb_printf(c, "%s%s", k ? ", " : "",
                  dims[k].outer_bounds ? (dims[k].down ? "-1" : "1") : dims[k].step);
    sb_add(c, "});\n");
    if (p->on) {
        char *rules = gen_rules_text(&d->on, d->loop_vars, p->rank);
        /* the rules are the directive's expressions: a C error in one (an
         * undeclared name in 'on A[k]') is reported on the directive's line */
        sb_printf(c, "#line %u \"%s\"\n", p->at->pragma->line, g->file);
        if (p->on->is_template && p->on->rank == 0)
            sb_printf(c, "    dvmh_template_rank_check(__FILE__, __LINE__, %s, %d);\n", p->on->desc,
                      d->on.rank);
        sb_printf(c, "    dvmh_loop_map(dvmh_L, %s, %s);\n", p->on->desc, rules);
        sb_printf(c, "    dvmh_loop_describe(dvmh_L, -1, \"%s\", -1);\n", p->on->name);
        free(rules);
    }
}

static void loop_call_data(gen *g, const loop_plan *p, strbuf *c)
{
    strbuf decls = {0};
    for (int k = 0; k < p->ndata; k++) {
        const loop_data *dt = &p->data[k];
        const char *acc = !dt->write ? "DVMH_READ"
                          : reach_dense_write(g, p->body, dt->decl, dt->rank, p->dir->loop_vars, p->rank)
                              ? "DVMH_READ | DVMH_WRITE | DVMH_DENSE"
                              : "DVMH_READ | DVMH_WRITE";
        if (dt->obj) {
            sb_printf(c, "    dvmh_loop_array(dvmh_L, %s, %s);\n", dt->obj->desc, acc);
        } else {
            char *args = gen_data_args(g->a.nodes[dt->decl].cursor, dt->name);
            sb_printf(c, "    dvmh_loop_data(dvmh_L, %s, %s);\n", args, acc);
            free(args);
        }
    }
    for (int k = 0; k < p->ndata; k++) {
        const loop_data *dt = &p->data[k];
        sb_printf(c, "    dvmh_loop_describe(dvmh_L, %d, \"%s\", %s);\n", k, dt->name,
                  dt->obj ? "-1" : dt->type_code ? dt->type_code : "DVMH_T_OTHER");
        char *reach = reach_call(g, p->body, dt->decl, dt->rank, p->dir->loop_vars, p->rank, k,
                                 p->handler, &decls);
        if (reach) {
            sb_add(c, reach);
            free(reach);
        }
    }
    if (decls.len) {
        edit *de = edit_begin(&g->e, p->fn_start, p->fn_start);
        edit_lit(de, decls.s);
        free(decls.s);
    }
    for (int k = 0; k < p->nscalars; k++)
        sb_printf(c, "    dvmh_loop_scalar(dvmh_L, &%s, sizeof(%s));\n", p->scalars[k].name,
                  p->scalars[k].name);
}

/* shadow_renew and across: widths per dimension, or the array's own. */
static void loop_call_widths(const loop_plan *p, const dir_var_list *l, const char *fn, bool across,
                             strbuf *c)
{
    for (int k = 0; k < l->count; k++) {
        const dir_var *v = &l->items[k];
        int idx = loop_data_index(p, v->name);
        int flag = across ? v->out : v->corner;
        if (v->edge) {
            sb_printf(c, "    dvmh_loop_shadow_renew_edge(dvmh_L, %d, \"%s\");\n", idx, v->edge);
            continue;
        }
        if (!v->rank) {
            sb_printf(c, "    %s(dvmh_L, %d, NULL, NULL, %d);\n", fn, idx, flag);
            continue;
        }
        strbuf lo = {0}, hi = {0};
        for (int j = 0; j < v->rank; j++) {
            sb_printf(&lo, "%s(%s)", j ? ", " : "", v->range[j].lo ? v->range[j].lo : "0");
            sb_printf(&hi, "%s(%s)", j ? ", " : "", v->range[j].hi ? v->range[j].hi : "0");
        }
        sb_printf(c, "    %s(dvmh_L, %d, (dvmh_idx[]){%s}, (dvmh_idx[]){%s}, %d);\n", fn, idx, lo.s,
                  hi.s, flag);
        free(lo.s);
        free(hi.s);
    }
}

/* A tie subscript '-v' (DVM's reversed tie, as SAPFOR writes it for A[N-v]
 * and for descending loops) says only that the dimension runs against loop
 * variable v, with an offset the directive does not give: the runtime is
 * told the loop may touch any element of that dimension. */
static char *tie_rules_text(const dir_ref *r, char *const *vars, int var_count)
{
    dir_ref plain = *r;
    for (int k = 0; k < plain.rank; k++) {
        const dir_index *ix = &plain.index[k];
        if (ix->kind == DIR_INDEX_LINEAR && (!strcmp(ix->a, "-(1)") || !strcmp(ix->a, "-1")) &&
            !strcmp(ix->b, "0"))
            plain.index[k].kind = DIR_INDEX_EMPTY;
    }
    return gen_rules_text(&plain, vars, var_count);
}

/* across on ordinary data: the runtime keeps no widths for it (the loop
 * runs whole on one device), so the host's threads could not pipeline it.
 * Its widths along each loop dimension, where the mapping ('tie', or the
 * references) indexes every dimension with a dependence by a loop
 * variable with coefficient 1 or -1: dvmh_loop_across_dims. */
static void loop_call_ordinary_across(gen *g, const loop_plan *p, int k, int idx, const bool *down,
                                      strbuf *c)
{
    const directive *d = p->dir;
    const dir_var *v = &d->across.items[k];
    const dir_ref *map = loop_across_map(p, k);
    if (!map || !v->rank || map->rank != v->rank)
        return;
    strbuf w[DIR_MAX_RANK];
    memset(w, 0, sizeof w);
    bool ok = true;
    for (int ad = 0; ad < v->rank && ok; ad++) {
        bool nz = loop_width_nonzero(v->range[ad].lo) || loop_width_nonzero(v->range[ad].hi);
        const dir_index *ix = &map->index[ad];
        bool unit = ix->kind == DIR_INDEX_LINEAR &&
                    (!ix->a || !strcmp(ix->a, "1") || !strcmp(ix->a, "-1") ||
                     !strcmp(ix->a, "(1)") || !strcmp(ix->a, "-(1)"));
        int ld = -1;
        for (int l = 0; unit && l < p->rank; l++)
            if (!strcmp(d->loop_vars[l], ix->var))
                ld = l;
        if (ld < 0) { /* no loop dimension: only a dimension without a width */
            ok = !nz;
            continue;
        }
        loop_width_add(&w[ld], loop_width_text(v, ad));
    }
    if (ok) {
        sb_printf(c, "    dvmh_loop_across_dims(dvmh_L, %d, (dvmh_idx[]){", idx);
        for (int l = 0; l < p->rank; l++)
            sb_printf(c, "%s%s", l ? ", " : "", w[l].len ? w[l].s : "0");
        bool skewed = reach_skewed(g, p->body, p->data[idx].decl, p->data[idx].rank, d->loop_vars,
                                   down, p->rank);
        sb_printf(c, "}, %d);\n", skewed ? 1 : 0);
    }
    for (int l = 0; l < DIR_MAX_RANK; l++)
        free(w[l].s);
}

/* The CUDA handler is given only when the file's device code can be
 * completed: relocatable device code whose kernels call functions that no
 * file of the program gives device versions of cannot be linked (then the
 * file's loops run on the host). */
static void loop_call_site(gen *g, const loop_plan *p, const char *cuda_launcher)
{
    const directive *d = p->dir;
    strbuf c = {0};
    loop_call_create(g, p, &c);
    loop_call_data(g, p, &c);
    red_calls(g, d, p->loop_start, "dvmh_loop_reduction(dvmh_L", &c);
    loop_call_widths(p, &d->shadow_renew, "dvmh_loop_shadow_renew", false, &c);
    loop_call_widths(p, &d->across, "dvmh_loop_across", true, &c);
    bool down[DIR_MAX_RANK];
    for (int k = 0; k < p->rank; k++)
        down[k] = p->dims[k].down;
    for (int k = 0; k < d->across.count; k++) {
        int idx = loop_data_index(p, d->across.items[k].name);
        const loop_data *dt = idx >= 0 ? &p->data[idx] : NULL;
        if (dt && dt->obj &&
            reach_skewed(g, p->body, dt->decl, dt->rank, d->loop_vars, down, p->rank))
            sb_printf(&c, "    dvmh_loop_across_skewed(dvmh_L, %d);\n", idx);
        if (dt && !dt->obj)
            loop_call_ordinary_across(g, p, k, idx, down, &c);
    }
    for (int k = 0; k < d->tie_count + d->remote_count; k++) {
        bool tie = k < d->tie_count;
        const dir_ref *r = tie ? &d->ties[k] : &d->remotes[k - d->tie_count];
        int idx = loop_data_index(p, r->name);
        char *rules = tie ? tie_rules_text(r, d->loop_vars, p->rank)
                          : gen_rules_text(r, d->loop_vars, p->rank);
        sb_printf(&c, "#line %u \"%s\"\n", p->at->pragma->line, g->file);
        sb_printf(&c, "    dvmh_loop_%s(dvmh_L, %d, %s);\n", tie ? "tie" : "remote", idx, rules);
        free(rules);
    }
    if (d->stage)
        sb_printf(&c, "    dvmh_loop_stage(dvmh_L, %s);\n", d->stage);
    if (d->cuda_block_rank)
        sb_printf(&c, "    dvmh_loop_cuda_block(dvmh_L, %s, %s, %s);\n", d->cuda_block[0],
                  d->cuda_block_rank > 1 ? d->cuda_block[1] : "1",
                  d->cuda_block_rank > 2 ? d->cuda_block[2] : "1");
    sb_printf(&c, "    dvmh_loop_handler(dvmh_L, DVMH_DEV_HOST, %s);\n", p->handler);
    if (cuda_launcher)
        sb_printf(&c, "#ifdef DVMH_CUDA_HANDLERS\n    if (dvmh_cuda_linkable(&dvmh_cuda_module_%s))\n"
                      "        dvmh_loop_handler(dvmh_L, DVMH_DEV_CUDA, %s);\n#endif\n",
                  g->base, cuda_launcher);
    if (g->check) {
        /* check mode: the loop variables' names, for the messages */
        sb_add(&c, "    dvmh_loop_check(dvmh_L, \"");
        for (int k = 0; k < p->rank; k++)
            sb_printf(&c, "%s%s", k ? "," : "", p->dims[k].var);
        sb_add(&c, "\");\n");
    }
    /* the loop variables declared outside the loop end as in sequential C
     * (the handlers have their own); not from a dimension whose bounds use
     * outer variables on (the runtime has no bounds of its own for it) */
    int rect = 0, finals = 0;
    while (rect < p->rank && !p->dims[rect].outer_bounds)
        rect++;
    for (int k = 0; k < rect; k++)
        finals += !p->dims[k].header_decl;
    if (finals > 0) {
        sb_add(&c, "    { dvmh_idx dvmh_f;");
        for (int k = 0; k < rect; k++)
            if (!p->dims[k].header_decl)
                /* (void): the loop is the variable's only use in the source */
                sb_printf(&c, " if (dvmh_loop_final(dvmh_L, %d, &dvmh_f)) %s = (%s)dvmh_f; (void)%s;",
                          k, p->dims[k].var, p->dims[k].type, p->dims[k].var);
        sb_add(&c, " }\n");
    }
    sb_add(&c, "    dvmh_loop_run(dvmh_L);\n}");
    edit *ce = edit_begin(&g->e, p->loop_start, p->loop_end);
    edit_lit(ce, c.s);
    free(c.s);
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
