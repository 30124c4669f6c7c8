/* interval.c: performance intervals. An `interval` closed by an
 * `endinterval` later in the same block (matched innermost first, as
 * brackets) covers the statements between them; one without covers the
 * statement after it, directives of that statement included.
 * `exitinterval` closes open intervals before a jump that leaves them.
 * Intervals must nest, stay out of regions and parallel loops, and a jump
 * may leave one only after an `exitinterval` that closes it. */
#include "alloc.h"
#include "gen.h"
#include "interval.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

typedef struct ivl {
    attached *at;
    attached *end_at;               /* paired: its endinterval; NULL: statement form */
    int block;                      /* the compound statement it stands in, -1: none */
    size_t start, end;              /* the text it covers */
    unsigned line;
    bool bad;                       /* reported: no edits */
} ivl;

typedef struct ivl_set {
    ivl *items;
    int count, cap;
} ivl_set;

/* The innermost node whose extent holds offset strictly inside, -1: none. */
static int container(gen *g, size_t offset)
{
    int best = -1;
    for (int n = 0; n < g->a.count; n++) {
        const node *nd = &g->a.nodes[n];
        if (nd->start < offset && offset < nd->end &&
            (best < 0 || nd->end - nd->start <= g->a.nodes[best].end - g->a.nodes[best].start))
            best = n;
    }
    return best;
}

/* The block a directive stands in (a label before it stays in its block). */
static int block_of(gen *g, size_t offset)
{
    int c = container(g, offset);
    while (c >= 0 && (g->a.nodes[c].kind == CXCursor_LabelStmt ||
                      g->a.nodes[c].kind == CXCursor_CaseStmt ||
                      g->a.nodes[c].kind == CXCursor_DefaultStmt))
        c = g->a.nodes[c].parent;
    return c >= 0 && g->a.nodes[c].kind == CXCursor_CompoundStmt ? c : -1;
}

static bool in_region(gen *g, size_t offset)
{
    for (int k = 0; k < g->dir_count; k++) {
        attached *at = &g->dirs[k];
        if (at->dir && (at->dir->kind == DIR_REGION || at->dir->kind == DIR_TASK_REGION) &&
            at->node >= 0 && g->a.nodes[at->node].start <= offset && offset < g->a.nodes[at->node].end)
            return true;
    }
    return false;
}

/* An interval's number for comparisons: no blanks, no enclosing parentheses. */
static char *id_key(const char *id)
{
    strbuf b = {0};
    for (const char *c = id ? id : "0"; *c; c++)
        if (!isspace((unsigned char)*c))
            sb_addn(&b, c, 1);
    char *s = b.s ? sb_take(&b) : xstrdup("");
    for (;;) {
        size_t n = strlen(s);
        if (n < 2 || s[0] != '(' || s[n - 1] != ')')
            return s;
        int depth = 0;
        bool whole = true;
        for (size_t k = 0; k < n && whole; k++) {
            depth += s[k] == '(' ? 1 : s[k] == ')' ? -1 : 0;
            whole = !(depth == 0 && k + 1 < n);
        }
        if (!whole)
            return s;
        memmove(s, s + 1, n - 2);
        s[n - 2] = 0;
    }
}

static const char *id_text(const ivl *v)
{
    return v->at->dir->interval_id ? v->at->dir->interval_id : "0";
}

/* endinterval: the latest interval of its block still open. */
static void pair_ends(gen *g, ivl_set *s)
{
    for (int k = 0; k < g->dir_count; k++) {
        attached *at = &g->dirs[k];
        if (!at->dir || at->dir->kind != DIR_ENDINTERVAL)
            continue;
        if (in_region(g, at->pragma->start) || gen_in_parallel_loop(g, at->pragma->start))
            continue; /* reported */
        int block = block_of(g, at->pragma->start);
        ivl *open = NULL;
        for (int v = s->count - 1; v >= 0 && !open; v--)
            if (s->items[v].at->pragma->start < at->pragma->start && !s->items[v].end_at &&
                s->items[v].block == block && block >= 0)
                open = &s->items[v];
        if (!open) {
            gen_error_at(g, at->dir->loc, "'endinterval' without an open 'interval' in the same block");
            continue;
        }
        open->end_at = at;
        open->end = at->pragma->end;
    }
}

/* The statement form: the statement after the directive (and after the
 * directives of that statement). */
