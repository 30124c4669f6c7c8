/* check_scalar.c: check mode's scalar checks of a parallel loop (issue
 * 16), made in the body of its host handler:
 * - a private variable read before the iteration wrote it: a flag per
 *   private variable, cleared at the start of every iteration, set by
 *   every assignment, increment or address taken (an address taken counts
 *   as a write: what is done through it is not followed), checked by every
 *   read. One flag stands for the whole variable (an array, a structure):
 *   a read of it before any part of it was written is reported.
 * - a reduction variable (or its location variable) used other than in an
 *   update of its reduction (check_update.c): each such use reports when
 *   it is executed.
 * Reports name file:line, the variable and the iteration's loop indices
 * (lib/check_scalar.c). */
#include "alloc.h"
#include "check_scalar.h"

#include <stdlib.h>
#include <string.h>

/* How an occurrence of a variable is used. */
enum { USE_READ, USE_WRITE, USE_RW, USE_ADDR };

static node *nd(chk *c, int n)
{
    return &c->g->a.nodes[n];
}

/* The variable occurrence n (a DeclRefExpr) refers to, or -1. */
int chk_var_of(chk *c, int n)
{
    if (nd(c, n)->kind != CXCursor_DeclRefExpr)
        return -1;
    int decl = ast_referenced(&c->g->a, n);
    if (decl < 0)
        return -1;
    for (int k = 0; k < c->nvars; k++)
        if (c->vars[k].decl == decl)
            return k;
    return -1;
}

static bool chk_is_loop_var(const loop_plan *p, const char *name)
{
    for (int k = 0; k < p->rank; k++)
        if (!strcmp(p->dims[k].var, name))
            return true;
    return false;
}

static void chk_add(chk *c, int decl, const char *name, int red, bool loc)
{
    if (decl < 0 || chk_is_loop_var(c->p, name))
        return;
    const node *dn = nd(c, decl);
    if (dn->start >= c->p->loop_start && dn->start < c->p->loop_end)
        return; /* declared in the loop: the body's own */
    for (int k = 0; k < c->nvars; k++)
        if (c->vars[k].decl == decl)
            return;
    c->vars = xgrow(c->vars, &c->cap, c->nvars + 1);
    chk_var *v = &c->vars[c->nvars++];
    *v = (chk_var){.decl = decl, .name = xstrdup(name), .red = red, .loc = loc};
}

static void chk_collect(chk *c)
{
    const directive *d = c->p->dir;
    for (int k = 0; k < d->privates.count; k++) {
        const char *name = d->privates.items[k].name;
        int decl = ast_lookup(&c->g->a, name, c->p->body_start + 1);
        if (decl < 0)
            decl = ast_lookup(&c->g->a, name, c->p->loop_start);
        chk_add(c, decl, name, -1, false);
    }
    for (int k = 0; k < d->reduction_count; k++) {
        const dir_reduction *r = &d->reductions[k];
        chk_add(c, ast_lookup(&c->g->a, r->var, c->p->loop_start), r->var, k, false);
        if (r->loc_var)
            chk_add(c, ast_lookup(&c->g->a, r->loc_var, c->p->loop_start), r->loc_var, k, true);
    }
}

/* A private variable that occurs inside a macro's expansion is not
 * checked: its uses there cannot be instrumented one by one. */
static void chk_macro_privates(chk *c, int n)
{
    int v = chk_var_of(c, n);
    if (v >= 0 && c->vars[v].red < 0 && nd(c, n)->from_macro)
        c->vars[v].skip = true;
    for (int ch = nd(c, n)->first_child; ch >= 0; ch = nd(c, ch)->next_sibling)
        chk_macro_privates(c, ch);
}

/* ", FILE, LINE, "var", "i, j", 2, (dvmh_idx[]){i, j})" for a report. */
static char *chk_report_args(chk *c, size_t offset, const char *var)
{
    unsigned line, col;
    ast_line_col(&c->g->a, offset, &line, &col);
    strbuf names = {0}, vals = {0};
    for (int k = 0; k < c->p->rank; k++) {
        sb_printf(&names, "%s%s", k ? ", " : "", c->p->dims[k].var);
        sb_printf(&vals, "%s(dvmh_idx)%s", k ? ", " : "", c->p->dims[k].var);
    }
    char *s = str_printf("\"%s\", %u, \"%s\", \"%s\", %d, (dvmh_idx[]){%s})", c->g->file, line, var,
                         names.s, c->p->rank, vals.s);
    free(names.s);
    free(vals.s);
    return s;
}

