/* region.c: regions (with their sequential parts), remote_access blocks,
 * and the standalone directives (get_actual, actual,
 * redistribute, realign), all replaced by runtime calls. */
#include "alloc.h"
#include "gen.h"
#include "region.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The size of dimension k of the variable declared at decl (a distributed
 * array when o) as C text, for a section's open upper bound ([lo:]); NULL
 * where the declaration does not give it (a pointer, a parameter, a
 * distributed array of variable length: the runtime knows it, and the
 * generated code cannot ask). */
static char *dim_extent(gen *g, int decl, const dobj *o, const char *name, int k)
{
    CXCursor c = g->a.nodes[decl].cursor;
    if (k == 0 && gen_array_param(c))
        return NULL;
    CXType t = clang_getCanonicalType(clang_getCursorType(c));
    for (int j = 0; j < k; j++) {
        if (t.kind == CXType_Pointer)
            t = clang_getPointeeType(t);
        else
            t = clang_getArrayElementType(t);
        t = clang_getCanonicalType(t);
    }
    if (t.kind == CXType_ConstantArray && o)
        return str_printf("%lld", clang_getArraySize(t));
    if (t.kind != CXType_ConstantArray && t.kind != CXType_VariableArray)
        return NULL;
    if (o)
        return NULL;
    /* ordinary data keeps its C type: sizeof sees a variable length too */
    return gen_extent_text(name, k);
}

/* The section's text with each open upper bound ([lo:]) closed at the end
 * of its dimension. */
static char *section_text(gen *g, int decl, const dobj *o, const dir_var *v)
{
    dir_range r[DIR_MAX_RANK];
    int rank = v->rank < DIR_MAX_RANK ? v->rank : DIR_MAX_RANK;
    char *made[DIR_MAX_RANK] = {0};
    for (int k = 0; k < rank; k++) {
        r[k] = v->range[k];
        if (!r[k].lo || r[k].hi)
            continue;
        /* where the declaration does not give the size (a pointer, a
         * parameter), the runtime knows it: an upper bound of
         * DVMH_IDX_HUGE is the end of the dimension there */
        char *ext = dim_extent(g, decl, o, v->name, k);
        r[k].hi = made[k] = ext ? str_printf("%s - 1", ext) : xstrdup("DVMH_IDX_HUGE");
        free(ext);
    }
    char *sec = gen_range_text(r, rank);
    for (int k = 0; k < rank; k++)
        free(made[k]);
    return sec;
}

/* The call describing variable name (with a section) for a region clause
 * or an actuality directive; NULL after an error. */
static char *var_call(gen *g, const char *array_fn, const char *data_fn, const char *prefix,
                      const dir_var *v, size_t offset, const char *suffix)
{
    int decl = ast_lookup(&g->a, v->name, offset);
    if (decl < 0) {
        gen_error_at(g, v->loc, "unknown variable '%s'", v->name);
        return NULL;
    }
    dobj *o = gen_find_obj(g, decl);
    strbuf b = {0};
    char *sec = section_text(g, decl, o, v);
    if (o) {
        if (o->is_template) {
            gen_error_at(g, v->loc, "'%s' is a template, not data", v->name);
            free(sec);
            return NULL;
        }
        if (v->rank && v->rank != o->rank)
            gen_error_at(g, v->loc, "section of '%s' gives %d dimensions, it has %d", v->name, v->rank,
                         o->rank);
        sb_printf(&b, "%s(%s%s%s, %s);", array_fn, prefix, o->desc, suffix, sec);
    } else {
        CXType t = clang_getCursorType(g->a.nodes[decl].cursor);
        char *args = gen_data_args(g->a.nodes[decl].cursor, v->name);
        bool named = args != NULL;
        if (!args) {
            if (v->rank)
                gen_error_at(g, v->loc, "'%s' is a scalar: it has no section", v->name);
            args = str_printf("&%s, 0, NULL, sizeof(%s)", v->name, v->name);
        } else {
            int r;
            CXType el;
            gen_data_shape(t, &r, &el);
            if (r > DIR_MAX_RANK)
                gen_error_at(g, v->loc, GEN_TOO_MANY_DIMS, v->name, r, DIR_MAX_RANK);
            else if (v->rank && v->rank != r)
                gen_error_at(g, v->loc, "section of '%s' gives %d dimensions, it has %d", v->name,
                             v->rank, r);
        }
        sb_printf(&b, "%s(%s%s%s, %s);", data_fn, prefix, args, suffix, sec);
        if (named)
            sb_printf(&b, " DVMH_DATA_NAME(%s, \"%s\");", v->name, v->name);
        free(args);
    }
    free(sec);
    return sb_take(&b);
}

