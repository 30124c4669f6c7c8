/* task.c: multi-block subtasks in generated code: 'task' declares a task
 * array, 'map' and 'task_link' describe its subtasks, 'task_region' opens
 * and closes its schedule, and a parallel loop on a task array runs each
 * subtask's body on its processor group (docs/generated-code.md). */
#include "gen.h"
#include "nest.h"
#include "reduction.h"
#include "task.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The innermost compound statement holding offset, or -1 (file scope). */
static int enclosing_block(gen *g, size_t offset)
{
    int best = -1;
    for (int n = 0; n < g->a.count; n++) {
        const node *nd = &g->a.nodes[n];
        if (nd->kind != CXCursor_CompoundStmt || offset < nd->start || offset >= nd->end)
            continue;
        if (best < 0 || nd->end - nd->start < g->a.nodes[best].end - g->a.nodes[best].start)
            best = n;
    }
    return best;
}

/* The 'task' directive declaring name that is visible at offset. */
static const attached *task_find(gen *g, const char *name, size_t offset)
{
    const attached *found = NULL;
    for (int k = 0; k < g->dir_count; k++) {
        const attached *at = &g->dirs[k];
        if (!at->dir || at->dir->kind != DIR_TASK || !at->dir->task_name ||
            strcmp(at->dir->task_name, name) || at->pragma->start >= offset)
            continue;
        int block = enclosing_block(g, at->pragma->start);
        if (block >= 0 && offset >= g->a.nodes[block].end)
            continue;
        found = at;
    }
    return found;
}

bool task_is_loop(gen *g, const attached *at)
{
    const directive *d = at->dir;
    return d && d->kind == DIR_PARALLEL && d->has_on && at->node >= 0 &&
           task_find(g, d->on.name, g->a.nodes[at->node].start) != NULL;
}

/* The text is a whole integer literal: its value in *v. */
static bool literal(const char *text, long *v)
{
    if (!text)
        return false;
    char *end;
    long x = strtol(text, &end, 0);
    while (isspace((unsigned char)*end))
        end++;
    if (end == text || *end)
        return false;
    *v = x;
    return true;
}

static const attached *known_task(gen *g, const attached *at, const char *what)
{
    const directive *d = at->dir;
    const attached *t = task_find(g, d->task_name, at->pragma->start);
    if (!t)
        gen_error_at(g, d->task_loc, "unknown task array '%s' in '%s' (declare it with "
                                     "'#pragma dvm task %s[count]' first)",
                     d->task_name, what, d->task_name);
    return t;
}

static void task_declare(gen *g, attached *at)
{
    const directive *d = at->dir;
    unsigned line, col;
    ast_line_col(&g->a, at->pragma->start, &line, &col);
    strbuf b = {0};
    long count;
    if (literal(d->task_size, &count) && count < 1) {
        gen_error_at(g, d->task_loc, "task array '%s' must have at least one subtask",
                     d->task_name);
        free(b.s);
        return;
    }
    if (enclosing_block(g, at->pragma->start) < 0) {
        sb_printf(&b, "static dvmh_task *dvmh_task_%s;", d->task_name);
        sb_printf(&g->globals,
                  "    dvmh_task_%s = dvmh_task_create(__FILE__, %u, \"%s\", (long)(%s));\n",
                  d->task_name, line, d->task_name, d->task_size);
    } else {
        sb_printf(&b, "dvmh_task *dvmh_task_%s __attribute__((cleanup(dvmh_task_release))) = "
                      "dvmh_task_create(__FILE__, %u, \"%s\", (long)(%s));",
                  d->task_name, line, d->task_name, d->task_size);
    }
    gen_replace_pragma(g, at, &b);
}

