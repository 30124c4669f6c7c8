/* loop_call.c: phase 4 of a parallel loop (loop.c): the call site that
 * replaces the loop (create the loop, name its data, widths and
 * reductions, run the handlers). */
#include "loop.h"
#include "reach.h"
#include "reduction.h"

#include <stdlib.h>
#include <string.h>

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
                          : !dt->callee &&
                                  reach_dense_write(g, p->body, dt->decl, dt->rank, p->dir->loop_vars, p->rank)
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
        char *reach = dt->callee ? NULL
                                 : reach_call(g, p->body, dt->decl, dt->rank, p->dir->loop_vars,
                                              p->rank, k, p->handler, &decls);
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
void loop_call_site(gen *g, const loop_plan *p, const char *cuda_launcher)
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
    if (p->host_only)
        sb_add(&c, "    dvmh_loop_host_only(dvmh_L);\n");
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
                /* (void)sizeof: the loop may be the variable's only use in
                 * the source (not a read: it may be left uninitialized) */
                sb_printf(&c, " if (dvmh_loop_final(dvmh_L, %d, &dvmh_f)) %s = (%s)dvmh_f; (void)sizeof(%s);",
                          k, p->dims[k].var, p->dims[k].type, p->dims[k].var);
        sb_add(&c, " }\n");
    }
    /* private variables declared before the loop: their uses went to the
     * handlers, which -Wunused-variable would not see */
    bool privates = false;
    for (int k = 0; k < p->dir->privates.count; k++) {
        const char *name = p->dir->privates.items[k].name;
        int decl = ast_lookup(&g->a, name, p->loop_start);
        if (decl < 0 || g->a.nodes[decl].kind != CXCursor_VarDecl ||
            g->a.nodes[decl].start >= p->loop_start)
            continue;
        sb_printf(&c, "%s(void)sizeof(%s);", privates ? " " : "    ", name);
        privates = true;
    }
    if (privates)
        sb_add(&c, "\n");
    sb_add(&c, "    dvmh_loop_run(dvmh_L);\n}");
    edit *ce = edit_begin(&g->e, p->loop_start, p->loop_end);
    edit_lit(ce, c.s);
    free(c.s);
}
