/* loop.c: parallel loops: the loop nest's analysis (canonical loops, the
 * variables the body uses and how), the handler outlined before the
 * enclosing function, and the runtime calls that replace the loop. */
#include "alloc.h"
#include "cuda.h"
#include "gen.h"
#include "loop.h"
#include "nest.h"
#include "reach.h"
#include "reduction.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool in_list(const dir_var_list *l, const char *name)
{
    for (int k = 0; k < l->count; k++)
        if (!strcmp(l->items[k].name, name))
            return true;
    return false;
}

typedef struct loop_data_entry {
    char *name;
    dobj *obj;                      /* NULL: ordinary data */
    int decl;
    unsigned access;
} loop_data_entry;

static int data_index(loop_data_entry *data, int count, const char *name)
{
    for (int k = 0; k < count; k++)
        if (!strcmp(data[k].name, name))
            return k;
    return -1;
}

static bool width_nonzero(const char *w)
{
    return w && strcmp(w, "0");
}

void loop_gen(gen *g, attached *at)
{
    const directive *d = at->dir;
    int rank = d->loop_rank;
    loop_dim dims[DIR_MAX_RANK];
    memset(dims, 0, sizeof dims);
    int fornode = at->node;
    size_t loop_start = g->a.nodes[fornode].start;
    bool ok = true;
    int body = -1;
    for (int k = 0; k < rank && ok; k++) {
        if (!nest_dim(g, d->loop_vars[k], fornode, &dims[k])) {
            ok = false;
            break;
        }
        body = ast_last_child(&g->a, fornode);
        if (k + 1 < rank) {
            int next = body;
            if (next >= 0 && g->a.nodes[next].kind == CXCursor_CompoundStmt &&
                ast_child_count(&g->a, next) == 1)
                next = g->a.nodes[next].first_child;
            if (next < 0 || g->a.nodes[next].kind != CXCursor_ForStmt) {
                gen_error_at(g, d->loop_var_locs[k + 1],
                             "'parallel' names %d loop variables but the loop nest has only %d perfectly nested loop%s",
                             rank, k + 1, k ? "s" : "");
                ok = false;
                break;
            }
            fornode = next;
        }
    }
    if (!ok || body < 0) {
        for (int k = 0; k < rank; k++)
            nest_dim_free(&dims[k]);
        return;
    }
    size_t body_start = g->a.nodes[body].start, body_end = ast_stmt_end(&g->a, body);
    size_t loop_end = ast_stmt_end(&g->a, at->node);
    if (body_end > loop_end)
        loop_end = body_end;

    /* Bounds that use outer loop variables (red-black: j = 1 + i % 2):
     * the runtime sees the whole dimension, the handler keeps the user's
     * bounds inside the piece it gets. */
    use_list uses = {0};
    for (int k = 1; k < rank; k++) {
        use_list hdr = {0};
        for (int c = g->a.nodes[dims[k].node].first_child; c >= 0; c = g->a.nodes[c].next_sibling)
            if (c != ast_last_child(&g->a, dims[k].node))
                nest_uses(g, c, &hdr);
        for (int u = 0; u < hdr.count; u++) {
            char *nm = ast_spelling(&g->a.nodes[hdr.items[u].decl]);
            for (int j = 0; j < k; j++)
                if (!strcmp(nm, dims[j].var))
                    dims[k].outer_bounds = true;
            free(nm);
        }
        if (dims[k].outer_bounds)
            for (int u = 0; u < hdr.count; u++)
                nest_use_add(&uses, hdr.items[u].decl, false, hdr.items[u].offset);
        free(hdr.items);
    }
    nest_uses(g, body, &uses);

    /* 'on' */
    dobj *on = NULL;
    if (d->has_on) {
        on = gen_lookup_obj(g, d->on.name, loop_start);
        if (!on) {
            int decl = ast_lookup(&g->a, d->on.name, loop_start);
            gen_error_at(g, d->on.loc, decl >= 0 ? "'%s' in 'on' is not a distributed array or template"
                                                 : "unknown array '%s' in 'on'",
                         d->on.name);
        } else if (d->on.rank != on->rank) {
            gen_error_at(g, d->on.loc, "'on' gives %d index%s for '%s', which has %d dimension%s",
                         d->on.rank, d->on.rank == 1 ? "" : "es", on->name, on->rank,
                         on->rank == 1 ? "" : "s");
        }
    }
    for (int k = 0; k < d->privates.count; k++)
        if (ast_lookup(&g->a, d->privates.items[k].name, loop_start) < 0 &&
            ast_lookup(&g->a, d->privates.items[k].name, body_start + 1) < 0)
            gen_error_at(g, d->privates.items[k].loc, "unknown variable '%s' in 'private'",
                         d->privates.items[k].name);

    /* data, scalars */
    loop_data_entry data[64];
    int ndata = 0;
    char *scalars[64];
    int scalar_decl[64];
    int nscalars = 0;
    for (int u = 0; u < uses.count; u++) {
        int decl = uses.items[u].decl;
        node *dn = &g->a.nodes[decl];
        if (dn->start >= loop_start && dn->start < loop_end)
            continue; /* declared inside the loop */
        char *name = ast_spelling(dn);
        bool skip = false;
        for (int k = 0; k < rank; k++)
            if (!strcmp(name, dims[k].var))
                skip = true;
        if (in_list(&d->privates, name))
            skip = true;
        for (int k = 0; k < d->reduction_count; k++)
            if (!strcmp(d->reductions[k].var, name) ||
                (d->reductions[k].loc_var && !strcmp(d->reductions[k].loc_var, name)))
                skip = true;
        if (skip) {
            free(name);
            continue;
        }
        dobj *o = gen_find_obj(g, decl);
        CXType t = clang_getCursorType(dn->cursor);
        int r;
        CXType elem;
        if (o && o->is_template) {
            gen_error(g, uses.items[u].offset, "template '%s' cannot be used as data", name);
            free(name);
            continue;
        }
        if (o || gen_data_shape(t, &r, &elem)) {
            if (ndata == 64) {
                gen_error(g, uses.items[u].offset, "too many arrays in one parallel loop");
                free(name);
                break;
            }
            data[ndata++] = (loop_data_entry){name, o, decl,
                                              1u | (uses.items[u].write ? 2u : 0u)};
            continue;
        }
        if (uses.items[u].write) {
            gen_error(g, uses.items[u].offset,
                      "variable '%s' is assigned in a parallel loop but is not private or a reduction variable",
                      name);
            free(name);
            continue;
        }
        if (nscalars < 64) {
            scalar_decl[nscalars] = decl;
            scalars[nscalars++] = name;
        } else {
            free(name);
        }
    }
    /* arrays named in clauses but not used in the body are still data */
    const dir_var_list *clause_lists[2] = {&d->shadow_renew, &d->across};
    for (int l = 0; l < 2; l++)
        for (int k = 0; k < clause_lists[l]->count; k++) {
            const dir_var *v = &clause_lists[l]->items[k];
            dobj *o = gen_lookup_obj(g, v->name, loop_start);
            int decl = ast_lookup(&g->a, v->name, loop_start);
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
            if (v->rank && v->rank != orank)
                gen_error_at(g, v->loc, "'%s' has %d dimensions, the clause gives %d", v->name, orank,
                             v->rank);
            if (data_index(data, ndata, v->name) < 0 && ndata < 64)
                data[ndata++] = (loop_data_entry){xstrdup(v->name), o, o ? o->decl : decl, 1u};
        }
    for (int k = 0; k < d->tie_count + d->remote_count; k++) {
        const dir_ref *r = k < d->tie_count ? &d->ties[k] : &d->remotes[k - d->tie_count];
        int idx = data_index(data, ndata, r->name);
        if (idx < 0) {
            int decl = ast_lookup(&g->a, r->name, loop_start);
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
            if (ndata < 64)
                data[ndata++] = (loop_data_entry){xstrdup(r->name), o, decl, 1u};
        }
    }

    /* reductions */
    red_check(g, d, loop_start);
    if (g->diags->errors) {
        for (int k = 0; k < ndata; k++)
            free(data[k].name);
        for (int k = 0; k < nscalars; k++)
            free(scalars[k]);
        free(uses.items);
        for (int k = 0; k < rank; k++)
            nest_dim_free(&dims[k]);
        return;
    }

    /* which loop dimensions carry a dependency (across) */
    bool dep[DIR_MAX_RANK] = {false};
    for (int k = 0; k < d->across.count; k++) {
        const dir_var *v = &d->across.items[k];
        const dir_ref *map = dir_loop_mapping(d, v->name);
        for (int ad = 0; ad < (map ? map->rank : 0); ad++) {
            bool nz = v->rank == 0 || width_nonzero(v->range[ad].lo) || width_nonzero(v->range[ad].hi);
            if (!nz || map->index[ad].kind != DIR_INDEX_LINEAR)
                continue;
            for (int l = 0; l < rank; l++)
                if (!strcmp(d->loop_vars[l], map->index[ad].var))
                    dep[l] = true;
        }
        if (!map)
            for (int l = 0; l < rank; l++)
                dep[l] = true;
    }
    int par_dim = -1;
    for (int l = 0; l < rank && par_dim < 0; l++)
        if (!dep[l])
            par_dim = l;

    unsigned line, col;
    ast_line_col(&g->a, loop_start, &line, &col);
    char hname[256];
    snprintf(hname, sizeof hname, "dvmh_loop_%s_%u", g->base, line);

    /* ---- the handler ----
     * Two functions: the nest, whose parameters are the data pointers
     * (restrict parameters: the only restrict LLVM relies on) with the
     * user's names and indexing, the scalars by value and the loop's
     * bounds; and the handler, which unpacks the piece, opens the OpenMP
     * parallel region and calls the nest in every thread. */
    strbuf h = {0}, args = {0};
    sb_printf(&h, "static void %s_nest(", hname);
    bool first_param = true;
#define PARAM(...)                                                                                 \
    do {                                                                                           \
        sb_add(&h, first_param ? "" : ",\n    ");                                                   \
        sb_printf(&h, __VA_ARGS__);                                                                \
        first_param = false;                                                                       \
    } while (0)
#define ARG(...)                                                                                   \
    do {                                                                                           \
        sb_add(&args, args.len ? ", " : "");                                                       \
        sb_printf(&args, __VA_ARGS__);                                                             \
    } while (0)
    for (int k = 0; k < rank; k++) {
        PARAM("const dvmh_idx dvmh_lo%d, const dvmh_idx dvmh_hi%d, const dvmh_idx dvmh_st%d", k, k, k);
        ARG("dvmh_P->lo[%d], dvmh_P->hi[%d], dvmh_P->step[%d]", k, k, k);
    }
    for (int k = 0; k < ndata; k++) {
        int r;
        char *es;
        if (data[k].obj) {
            r = data[k].obj->rank;
            es = xstrdup(data[k].obj->elem);
        } else {
            CXType elem;
            gen_data_shape(clang_getCursorType(g->a.nodes[data[k].decl].cursor), &r, &elem);
            es = type_spelling(elem);
        }
        for (int dd = 1; dd < r; dd++) {
            PARAM("const dvmh_idx dvmh_e%d_%d", k, dd);
            ARG("dvmh_P->ext[%d][%d]", k, dd);
        }
        if (r == 1) {
            PARAM("%s *const restrict %s", es, data[k].name);
        } else {
            PARAM("%s (*const restrict %s)", es, data[k].name);
            for (int dd = 1; dd < r; dd++)
                sb_printf(&h, "[dvmh_e%d_%d]", k, dd);
        }
        ARG("dvmh_P->data[%d]", k);
        free(es);
    }
    for (int k = 0; k < nscalars; k++) {
        CXType t = clang_getCursorType(g->a.nodes[scalar_decl[k]].cursor);
        char *ts = type_spelling(t);
        PARAM("%s %s", ts, scalars[k]);
        ARG("*(%s *)dvmh_P->scalar[%d]", ts, k);
        free(ts);
    }
    for (int k = 0; k < d->reduction_count; k++) {
        const dir_reduction *red = &d->reductions[k];
        PARAM("void *const dvmh_red%d", k);
        ARG("&%s", red->var);
        if (red->loc_var) {
            PARAM("void *const dvmh_loc%d", k);
            ARG("&%s", red->loc_var);
        }
    }
    if (first_param)
        sb_add(&h, "void");
    sb_add(&h, ")\n{\n");
    for (int k = 0; k < rank; k++)
        sb_printf(&h, "    (void)dvmh_st%d;\n", k);
    const char *ind = "    ";
    for (int k = 0; k < d->privates.count; k++) {
        int decl = ast_lookup(&g->a, d->privates.items[k].name, body_start + 1);
        if (decl < 0)
            decl = ast_lookup(&g->a, d->privates.items[k].name, loop_start);
        if (decl < 0 || (g->a.nodes[decl].start >= loop_start && g->a.nodes[decl].start < loop_end))
            continue; /* declared in the body anyway */
        char *dt = gen_decl_text(clang_getCursorType(g->a.nodes[decl].cursor), d->privates.items[k].name);
        sb_printf(&h, "%s%s;\n", ind, dt);
        free(dt);
    }
    /* reduction variables: the thread's private copies, by value here */
    strbuf red_decls = {0};
    for (int k = 0; k < d->reduction_count; k++) {
        const dir_reduction *red = &d->reductions[k];
        int decl = ast_lookup(&g->a, red->var, loop_start);
        char *dt = gen_decl_text(clang_getCursorType(g->a.nodes[decl].cursor), red->var);
        sb_printf(&h, "%s%s;\n%s__builtin_memcpy(&%s, dvmh_red%d, sizeof(%s));\n", ind, dt, ind,
                  red->var, k, red->var);
        sb_printf(&red_decls, "        %s;\n", dt);
        free(dt);
        if (red->loc_var) {
            int ldecl = ast_lookup(&g->a, red->loc_var, loop_start);
            char *lt = gen_decl_text(clang_getCursorType(g->a.nodes[ldecl].cursor), red->loc_var);
            sb_printf(&h, "%s%s;\n%s__builtin_memcpy(&%s, dvmh_loc%d, sizeof(%s));\n", ind, lt, ind,
                      red->loc_var, k, red->loc_var);
            sb_printf(&red_decls, "        %s;\n", lt);
            free(lt);
        }
        sb_printf(&red_decls, "        dvmh_red_init(dvmh_P, %d, &%s, %s%s);\n", k, red->var,
                  red->loc_var ? "&" : "", red->loc_var ? red->loc_var : "NULL");
    }
    char pad[64];
    for (int k = 0; k < rank; k++) {
        snprintf(pad, sizeof pad, "%*s", 4 + 4 * k, "");
        if (k == par_dim)
            sb_printf(&h, "%s#pragma omp for schedule(static)%s\n", pad,
                      par_dim == 0 ? " nowait" : "");
        const char *cmp = dims[k].down ? ">=" : "<=";
        if (dims[k].outer_bounds)
            sb_printf(&h, "%sfor (%s %s = dvmh_%s_first(%s, dvmh_lo%d, %s); %s %s dvmh_%s(%s, dvmh_hi%d); %s += %s)\n",
                      pad, dims[k].type, dims[k].var, dims[k].down ? "down" : "up", dims[k].lb, k,
                      dims[k].step, dims[k].var, cmp, dims[k].down ? "max" : "min", dims[k].hi, k,
                      dims[k].var, dims[k].step);
        else if (dims[k].unit)
            sb_printf(&h, "%sfor (%s %s = dvmh_lo%d; %s %s dvmh_hi%d; %s%s)\n", pad, dims[k].type,
                      dims[k].var, k, dims[k].var, cmp, k, dims[k].var, dims[k].down ? "--" : "++");
        else
            sb_printf(&h, "%sfor (%s %s = dvmh_lo%d; %s %s dvmh_hi%d; %s += dvmh_st%d)\n", pad,
                      dims[k].type, dims[k].var, k, dims[k].var, cmp, k, dims[k].var, k);
    }
    unsigned bline, bcol;
    ast_line_col(&g->a, body_start, &bline, &bcol);
    sb_printf(&h, "#line %u \"%s\"\n", bline, g->file);
    for (unsigned c = 1; c < bcol; c++)
        sb_add(&h, " ");
    edit *he = edit_begin(&g->e, 0, 0);
    /* the handler goes before the enclosing function */
    int fn = ast_ancestor(&g->a, at->node, CXCursor_FunctionDecl);
    size_t fn_start = fn >= 0 ? g->a.nodes[fn].start : loop_start;
    he->start = he->end = fn_start;
    edit_lit(he, h.s);
    edit_range(he, body_start, body_end);
    free(h.s);
    strbuf tail = {0};
    sb_add(&tail, "\n");
    for (int k = 0; k < d->reduction_count; k++) {
        const dir_reduction *red = &d->reductions[k];
        sb_printf(&tail, "%s__builtin_memcpy(dvmh_red%d, &%s, sizeof(%s));\n", ind, k, red->var,
                  red->var);
        if (red->loc_var)
            sb_printf(&tail, "%s__builtin_memcpy(dvmh_loc%d, &%s, sizeof(%s));\n", ind, k,
                      red->loc_var, red->loc_var);
    }
    sb_printf(&tail, "}\n\nstatic void %s(dvmh_piece *dvmh_P)\n{\n", hname);
    if (par_dim >= 0)
        sb_add(&tail, "    #pragma omp parallel num_threads(dvmh_P->threads)\n");
    sb_add(&tail, "    {\n");
    if (red_decls.len)
        sb_add(&tail, red_decls.s);
    sb_printf(&tail, "        %s_nest(%s);\n", hname, args.len ? args.s : "");
    for (int k = 0; k < d->reduction_count; k++) {
        const dir_reduction *red = &d->reductions[k];
        sb_printf(&tail, "        dvmh_red_put(dvmh_P, %d, %s, &%s, %s%s);\n", k,
                  par_dim >= 0 ? "DVMH_THREAD_NUM()" : "0", red->var, red->loc_var ? "&" : "",
                  red->loc_var ? red->loc_var : "NULL");
    }
    sb_add(&tail, "    }\n}\n\n");
    edit_lit(he, tail.s);
    free(tail.s);
    free(args.s);
    free(red_decls.s);
#undef PARAM
#undef ARG

    char *cuda_launcher = NULL;
    if (g->emit_cuda) {
        cuda_loop cl = {.dir = d, .handler = hname, .loop_start = loop_start, .loop_end = loop_end,
                        .body_start = body_start, .body_end = body_end, .fn_start = fn_start,
                        .rank = rank, .ndata = ndata, .nscalars = nscalars};
        for (int k = 0; k < rank; k++)
            cl.dims[k] = (cuda_dim){dims[k].var, dims[k].type, dims[k].lb, dims[k].hi, dims[k].step,
                                    dims[k].down, dims[k].unit, dims[k].outer_bounds, dep[k]};
        for (int k = 0; k < ndata; k++) {
            CXType elem;
            int r = data[k].obj ? data[k].obj->rank : 0;
            if (!data[k].obj)
                gen_data_shape(clang_getCursorType(g->a.nodes[data[k].decl].cursor), &r, &elem);
            cl.data[k] = (cuda_data){data[k].name, r,
                                     data[k].obj ? xstrdup(data[k].obj->elem) : type_spelling(elem),
                                     data[k].decl, (data[k].access & 2) != 0};
        }
        for (int k = 0; k < nscalars; k++) {
            cl.scalars[k] = scalars[k];
            cl.scalar_decl[k] = scalar_decl[k];
        }
        cuda_launcher = cuda_gen_loop(g, &cl);
        for (int k = 0; k < ndata; k++)
            free(cl.data[k].elem);
    }

    /* ---- the call site ---- */
    strbuf c = {0};
    sb_printf(&c, "{\n    dvmh_loop *dvmh_L = dvmh_loop_create(__FILE__, %u, %d,\n        (dvmh_idx[]){", line, rank);
    for (int k = 0; k < rank; k++)
        sb_printf(&c, "%s%s", k ? ", " : "",
                  dims[k].outer_bounds ? (dims[k].down ? "DVMH_IDX_HUGE" : "-DVMH_IDX_HUGE") : dims[k].lb);
    sb_add(&c, "},\n        (dvmh_idx[]){");
    for (int k = 0; k < rank; k++)
        sb_printf(&c, "%s%s", k ? ", " : "",
                  dims[k].outer_bounds ? (dims[k].down ? "-DVMH_IDX_HUGE" : "DVMH_IDX_HUGE") : dims[k].hi);
    sb_add(&c, "},\n        (dvmh_idx[]){");
    for (int k = 0; k < rank; k++)
        sb_printf(&c, "%s%s", k ? ", " : "",
                  dims[k].outer_bounds ? (dims[k].down ? "-1" : "1") : dims[k].step);
    sb_add(&c, "});\n");
    if (on) {
        char *rules = gen_rules_text(g, &d->on, d->loop_vars, rank, on->rank);
        /* the rules are the directive's expressions: a C error in one (an
         * undeclared name in 'on A[k]') is reported on the directive's line */
        sb_printf(&c, "#line %u \"%s\"\n", at->pragma->line, g->file);
        sb_printf(&c, "    dvmh_loop_map(dvmh_L, %s, %s);\n", on->desc, rules);
        free(rules);
    }
    for (int k = 0; k < ndata; k++) {
        const char *acc = data[k].access & 2 ? "DVMH_READ | DVMH_WRITE" : "DVMH_READ";
        if (data[k].obj) {
            sb_printf(&c, "    dvmh_loop_array(dvmh_L, %s, %s);\n", data[k].obj->desc, acc);
        } else {
            char *args = gen_data_args(clang_getCursorType(g->a.nodes[data[k].decl].cursor), data[k].name);
            sb_printf(&c, "    dvmh_loop_data(dvmh_L, %s, %s);\n", args, acc);
            free(args);
        }
    }
    for (int k = 0; k < ndata; k++) {
        int drank = data[k].obj ? data[k].obj->rank : 0;
        CXType elem;
        if (!data[k].obj && !gen_data_shape(clang_getCursorType(g->a.nodes[data[k].decl].cursor),
                                            &drank, &elem))
            continue;
        const char *tcode = data[k].obj ? NULL : gen_type_code(elem);
        sb_printf(&c, "    dvmh_loop_describe(dvmh_L, %d, \"%s\", %s);\n", k, data[k].name,
                  data[k].obj ? "-1" : tcode ? tcode : "DVMH_T_OTHER");
        char *reach = reach_call(g, body, data[k].decl, drank, d->loop_vars, rank, k);
        if (reach) {
            sb_add(&c, reach);
            free(reach);
        }
    }
    for (int k = 0; k < nscalars; k++)
        sb_printf(&c, "    dvmh_loop_scalar(dvmh_L, &%s, sizeof(%s));\n", scalars[k], scalars[k]);
    red_calls(g, d, loop_start, "dvmh_loop_reduction(dvmh_L", &c);
    for (int k = 0; k < d->shadow_renew.count; k++) {
        const dir_var *v = &d->shadow_renew.items[k];
        int idx = data_index(data, ndata, v->name);
        if (v->rank) {
            strbuf lo = {0}, hi = {0};
            for (int j = 0; j < v->rank; j++) {
                sb_printf(&lo, "%s(%s)", j ? ", " : "", v->range[j].lo ? v->range[j].lo : "0");
                sb_printf(&hi, "%s(%s)", j ? ", " : "", v->range[j].hi ? v->range[j].hi : "0");
            }
            sb_printf(&c, "    dvmh_loop_shadow_renew(dvmh_L, %d, (dvmh_idx[]){%s}, (dvmh_idx[]){%s}, %d);\n",
                      idx, lo.s, hi.s, v->corner);
            free(lo.s);
            free(hi.s);
        } else {
            sb_printf(&c, "    dvmh_loop_shadow_renew(dvmh_L, %d, NULL, NULL, %d);\n", idx, v->corner);
        }
    }
    for (int k = 0; k < d->across.count; k++) {
        const dir_var *v = &d->across.items[k];
        int idx = data_index(data, ndata, v->name);
        if (v->rank) {
            strbuf lo = {0}, hi = {0};
            for (int j = 0; j < v->rank; j++) {
                sb_printf(&lo, "%s(%s)", j ? ", " : "", v->range[j].lo ? v->range[j].lo : "0");
                sb_printf(&hi, "%s(%s)", j ? ", " : "", v->range[j].hi ? v->range[j].hi : "0");
            }
            sb_printf(&c, "    dvmh_loop_across(dvmh_L, %d, (dvmh_idx[]){%s}, (dvmh_idx[]){%s}, %d);\n",
                      idx, lo.s, hi.s, v->out);
            free(lo.s);
            free(hi.s);
        } else {
            sb_printf(&c, "    dvmh_loop_across(dvmh_L, %d, NULL, NULL, %d);\n", idx, v->out);
        }
    }
    for (int k = 0; k < d->tie_count + d->remote_count; k++) {
        bool tie = k < d->tie_count;
        const dir_ref *r = tie ? &d->ties[k] : &d->remotes[k - d->tie_count];
        int idx = data_index(data, ndata, r->name);
        char *rules = gen_rules_text(g, r, d->loop_vars, rank, r->rank);
        sb_printf(&c, "#line %u \"%s\"\n", at->pragma->line, g->file);
        sb_printf(&c, "    dvmh_loop_%s(dvmh_L, %d, %s);\n", tie ? "tie" : "remote", idx, rules);
        free(rules);
    }
    if (d->stage)
        sb_printf(&c, "    dvmh_loop_stage(dvmh_L, %s);\n", d->stage);
    if (d->cuda_block_rank)
        sb_printf(&c, "    dvmh_loop_cuda_block(dvmh_L, %s, %s, %s);\n", d->cuda_block[0],
                  d->cuda_block_rank > 1 ? d->cuda_block[1] : "1",
                  d->cuda_block_rank > 2 ? d->cuda_block[2] : "1");
    sb_printf(&c, "    dvmh_loop_handler(dvmh_L, DVMH_DEV_HOST, %s);\n", hname);
    if (cuda_launcher)
        sb_printf(&c, "#ifdef DVMH_CUDA_HANDLERS\n    dvmh_loop_handler(dvmh_L, DVMH_DEV_CUDA, %s);\n#endif\n",
                  cuda_launcher);
    free(cuda_launcher);
    sb_add(&c, "    dvmh_loop_run(dvmh_L);\n}");
    edit *ce = edit_begin(&g->e, loop_start, loop_end);
    edit_lit(ce, c.s);
    free(c.s);

    strbuf reds = {0};
    for (int k = 0; k < d->reduction_count; k++)
        sb_printf(&reds, "%s%s(%s)", k ? ", " : "", dir_red_op_name(d->reductions[k].op),
                  d->reductions[k].var);
    gen_remark(g, loop_start, "parallel loop: host handler '%s' generated%s%s%s", hname,
               reds.len ? "; reductions: " : "", reds.len ? reds.s : "",
               par_dim < 0 ? "; runs in order (every dimension carries a dependency)" : "");
    free(reds.s);

    for (int k = 0; k < ndata; k++)
        free(data[k].name);
    for (int k = 0; k < nscalars; k++)
        free(scalars[k]);
    free(uses.items);
    for (int k = 0; k < rank; k++)
        nest_dim_free(&dims[k]);
}

