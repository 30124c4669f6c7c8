/* loop_data.c: phase 2 of a parallel loop (loop.c): the data its body
 * uses (arrays, scalars, the arrays its clauses name), the dimensions
 * that carry across dependencies, and how threads share the nest. */
#include "alloc.h"
#include "loop.h"
#include "reach.h"
#include "reduction.h"

#include <stdlib.h>
#include <string.h>

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

/* The functions of this file the body calls, and those they call, run in
 * the handler on host memory: the file-scope arrays they use become the
 * loop's data, read wherever (no reach), and only the host runs the loop
 * (the runtime then has those arrays actual there: ordinary ones whole,
 * distributed ones in the process's local part and shadow edges). An array
 * they write is not supported yet. */
static void loop_collect_callee_arrays(gen *g, loop_plan *p)
{
    int *fns = NULL, nfns = 0, cap = 0;
    size_t *via = NULL; /* the body's call that leads to fns[k] */
    int via_cap = 0;
    for (int k = -1; k < nfns; k++) {
        size_t s = k < 0 ? p->body_start : g->a.nodes[fns[k]].start;
        size_t e = k < 0 ? p->body_end : g->a.nodes[fns[k]].end;
        for (int n = 0; n < g->a.count; n++) {
            const node *nd = &g->a.nodes[n];
            if (nd->kind != CXCursor_CallExpr || nd->start < s || nd->end > e)
                continue;
            int def = ast_function_definition(&g->a, clang_getCursorReferenced(nd->cursor));
            bool known = def < 0;
            for (int j = 0; j < nfns && !known; j++)
                known = fns[j] == def;
            if (known)
                continue;
            fns = xgrow(fns, &cap, nfns + 1);
            via = xgrow(via, &via_cap, nfns + 1);
            via[nfns] = k < 0 ? nd->start : via[k];
            fns[nfns++] = def;
        }
    }
    for (int k = 0; k < nfns; k++) {
        int body = -1;
        for (int c = g->a.nodes[fns[k]].first_child; c >= 0; c = g->a.nodes[c].next_sibling)
            if (g->a.nodes[c].kind == CXCursor_CompoundStmt)
                body = c;
        if (body < 0)
            continue;
        use_list uses = {0};
        nest_uses(g, body, &uses);
        char *fname = ast_spelling(&g->a.nodes[fns[k]]);
        for (int u = 0; u < uses.count; u++) {
            int decl = uses.items[u].decl;
            const node *dn = &g->a.nodes[decl];
            if (dn->kind != CXCursor_VarDecl || ast_ancestor(&g->a, decl, CXCursor_FunctionDecl) >= 0)
                continue; /* not a file-scope variable */
            dobj *o = gen_find_obj(g, decl);
            int r;
            CXType elem;
            if (!o && !gen_data_shape(clang_getCursorType(dn->cursor), &r, &elem))
                continue; /* a scalar: the host's value */
            char *name = ast_spelling(dn);
            if (uses.items[u].write || (o && o->is_template)) {
                gen_error(g, via[k],
                          "not supported yet: '%s', called in a parallel loop, writes the %s "
                          "'%s' itself (pass what it needs as arguments, or write it as a "
                          "macro)",
                          fname, o ? "distributed array" : "array", name);
                free(name);
                continue;
            }
            /* a distributed array: its reads there are of the process's
             * local part and shadow edges, which the runtime makes current
             * on the host (every read is one outside loops in the
             * function's code: while handlers run, the runtime takes the
             * local element, and stops at one the process does not hold) */
            p->host_only = true;
            int idx = loop_data_index(p, name);
            if (idx < 0 && (o || gen_data_fits(g, clang_getCursorType(dn->cursor), name, via[k]))) {
                loop_add_data(g, p, name, o, decl, false);
                idx = p->ndata - 1;
            } else {
                free(name);
            }
            if (idx >= 0)
                p->data[idx].callee = true;
        }
        free(fname);
        free(uses.items);
    }
    free(fns);
    free(via);
}

/* False when this or an earlier part of the file has errors. */
bool loop_collect(gen *g, loop_plan *p)
{
    loop_collect_uses(g, p);
    loop_collect_clause_arrays(g, p);
    loop_collect_ref_arrays(g, p);
    loop_collect_callee_arrays(g, p);
    red_check(g, p->dir, p->loop_start);
    if (g->diags->errors)
        return false;
    loop_infer_across(g, p);
    loop_dependencies(p);
    loop_barrier(g, p);
    return true;
}