static void find_statement(gen *g, ivl *v)
{
    size_t after = v->at->pragma->end;
    int c = container(g, v->at->pragma->start);
    int stmt = -1;
    for (int n = c >= 0 ? g->a.nodes[c].first_child : -1; n >= 0 && stmt < 0; n = g->a.nodes[n].next_sibling)
        if (g->a.nodes[n].start >= after)
            stmt = n;
    if (stmt < 0 || g->a.nodes[stmt].kind == CXCursor_DeclStmt ||
        clang_isDeclaration(g->a.nodes[stmt].kind)) {
        gen_error_at(g, v->at->dir->loc, "'interval' must be followed by a statement, or closed "
                                         "by 'endinterval' in the same block");
        v->bad = true;
        return;
    }
    v->end = ast_stmt_end(&g->a, stmt);
}

/* Intervals nest: one that starts inside another ends inside it. */
static void check_nesting(gen *g, ivl_set *s)
{
    for (int a = 0; a < s->count; a++)
        for (int b = a + 1; b < s->count; b++) {
            ivl *x = &s->items[a], *y = &s->items[b];
            if (x->bad || y->bad || y->start >= x->end || y->end <= x->end)
                continue;
            gen_error_at(g, y->at->dir->loc, "this interval ends after the interval opened at line %u, "
                                             "which it starts in: intervals must nest", x->line);
            y->bad = true;
        }
}

/* The intervals open at offset, innermost first; their count. */
static int open_at(ivl_set *s, size_t offset, ivl **out)
{
    int n = 0;
    for (int v = s->count - 1; v >= 0; v--)
        if (!s->items[v].bad && s->items[v].start < offset && offset < s->items[v].end)
            out[n++] = &s->items[v];
    return n;
}

/* exitinterval names the innermost open intervals, innermost first. */
static void check_exit(gen *g, ivl_set *s, attached *at, strbuf *calls)
{
    const directive *d = at->dir;
    ivl **open = xmalloc(sizeof(ivl *) * (size_t)(s->count + 1));
    int n = open_at(s, at->pragma->start, open);
    if (d->exit_id_count > n) {
        gen_error_at(g, d->loc, "'exitinterval' names %d interval%s but %d %s open here",
                     d->exit_id_count, d->exit_id_count == 1 ? "" : "s", n, n == 1 ? "is" : "are");
        free(open);
        return;
    }
    for (int k = 0; k < d->exit_id_count; k++) {
        char *want = id_key(d->exit_ids[k]), *have = id_key(id_text(open[k]));
        if (strcmp(want, have))
            gen_error_at(g, d->exit_id_locs[k], "'exitinterval' names interval %s, but the %s open "
                         "interval here is %s (line %u)", d->exit_ids[k], k ? "next" : "innermost",
                         id_text(open[k]), open[k]->line);
        else
            sb_printf(calls, "%sdvmh_interval_end(__FILE__, %u);", k ? " " : "", open[k]->line);
        free(want);
        free(have);
    }
    free(open);
}

/* The target of a jump, as a range of text that holds it; false: return. */
static bool jump_target(gen *g, int j, size_t *ts, size_t *te)
{
    enum CXCursorKind k = g->a.nodes[j].kind;
    if (k == CXCursor_ReturnStmt)
        return false;
    if (k == CXCursor_GotoStmt) {
        *ts = *te = ast_goto_target(&g->a, j);
        return true;
    }
    for (int p = g->a.nodes[j].parent; p >= 0; p = g->a.nodes[p].parent) {
        enum CXCursorKind pk = g->a.nodes[p].kind;
        if (pk == CXCursor_ForStmt || pk == CXCursor_WhileStmt || pk == CXCursor_DoStmt ||
            (pk == CXCursor_SwitchStmt && k == CXCursor_BreakStmt)) {
            *ts = g->a.nodes[p].start;
            *te = g->a.nodes[p].end;
            return true;
        }
    }
    *ts = *te = 0;
    return true;
}

/* A jump that leaves intervals comes after an exitinterval of its block
 * that closes exactly those. */