/* ---- private variables ---- */

/* n below parentheses and implicit conversions (an array's decay). */
static int chk_down(chk *c, int n)
{
    while ((nd(c, n)->kind == CXCursor_ParenExpr || nd(c, n)->kind == CXCursor_UnexposedExpr) &&
           nd(c, n)->first_child >= 0 && nd(c, nd(c, n)->first_child)->next_sibling < 0)
        n = nd(c, n)->first_child;
    return n;
}

/* Whether n, below parentheses and implicit conversions, is a pointer. */
static bool chk_pointer_typed(chk *c, int n)
{
    n = chk_down(c, n);
    return clang_getCanonicalType(clang_getCursorType(nd(c, n)->cursor)).kind == CXType_Pointer;
}

/* Where the variable an lvalue names is a checked private, its index
 * (through parentheses, '.' and subscripts of an array). */
static int chk_lvalue_private(chk *c, int n)
{
    for (;;) {
        node *x = nd(c, n);
        if (x->kind == CXCursor_DeclRefExpr) {
            int v = chk_var_of(c, n);
            return v >= 0 && c->vars[v].red < 0 && !c->vars[v].skip ? v : -1;
        }
        if (x->kind == CXCursor_ParenExpr || x->kind == CXCursor_UnexposedExpr ||
            x->kind == CXCursor_ArraySubscriptExpr) {
            if (x->first_child < 0)
                return -1;
            n = x->first_child;
            if (x->kind == CXCursor_ArraySubscriptExpr && chk_pointer_typed(c, n))
                return -1; /* p[k] does not write the pointer */
            continue;
        }
        if (x->kind == CXCursor_MemberRefExpr) {
            int base = x->first_child;
            if (base < 0 || chk_pointer_typed(c, base))
                return -1; /* p->m */
            n = base;
            continue;
        }
        return -1;
    }
}

bool chk_value_unused(chk *c, int n)
{
    int par = nd(c, n)->parent;
    if (par < 0)
        return false;
    enum CXCursorKind pk = nd(c, par)->kind;
    if (pk == CXCursor_CompoundStmt || pk == CXCursor_LabelStmt || pk == CXCursor_CaseStmt ||
        pk == CXCursor_DefaultStmt)
        return true;
    if (pk == CXCursor_IfStmt || pk == CXCursor_WhileStmt || pk == CXCursor_SwitchStmt)
        return nd(c, par)->first_child != n;
    if (pk == CXCursor_DoStmt)
        return nd(c, par)->first_child == n;
    if (pk == CXCursor_ForStmt) {
        if (ast_last_child(&c->g->a, par) == n)
            return true; /* the body */
        const char *t = c->g->a.text;
        size_t b = nd(c, n)->start;
        while (b > 0 && (t[b - 1] == ' ' || t[b - 1] == '\t' || t[b - 1] == '\n'))
            b--;
        size_t e = ast_skip_blanks(&c->g->a, nd(c, n)->end);
        return (b > 0 && t[b - 1] == '(') || t[e] == ')';
    }
    return false;
}

/* A write of private v by assignment n: its flag is set once the value
 * is computed (a read of v in it is checked first). */
static void chk_assign(chk *c, int n, int v)
{
    int lhs = nd(c, n)->first_child;
    int rhs = lhs >= 0 ? nd(c, lhs)->next_sibling : -1;
    if (rhs < 0 || nd(c, n)->from_macro)
        return;
    char *set = str_printf("dvmh_cw%d = 1", v);
    if (chk_value_unused(c, n)) {
        char *suffix = str_printf(", %s)", set);
        edit_wrap(&c->g->e, nd(c, n)->start, nd(c, n)->end, "(", suffix);
        free(suffix);
    } else {
        char *suffix = str_printf("); %s; dvmh_cv; })", set);
        edit_wrap(&c->g->e, nd(c, rhs)->start, nd(c, rhs)->end, "({ __auto_type dvmh_cv = (",
                  suffix);
        free(suffix);
    }
    free(set);
}

/* Whether a part of the variable that n names, an array (a row of it, an
 * array member), is used as a pointer (passed to a function, assigned to
 * a pointer): its elements may be written through it. */