static void task_map(gen *g, attached *at)
{
    const directive *d = at->dir;
    strbuf b = {0};
    if (!known_task(g, at, "map")) {
        free(b.s);
        return;
    }
    long lo, hi;
    if (d->onto_first) {
        bool both = literal(d->onto_first, &lo) && literal(d->onto_last, &hi);
        if (both && (lo < 0 || lo > hi))
            gen_error_at(g, d->onto_loc, "onto(%ld : %ld) is not a range of processors "
                                         "(0 <= first <= last)", lo, hi);
        sb_printf(&b, "dvmh_task_onto(__FILE__, __LINE__, dvmh_task_%s, (long)(%s), (long)(%s), "
                      "(long)(%s));",
                  d->task_name, d->task_index, d->onto_first, d->onto_last);
    } else {
        if (d->procs_min && literal(d->procs_min, &lo) && lo < 1)
            gen_error_at(g, d->procs_loc, "procs(%s : %s): a subtask needs at least 1 processor",
                         d->procs_min, d->procs_max);
        else if (d->procs_min && literal(d->procs_min, &lo) && literal(d->procs_max, &hi) && lo > hi)
            gen_error_at(g, d->procs_loc, "procs(%ld : %ld) is an empty range", lo, hi);
        static const char *const models[] = {"DVMH_TIME_LINEAR", "DVMH_TIME_AMDAHL",
                                             "DVMH_TIME_USER"};
        sb_printf(&b, "dvmh_task_map(__FILE__, __LINE__, dvmh_task_%s, (long)(%s), (double)(%s), "
                      "(long)(%s), (long)(%s), %s, %s%s%s, %s);",
                  d->task_name, d->task_index, d->weight ? d->weight : "1",
                  d->procs_min ? d->procs_min : "-1", d->procs_max ? d->procs_max : "-1",
                  models[d->time_model], d->time_model == DIR_TIME_AMDAHL ? "(double)(" : "",
                  d->time_model == DIR_TIME_AMDAHL ? d->time_arg : "0",
                  d->time_model == DIR_TIME_AMDAHL ? ")" : "",
                  d->time_model == DIR_TIME_USER ? d->time_arg : "NULL");
    }
    gen_replace_pragma(g, at, &b);
}

static void task_link_calls(gen *g, attached *at)
{
    const directive *d = at->dir;
    strbuf b = {0};
    if (!known_task(g, at, "task_link")) {
        free(b.s);
        return;
    }
    sb_printf(&b, "dvmh_task_link(__FILE__, __LINE__, dvmh_task_%s, (long)(%s), (long)(%s), "
                  "(double)(%s));",
              d->task_name, d->task_index, d->link_index, d->link_volume);
    gen_replace_pragma(g, at, &b);
}

/* return and goto leave a task region or a subtask's body without its
 * runtime call; so do break and continue not inside a nested loop (or
 * switch, for break). loop: n is the task loop's body, where continue
 * goes on to the next subtask. */
static void forbid_exits(gen *g, int n, const char *what, bool in_loop, bool in_switch,
                         bool continue_ok)
{
    for (int c = g->a.nodes[n].first_child; c >= 0; c = g->a.nodes[c].next_sibling) {
        enum CXCursorKind k = g->a.nodes[c].kind;
        const char *bad = NULL;
        if (k == CXCursor_ReturnStmt)
            bad = "return";
        else if (k == CXCursor_GotoStmt)
            bad = "goto";
        else if (k == CXCursor_BreakStmt && !in_loop && !in_switch)
            bad = "break";
        else if (k == CXCursor_ContinueStmt && !in_loop && !continue_ok)
            bad = "continue";
        if (bad)
            gen_error(g, g->a.nodes[c].start, "'%s' out of a %s is not allowed", bad, what);
        bool loop = k == CXCursor_ForStmt || k == CXCursor_WhileStmt || k == CXCursor_DoStmt;
        forbid_exits(g, c, what, in_loop || loop, in_switch || k == CXCursor_SwitchStmt,
                     continue_ok);
    }
}

static void task_region_calls(gen *g, attached *at)
{
    const directive *d = at->dir;
    if (!known_task(g, at, "task_region"))
        return;
    int n = at->node;
    unsigned line, col;
    ast_line_col(&g->a, g->a.nodes[n].start, &line, &col);
    forbid_exits(g, n, "task_region", false, false, false);
    edit *e = edit_begin(&g->e, g->a.nodes[n].start, g->a.nodes[n].start);
    edit_litf(e, "dvmh_task_region_begin(__FILE__, %u, dvmh_task_%s); ", line, d->task_name);
    e = edit_begin(&g->e, g->a.nodes[n].end, g->a.nodes[n].end);
    edit_litf(e, " dvmh_task_region_end(__FILE__, %u, dvmh_task_%s);", line, d->task_name);
}