void region_standalone(gen *g, attached *at)
{
    const directive *d = at->dir;
    size_t off = at->pragma->start;
    strbuf b = {0};
    switch (d->kind) {
    case DIR_GET_ACTUAL:
    case DIR_ACTUAL: {
        bool get = d->kind == DIR_GET_ACTUAL;
        /* get_actual() with an empty list does nothing (DVM); without a
         * list, everything */
        if (!d->has_list) {
            sb_printf(&b, "dvmh_%s_all(__FILE__, __LINE__);", get ? "get_actual" : "actual");
            break;
        }
        for (int k = 0; k < d->list.count; k++) {
            char *call = var_call(g, get ? "dvmh_get_actual_array" : "dvmh_actual_array",
                                  get ? "dvmh_get_actual_data" : "dvmh_actual_data",
                                  "__FILE__, __LINE__, ", &d->list.items[k], off, "");
            if (call)
                sb_printf(&b, "%s%s", k ? " " : "", call);
            free(call);
        }
        break;
    }
    case DIR_REDISTRIBUTE: {
        dobj *o = gen_lookup_obj(g, d->distr_target, off);
        if (!o) {
            gen_error_at(g, d->loc, "'%s' is not a distributed array or template", d->distr_target);
            break;
        }
        if (d->distr_rank != o->rank && !(o->is_template && o->rank == 0))
            gen_error_at(g, d->loc, "'redistribute' gives %d format%s for '%s', which has %d dimensions",
                         d->distr_rank, d->distr_rank == 1 ? "" : "s", o->name, o->rank);
        char *distr = gen_distr_text(d);
        if (o->is_template && o->rank == 0)
            sb_printf(&b, "dvmh_template_rank_check(__FILE__, __LINE__, %s, %d); ", o->desc,
                      d->distr_rank);
        sb_printf(&b, "dvmh_redistribute(__FILE__, __LINE__, %s, %s);", o->desc, distr);
        free(distr);
        break;
    }
    case DIR_REALIGN: {
        dobj *o = gen_lookup_obj(g, d->realign_array, off);
        dobj *t = gen_lookup_obj(g, d->align_target.name, off);
        if (!o || o->is_template) {
            gen_error_at(g, d->loc, "'%s' is not a distributed array", d->realign_array);
            break;
        }
        if (!t) {
            gen_error_at(g, d->align_target.loc, "'%s' is not a distributed array or template",
                         d->align_target.name);
            break;
        }
        if (d->align_rank != o->rank)
            gen_error_at(g, d->loc, "'realign' names %d dimensions for '%s', which has %d",
                         d->align_rank, o->name, o->rank);
        if (d->align_target.rank != t->rank)
            gen_error_at(g, d->align_target.loc, "'%s' has %d dimensions, the alignment gives %d",
                         t->name, t->rank, d->align_target.rank);
        char *rules = gen_rules_text(&d->align_target, d->align_dummy, d->align_rank);
        sb_printf(&b, "dvmh_realign%s(__FILE__, __LINE__, %s, %s, %s);",
                  d->new_value ? "_new_value" : "", o->desc, t->desc, rules);
        free(rules);
        break;
    }
    default:
        break;
    }
    gen_replace_pragma(g, at, &b);
}