static bool chk_array_escapes(chk *c, int n)
{
    int cur = n;
    for (;;) {
        int par = nd(c, cur)->parent;
        while (par >= 0 &&
               (nd(c, par)->kind == CXCursor_ParenExpr || nd(c, par)->kind == CXCursor_UnexposedExpr))
            par = nd(c, par)->parent;
        if (par < 0 || (nd(c, par)->kind != CXCursor_ArraySubscriptExpr &&
                        nd(c, par)->kind != CXCursor_MemberRefExpr))
            break;
        int base = nd(c, par)->first_child;
        if (base < 0 || chk_pointer_typed(c, base) || chk_down(c, base) != cur)
            break; /* an index, or through a pointer */
        cur = par;
    }
    CXType t = clang_getCanonicalType(clang_getCursorType(nd(c, cur)->cursor));
    return t.kind == CXType_ConstantArray || t.kind == CXType_IncompleteArray ||
           t.kind == CXType_VariableArray;
}

static void chk_private_use(chk *c, int n, int v, int use)
{
    const chk_var *var = &c->vars[v];
    if (use == USE_WRITE)
        return; /* the assignment sets the flag (chk_assign) */
    if (use == USE_READ && chk_array_escapes(c, n))
        use = USE_ADDR;
    char *check = NULL;
    if (use == USE_READ || use == USE_RW) {
        char *args = chk_report_args(c, nd(c, n)->start, var->name);
        check = str_printf("(void)(dvmh_cw%d || (dvmh_check_private_read(%s, 0)), ", v, args);
        free(args);
    }
    char *set = use == USE_READ ? xstrdup("") : str_printf("dvmh_cw%d = 1, ", v);
    char *prefix = str_printf("(*(%s%s&", check ? check : "", set);
    edit_wrap(&c->g->e, nd(c, n)->start, nd(c, n)->end, prefix, "))");
    free(prefix);
    free(set);
    free(check);
}

/* ---- reduction variables ---- */

/* The statement holding n that a call can be put before: one in a
 * compound statement (*braced false), or the branch of an 'if' or the body
 * of a loop, which braces then enclose (*braced true); -1: the body. */
static int chk_stmt_of(chk *c, int n, bool *braced)
{
    for (; n >= 0 && n != c->p->body; n = nd(c, n)->parent) {
        int par = nd(c, n)->parent;
        if (par < 0 || nd(c, n)->from_macro)
            continue;
        enum CXCursorKind pk = nd(c, par)->kind;
        int first = nd(c, par)->first_child, last = ast_last_child(&c->g->a, par);
        *braced = (pk == CXCursor_IfStmt && n != first) ||
                  ((pk == CXCursor_WhileStmt || pk == CXCursor_ForStmt) && n == last) ||
                  (pk == CXCursor_DoStmt && n == first);
        if (pk == CXCursor_CompoundStmt || *braced)
            return n;
    }
    return -1;
}

/* A use of reduction (or location) variable v outside its update: a
 * report when it runs. One inside a macro's expansion reports before the
 * statement that holds it runs. */
static void chk_misuse(chk *c, int n, int v)
{
    const dir_reduction *r = &c->p->dir->reductions[c->vars[v].red];
    char *what = c->vars[v].loc ? str_printf("%s (location of %s)", c->vars[v].name, r->var)
                                : xstrdup(c->vars[v].name);
    char *args = chk_report_args(c, nd(c, n)->start, what);
    char *call = str_printf("dvmh_check_reduction_use(%s", args);
    if (!nd(c, n)->from_macro) {
        char *prefix = str_printf("(*(%s, &", call);
        edit_wrap(&c->g->e, nd(c, n)->start, nd(c, n)->end, prefix, "))");
        free(prefix);
    } else {
        bool braced = false;
        int st = chk_stmt_of(c, n, &braced);
        if (st < 0) {
            sb_printf(&c->pre, "%s; ", call);
        } else if (braced) {
            char *prefix = str_printf("{ %s; ", call);
            edit_wrap(&c->g->e, nd(c, st)->start, ast_stmt_end(&c->g->a, st), prefix, " }");
            free(prefix);
        } else {
            edit *e = edit_begin(&c->g->e, nd(c, st)->start, nd(c, st)->start);
            edit_litf(e, "%s; ", call);
        }
    }
    free(call);
    free(args);
    free(what);
}

/* ---- the walk over the body ---- */