/* The task_region of task array name around offset, or NULL. */
static const attached *enclosing_task_region(gen *g, const char *name, size_t offset)
{
    for (int k = 0; k < g->dir_count; k++) {
        const attached *at = &g->dirs[k];
        if (!at->dir || at->dir->kind != DIR_TASK_REGION || at->node < 0 ||
            !at->dir->task_name || strcmp(at->dir->task_name, name))
            continue;
        const node *nd = &g->a.nodes[at->node];
        if (offset >= nd->start && offset < nd->end)
            return at;
    }
    return NULL;
}

static bool loop_clauses_ok(gen *g, const directive *d)
{
    const char *bad = d->shadow_renew.count ? "shadow_renew"
                      : d->across.count ? "across"
                      : d->remote_count ? "remote_access"
                      : d->tie_count ? "tie"
                      : d->cuda_block_rank ? "cuda_block"
                      : d->stage ? "stage"
                                 : NULL;
    if (!bad)
        return true;
    gen_error_at(g, d->loc, "not supported yet: '%s' on a parallel loop over task array '%s'",
                 bad, d->on.name);
    return false;
}

/* Private variables, and reduction variables (each subtask's contribution
 * is combined at the loop's end, not copied like written data). */
static bool is_private(const directive *d, const char *name)
{
    for (int k = 0; k < d->privates.count; k++)
        if (!strcmp(d->privates.items[k].name, name))
            return true;
    for (int k = 0; k < d->reduction_count; k++)
        if (!strcmp(d->reductions[k].var, name) ||
            (d->reductions[k].loc_var && !strcmp(d->reductions[k].loc_var, name)))
            return true;
    return false;
}

/* The ordinary data the body may write, as dvmh_task_loop_data calls;
 * false after an error. */
static bool task_loop_data(gen *g, const directive *d, const loop_dim *ld, int body,
                           size_t loop_start, size_t loop_end, strbuf *calls)
{
    use_list uses = {0};
    nest_uses(g, body, &uses);
    bool ok = true;
    for (int u = 0; u < uses.count; u++) {
        int decl = uses.items[u].decl;
        node *dn = &g->a.nodes[decl];
        if (dn->kind != CXCursor_VarDecl && dn->kind != CXCursor_ParmDecl)
            continue;
        if (dn->start >= loop_start && dn->start < loop_end)
            continue; /* declared in the body: the subtask's own */
        char *name = ast_spelling(dn);
        dobj *o = gen_find_obj(g, decl);
        CXType t = clang_getCursorType(dn->cursor);
        int rank;
        CXType elem;
        if (o) {
            gen_error(g, uses.items[u].offset,
                      "distributed %s '%s' is created outside the subtask: inside a subtask "
                      "only data distributed over its processor group can be used",
                      o->is_template ? "template" : "array", name);
            ok = false;
        } else if (!strcmp(name, ld->var) || is_private(d, name) || !uses.items[u].write) {
            /* read-only data and private variables need nothing */
        } else if (clang_getCanonicalType(t).kind == CXType_Pointer || gen_array_param(dn->cursor)) {
            gen_error(g, uses.items[u].offset,
                      "not supported yet: heap data written through pointer '%s' in a subtask "
                      "(use an array)", name);
            ok = false;
        } else if (gen_data_shape(t, &rank, &elem)) {
            ok &= gen_data_fits(g, t, name, uses.items[u].offset);
            char *args = gen_data_args(dn->cursor, name);
            sb_printf(calls, "    dvmh_task_loop_data(dvmh_TL, %s);\n", args);
            free(args);
        } else {
            gen_error(g, uses.items[u].offset,
                      "variable '%s' is assigned in a parallel loop over task array '%s' but is "
                      "not private (store a subtask's result in an array element indexed by '%s')",
                      name, d->on.name, ld->var);
            ok = false;
        }
        free(name);
    }
    free(uses.items);
    return ok;
}