/* Whether node n contains (or is) a parallel loop. */
static bool contains_parallel(gen *g, int n)
{
    size_t s = g->a.nodes[n].start, e = g->a.nodes[n].end;
    for (int k = 0; k < g->dir_count; k++) {
        attached *at = &g->dirs[k];
        if (at->dir && at->dir->kind == DIR_PARALLEL && at->node >= 0 &&
            g->a.nodes[at->node].start >= s && g->a.nodes[at->node].start < e)
            return true;
    }
    return false;
}

/* The variables used under a node and whether each may be written: more
 * may be written than nest_uses says (any call may write through what it
 * gets), so that the host's copy is declared actual after a sequential
 * part whenever it may have changed. */
typedef struct seq_use {
    int decl;
    bool write;
    size_t offset;                  /* first reference */
} seq_use;

typedef struct seq_uses {
    seq_use *items;
    int count, cap;
} seq_uses;

static void seq_collect(gen *g, int n, bool write, seq_uses *uses)
{
    node *nd = &g->a.nodes[n];
    if (nd->kind == CXCursor_DeclRefExpr) {
        int decl = ast_referenced(&g->a, n);
        if (decl < 0)
            return;
        for (int k = 0; k < uses->count; k++)
            if (uses->items[k].decl == decl) {
                uses->items[k].write |= write;
                return;
            }
        uses->items = xgrow(uses->items, &uses->cap, uses->count + 1);
        uses->items[uses->count++] = (seq_use){decl, write, nd->start};
        return;
    }
    bool assign_lhs = false;
    if (nd->kind == CXCursor_BinaryOperator || nd->kind == CXCursor_CompoundAssignOperator) {
        enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(nd->cursor);
        assign_lhs = op >= CXBinaryOperator_Assign && op <= CXBinaryOperator_OrAssign;
    }
    bool unary_w = false;
    if (nd->kind == CXCursor_UnaryOperator) {
        enum CXUnaryOperatorKind op = clang_getCursorUnaryOperatorKind(nd->cursor);
        unary_w = op != CXUnaryOperator_Minus && op != CXUnaryOperator_Plus &&
                  op != CXUnaryOperator_LNot && op != CXUnaryOperator_Not;
    }
    int k = 0;
    for (int c = nd->first_child; c >= 0; c = g->a.nodes[c].next_sibling, k++) {
        bool w = (assign_lhs && k == 0) || unary_w || nd->kind == CXCursor_CallExpr ||
                 (write && (nd->kind == CXCursor_ArraySubscriptExpr ? k == 0 : 1));
        seq_collect(g, c, w, uses);
    }
}

/* A sequential part of a region runs on the host with current data: the
 * arrays it uses are actualised before it, those it may write are
 * declared actual on the host after it. */
static void wrap_sequential(gen *g, int stmt, size_t region_start)
{
    seq_uses uses = {0};
    seq_collect(g, stmt, false, &uses);
    strbuf before = {0}, after = {0};
    for (int k = 0; k < uses.count; k++) {
        const seq_use *u = &uses.items[k];
        node *dn = &g->a.nodes[u->decl];
        if (dn->start >= region_start)
            continue; /* declared inside the region */
        dobj *o = gen_find_obj(g, u->decl);
        char *name = ast_spelling(dn);
        if (o && !o->is_template) {
            sb_printf(&before, "dvmh_get_actual_array(__FILE__, __LINE__, %s, NULL); ", o->desc);
            if (u->write)
                sb_printf(&after, " dvmh_actual_array(__FILE__, __LINE__, %s, NULL);", o->desc);
        } else if (!o) {
            /* data of too many dimensions: the region reported it */
            char *args = gen_data_args(dn->cursor, name);
            if (args) {
                sb_printf(&before, "dvmh_get_actual_data(__FILE__, __LINE__, %s, NULL); ", args);
                if (u->write)
                    sb_printf(&after, " dvmh_actual_data(__FILE__, __LINE__, %s, NULL);", args);
                free(args);
            }
        }
        free(name);
    }
    if (before.len) {
        edit *e = edit_begin(&g->e, g->a.nodes[stmt].start, g->a.nodes[stmt].start);
        edit_lit(e, before.s);
    }
    if (after.len) {
        size_t end = ast_stmt_end(&g->a, stmt);
        edit *e = edit_begin(&g->e, end, end);
        edit_lit(e, after.s);
    }
    free(before.s);
    free(after.s);
    free(uses.items);
}