static void chk_walk(chk *c, int n, int use);

static void chk_walk_children(chk *c, int n, int use)
{
    for (int ch = nd(c, n)->first_child; ch >= 0; ch = nd(c, ch)->next_sibling)
        chk_walk(c, ch, use);
}

static void chk_walk_binary(chk *c, int n)
{
    enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(nd(c, n)->cursor);
    int lhs = nd(c, n)->first_child;
    int rhs = lhs >= 0 ? nd(c, lhs)->next_sibling : -1;
    if (rhs < 0 || op < CXBinaryOperator_Assign || op > CXBinaryOperator_OrAssign) {
        chk_walk_children(c, n, USE_READ);
        return;
    }
    chk_walk(c, lhs, op == CXBinaryOperator_Assign ? USE_WRITE : USE_RW);
    chk_walk(c, rhs, USE_READ);
    int v = op == CXBinaryOperator_Assign ? chk_lvalue_private(c, lhs) : -1;
    if (v >= 0)
        chk_assign(c, n, v);
}

static void chk_walk(chk *c, int n, int use)
{
    node *x = nd(c, n);
    switch (x->kind) {
    case CXCursor_DeclRefExpr: {
        int v = chk_var_of(c, n);
        if (v >= 0 && c->vars[v].red >= 0 && !c->accepted[n])
            chk_misuse(c, n, v);
        else if (v >= 0 && c->vars[v].red < 0 && !c->vars[v].skip)
            chk_private_use(c, n, v, use);
        return;
    }
    case CXCursor_UnaryExpr: /* sizeof, alignof: not evaluated */
        return;
    case CXCursor_BinaryOperator:
    case CXCursor_CompoundAssignOperator:
        chk_walk_binary(c, n);
        return;
    case CXCursor_UnaryOperator: {
        enum CXUnaryOperatorKind op = clang_getCursorUnaryOperatorKind(x->cursor);
        bool inc = op == CXUnaryOperator_PostInc || op == CXUnaryOperator_PostDec ||
                   op == CXUnaryOperator_PreInc || op == CXUnaryOperator_PreDec;
        chk_walk_children(c, n, inc ? USE_RW : op == CXUnaryOperator_AddrOf ? USE_ADDR : USE_READ);
        return;
    }
    case CXCursor_ArraySubscriptExpr:
    case CXCursor_MemberRefExpr: {
        int base = x->first_child;
        for (int ch = base; ch >= 0; ch = nd(c, ch)->next_sibling)
            chk_walk(c, ch, ch == base && !chk_pointer_typed(c, ch) ? use : USE_READ);
        return;
    }
    case CXCursor_ParenExpr:
    case CXCursor_UnexposedExpr:
        chk_walk_children(c, n, use);
        return;
    default:
        chk_walk_children(c, n, USE_READ);
        return;
    }
}

/* ---- the loop ---- */

/* The flags, cleared at the start of every iteration: after the body's
 * '{', or around a body that is one statement. */
static void chk_iteration(chk *c)
{
    strbuf decl = {0};
    for (int k = 0; k < c->nvars; k++)
        if (c->vars[k].red < 0 && !c->vars[k].skip)
            sb_printf(&decl, "unsigned char dvmh_cw%d = 0; ", k);
    sb_add(&decl, c->pre.len ? c->pre.s : "");
    if (nd(c, c->p->body)->kind == CXCursor_CompoundStmt) {
        if (decl.len) {
            edit *e = edit_begin(&c->g->e, c->p->body_start + 1, c->p->body_start + 1);
            edit_lit(e, decl.s);
        }
    } else if (decl.len) {
        char *prefix = str_printf("{ %s", decl.s);
        edit_wrap(&c->g->e, c->p->body_start, c->p->body_end, prefix, " }");
        free(prefix);
    }
    free(decl.s);
}

void check_scalar_loop(gen *g, const loop_plan *p)
{
    chk c = {.g = g, .p = p};
    chk_collect(&c);
    if (c.nvars) {
        c.accepted = xcalloc((size_t)g->a.count, sizeof(bool));
        chk_macro_privates(&c, p->body);
        chk_updates(&c, p->body);
        chk_walk(&c, p->body, USE_READ);
        chk_iteration(&c);
    }
    for (int k = 0; k < c.nvars; k++)
        free(c.vars[k].name);
    free(c.vars);
    free(c.accepted);
    free(c.pre.s);
}