static void task_loop(gen *g, attached *at)
{
    const directive *d = at->dir;
    int fornode = at->node;
    size_t loop_start = g->a.nodes[fornode].start;
    if (!enclosing_task_region(g, d->on.name, loop_start)) {
        gen_error_at(g, d->on.loc, "parallel loop on task array '%s' outside a task_region(%s)",
                     d->on.name, d->on.name);
        return;
    }
    if (d->loop_rank != 1 || d->on.rank != 1 || d->on.index[0].kind != DIR_INDEX_LINEAR) {
        gen_error_at(g, d->on.loc, "a parallel loop on task array '%s' has one loop variable "
                                   "and maps it as %s[a*v+b]", d->on.name, d->on.name);
        return;
    }
    if (!loop_clauses_ok(g, d) || !red_check(g, d, loop_start))
        return;
    loop_dim ld;
    memset(&ld, 0, sizeof ld);
    if (!nest_dim(g, d->loop_vars[0], fornode, &ld)) {
        nest_dim_free(&ld);
        return;
    }
    int body = -1;
    for (int c = g->a.nodes[fornode].first_child; c >= 0; c = g->a.nodes[c].next_sibling)
        body = c;
    size_t body_start = g->a.nodes[body].start, body_end = ast_stmt_end(&g->a, body);
    size_t loop_end = ast_stmt_end(&g->a, fornode);
    if (body_end > loop_end)
        loop_end = body_end;
    strbuf data = {0};
    bool ok = task_loop_data(g, d, &ld, body, loop_start, loop_end, &data);
    if (g->a.nodes[body].kind == CXCursor_BreakStmt || g->a.nodes[body].kind == CXCursor_ReturnStmt ||
        g->a.nodes[body].kind == CXCursor_GotoStmt)
        gen_error(g, body_start, "a subtask's body cannot leave its loop");
    forbid_exits(g, body, "subtask's body", false, false, true);
    if (ok) {
        unsigned line, col;
        ast_line_col(&g->a, loop_start, &line, &col);
        /* was the variable declared in the for header? */
        int decl = ast_lookup(&g->a, ld.var, body_start);
        bool own_var = decl >= 0 && g->a.nodes[decl].start >= loop_start &&
                       g->a.nodes[decl].start < body_start;
        strbuf c = {0};
        sb_printf(&c, "{\n    dvmh_task_loop *dvmh_TL = dvmh_task_loop_create(__FILE__, %u, "
                      "dvmh_task_%s,\n        (%s), %s, %s, (%s), %s);\n",
                  line, d->on.name, ld.lb, ld.hi, ld.step, d->on.index[0].a, d->on.index[0].b);
        if (data.len)
            sb_add(&c, data.s);
        red_calls(g, d, loop_start, "dvmh_task_loop_reduction(dvmh_TL", &c);
        sb_add(&c, "    dvmh_idx dvmh_it;\n");
        if (own_var)
            sb_printf(&c, "    %s %s;\n", ld.type, ld.var);
        sb_printf(&c, "    while (dvmh_task_loop_next(dvmh_TL, &dvmh_it)) {\n    %s = (%s)dvmh_it;\n",
                  ld.var, ld.type);
        edit *e = edit_begin(&g->e, loop_start, body_start);
        edit_lit(e, c.s);
        free(c.s);
        e = edit_begin(&g->e, body_end, body_end);
        edit_lit(e, "\n    }\n}");
        gen_remark(g, loop_start, "parallel loop over task array '%s': each subtask runs on its "
                                  "processor group", d->on.name);
    }
    free(data.s);
    nest_dim_free(&ld);
}

void task_gen(gen *g, attached *at)
{
    switch (at->dir->kind) {
    case DIR_TASK:
        task_declare(g, at);
        break;
    case DIR_MAP:
        task_map(g, at);
        break;
    case DIR_TASK_LINK:
        task_link_calls(g, at);
        break;
    case DIR_TASK_REGION:
        if (at->node >= 0)
            task_region_calls(g, at);
        break;
    case DIR_PARALLEL:
        task_loop(g, at);
        break;
    default:
        break;
    }
}