static void sequential_parts(gen *g, int compound, size_t region_start)
{
    for (int c = g->a.nodes[compound].first_child; c >= 0; c = g->a.nodes[c].next_sibling) {
        if (gen_attached(g, c, DIR_HOST_SECTION))
            continue; /* the program's own get_actual and actual */
        if (!contains_parallel(g, c)) {
            wrap_sequential(g, c, region_start);
            continue;
        }
        /* control flow around parallel loops: look inside its blocks */
        for (int cc = g->a.nodes[c].first_child; cc >= 0; cc = g->a.nodes[cc].next_sibling)
            if (g->a.nodes[cc].kind == CXCursor_CompoundStmt && contains_parallel(g, cc) &&
                !gen_attached(g, cc, DIR_PARALLEL))
                sequential_parts(g, cc, region_start);
    }
}

attached *region_enclosing(gen *g, size_t offset)
{
    for (int k = 0; k < g->dir_count; k++) {
        attached *at = &g->dirs[k];
        if (at->dir && at->dir->kind == DIR_REGION && at->node >= 0 &&
            offset >= g->a.nodes[at->node].start && offset < g->a.nodes[at->node].end)
            return at;
    }
    return NULL;
}

void region_host_section(gen *g, attached *at)
{
    size_t start = g->a.nodes[at->node].start;
    if (gen_in_parallel_loop(g, start))
        gen_error_at(g, at->dir->loc, "'host_section' inside a parallel loop is not allowed");
    else if (!region_enclosing(g, start))
        gen_error_at(g, at->dir->loc, "'host_section' outside a region (it marks host code "
                                      "inside a region)");
    else if (contains_parallel(g, at->node))
        gen_error_at(g, at->dir->loc, "a parallel loop inside a 'host_section' is not allowed");
}

/* A return, or a goto to a label outside the construct top (or out of the
 * parallel loop it is in), is refused. */
static void forbid_jumps_in(gen *g, int top, int n, const char *what)
{
    for (int c = g->a.nodes[n].first_child; c >= 0; c = g->a.nodes[c].next_sibling) {
        enum CXCursorKind k = g->a.nodes[c].kind;
        const char *out = k == CXCursor_ReturnStmt ? what : NULL;
        if (k == CXCursor_GotoStmt) {
            size_t to = ast_goto_target(&g->a, c);
            int loop = gen_parallel_loop_at(g, g->a.nodes[c].start);
            if (to < g->a.nodes[top].start || to >= g->a.nodes[top].end)
                out = what;
            else if (gen_parallel_loop_at(g, to) != loop)
                out = loop >= 0 ? "parallel loop" : what;
        }
        if (out)
            gen_error(g, g->a.nodes[c].start, "'%s' out of a %s is not allowed",
                      k == CXCursor_ReturnStmt ? "return" : "goto", out);
        forbid_jumps_in(g, top, c, what);
    }
}

static void forbid_jumps(gen *g, int n, const char *what)
{
    forbid_jumps_in(g, n, n, what);
}

static void add_clause(gen *g, strbuf *b, const dir_var_list *l, const char *intent,
                       size_t offset)
{
    for (int k = 0; k < l->count; k++) {
        char *call = var_call(g, "dvmh_region_array", "dvmh_region_data", "", &l->items[k], offset,
                              intent);
        int decl = ast_lookup(&g->a, l->items[k].name, offset);
        if (call && decl >= 0) {
            CXType t = clang_getCursorType(g->a.nodes[decl].cursor);
            int r;
            CXType el;
            if (gen_find_obj(g, decl) || gen_data_shape(t, &r, &el))
                sb_printf(b, " %s", call);
        }
        free(call);
    }
}