static void check_jumps(gen *g, ivl_set *s)
{
    static const char *names[] = {"return", "goto", "break", "continue"};
    ivl **open = xmalloc(sizeof(ivl *) * (size_t)(s->count + 1));
    for (int j = 0; j < g->a.count; j++) {
        enum CXCursorKind k = g->a.nodes[j].kind;
        int which = k == CXCursor_ReturnStmt ? 0 : k == CXCursor_GotoStmt ? 1
                    : k == CXCursor_BreakStmt ? 2 : k == CXCursor_ContinueStmt ? 3 : -1;
        if (which < 0)
            continue;
        size_t at = g->a.nodes[j].start, ts = 0, te = 0;
        bool has_target = jump_target(g, j, &ts, &te);
        int n = open_at(s, at, open), left = 0;
        for (int v = 0; v < n; v++)
            if (!has_target || !(open[v]->start <= ts && te <= open[v]->end))
                left++;
        if (!left)
            continue;
        int blk = ast_ancestor(&g->a, j, CXCursor_CompoundStmt);
        attached *exit = NULL;
        for (int e = 0; e < g->dir_count; e++) {
            attached *x = &g->dirs[e];
            if (x->dir && x->dir->kind == DIR_EXITINTERVAL && x->pragma->start < at &&
                block_of(g, x->pragma->start) == blk)
                exit = x;
        }
        if (!exit)
            gen_error(g, at, "'%s' leaves the interval opened at line %u: close it first with "
                      "'exitinterval' and its number", names[which], open[0]->line);
        else if (exit->dir->exit_id_count != left)
            gen_error_at(g, exit->dir->loc, "'exitinterval' closes %d interval%s but the '%s' after it "
                         "leaves %d", exit->dir->exit_id_count, exit->dir->exit_id_count == 1 ? "" : "s",
                         names[which], left);
    }
    free(open);
}

static void replace_pragma(gen *g, const attached *at, const char *text)
{
    strbuf b = {0};
    sb_add(&b, text);
    gen_replace_pragma(g, at, &b);
}

static void emit(gen *g, ivl_set *s)
{
    /* innermost first, so that the ends of statements that end together
     * come out in order */
    for (int v = s->count - 1; v >= 0; v--) {
        ivl *x = &s->items[v];
        if (x->bad)
            continue;
        char *begin = str_printf("%sdvmh_interval_begin(__FILE__, %u, %s);%s", x->end_at ? "" : "{ ",
                                 x->line, id_text(x), x->end_at ? "" : " ");
        replace_pragma(g, x->at, begin);
        free(begin);
        char *end = str_printf("%sdvmh_interval_end(__FILE__, %u);%s", x->end_at ? "" : " ", x->line,
                               x->end_at ? "" : " }");
        if (x->end_at) {
            replace_pragma(g, x->end_at, end);
        } else {
            edit *e = edit_begin(&g->e, x->end, x->end);
            edit_lit(e, end);
        }
        free(end);
    }
}

void interval_gen(gen *g)
{
    ivl_set s = {0};
    for (int k = 0; k < g->dir_count; k++) {
        attached *at = &g->dirs[k];
        if (!at->dir || (at->dir->kind != DIR_INTERVAL && at->dir->kind != DIR_ENDINTERVAL &&
                         at->dir->kind != DIR_EXITINTERVAL))
            continue;
        if (in_region(g, at->pragma->start) || gen_in_parallel_loop(g, at->pragma->start)) {
            gen_error_at(g, at->dir->loc, "'%s' is not allowed inside a region or a parallel loop",
                         dir_kind_name(at->dir->kind));
            continue;
        }
        if (at->dir->kind != DIR_INTERVAL)
            continue;
        s.items = xgrow(s.items, &s.cap, s.count + 1);
        ivl *v = &s.items[s.count++];
        *v = (ivl){.at = at, .block = block_of(g, at->pragma->start), .start = at->pragma->start};
        unsigned col;
        ast_line_col(&g->a, at->pragma->start, &v->line, &col);
    }
    pair_ends(g, &s);
    for (int v = 0; v < s.count; v++)
        if (!s.items[v].end_at)
            find_statement(g, &s.items[v]);
    check_nesting(g, &s);
    for (int k = 0; k < g->dir_count; k++) {
        attached *at = &g->dirs[k];
        if (!at->dir || at->dir->kind != DIR_EXITINTERVAL)
            continue;
        strbuf calls = {0};
        check_exit(g, &s, at, &calls);
        replace_pragma(g, at, calls.s ? calls.s : "");
        free(calls.s);
    }
    check_jumps(g, &s);
    emit(g, &s);
    free(s.items);
}