static bool region_lists(const directive *d, const char *name)
{
    const dir_var_list *lists[] = {&d->in, &d->out, &d->inout, &d->local, &d->inlocal};
    for (int l = 0; l < 5; l++)
        for (int k = 0; k < lists[l]->count; k++)
            if (!strcmp(lists[l]->items[k].name, name))
                return true;
    return false;
}

/* What the region uses and its clauses do not list: inout. */
static void region_unlisted(gen *g, const directive *d, int n, strbuf *open)
{
    size_t start = g->a.nodes[n].start, end = g->a.nodes[n].end;
    seq_uses uses = {0};
    seq_collect(g, n, false, &uses);
    for (int k = 0; k < uses.count; k++) {
        const seq_use *u = &uses.items[k];
        node *dn = &g->a.nodes[u->decl];
        if (dn->start >= start && dn->start < end)
            continue;
        char *name = ast_spelling(dn);
        bool seen = region_lists(d, name);
        dobj *o = gen_find_obj(g, u->decl);
        if (!seen && o && !o->is_template) {
            sb_printf(open, " dvmh_region_array(%s, DVMH_INOUT, NULL);", o->desc);
        } else if (!seen && !o && gen_data_fits(g, clang_getCursorType(dn->cursor), name, u->offset)) {
            char *args = gen_data_args(dn->cursor, name);
            if (args)
                sb_printf(open, " dvmh_region_data(%s, DVMH_INOUT, NULL); DVMH_DATA_NAME(%s, \"%s\");",
                          args, name, name);
            free(args);
        }
        free(name);
    }
    free(uses.items);
}

void region_gen(gen *g, attached *at)
{
    const directive *d = at->dir;
    int n = at->node;
    size_t start = g->a.nodes[n].start, end = g->a.nodes[n].end;
    unsigned line, col;
    ast_line_col(&g->a, at->pragma->start, &line, &col);
    strbuf open = {0}, close = {0};
    if (d->kind == DIR_REMOTE_ACCESS) {
        sb_printf(&open, "{ dvmh_remote_begin(__FILE__, %u);", line);
        for (int k = 0; k < d->remote_count; k++) {
            const dir_ref *r = &d->remotes[k];
            dobj *o = gen_lookup_obj(g, r->name, start);
            if (!o || o->is_template) {
                gen_error_at(g, r->loc, "'%s' in 'remote_access' is not a distributed array", r->name);
                continue;
            }
            if (r->rank != o->rank)
                gen_error_at(g, r->loc, "'remote_access' gives %d indexes for '%s', which has %d",
                             r->rank, o->name, o->rank);
            char *rules = gen_rules_text(r, NULL, 0);
            sb_printf(&open, " dvmh_remote_array(%s, %s);", o->desc, rules);
            free(rules);
        }
        sb_add(&open, " ");
        sb_printf(&close, " dvmh_remote_end(__FILE__, %u); }", line);
        forbid_jumps(g, n, "remote_access block");
    } else {
        unsigned flags = d->targets == 0 ? 3 : d->targets;
        sb_printf(&open, "{ dvmh_region_begin(__FILE__, %u, %s%s);", line,
                  flags == 3 ? "DVMH_TARGET_ALL" : flags == 1 ? "DVMH_TARGET_HOST" : "DVMH_TARGET_CUDA",
                  d->async ? " | DVMH_ASYNC" : "");
        add_clause(g, &open, &d->in, ", DVMH_IN", start);
        add_clause(g, &open, &d->out, ", DVMH_OUT", start);
        add_clause(g, &open, &d->inout, ", DVMH_INOUT", start);
        add_clause(g, &open, &d->local, ", DVMH_LOCAL", start);
        add_clause(g, &open, &d->inlocal, ", DVMH_INLOCAL", start);
        region_unlisted(g, d, n, &open);
        sb_add(&open, " ");
        sb_printf(&close, " dvmh_region_end(__FILE__, %u); }", line);
        forbid_jumps(g, n, "region");
        sequential_parts(g, n, start);
    }
    edit *e = edit_begin(&g->e, start, start);
    edit_lit(e, open.s);
    e = edit_begin(&g->e, end, end);
    edit_lit(e, close.s);
    free(open.s);
    free(close.s);
}
