/* nest.c: a loop nest's canonical 'for' headers and the variables it uses. */
#include "alloc.h"
#include "nest.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void nest_use_add(use_list *l, int decl, bool write, size_t offset)
{
    for (int k = 0; k < l->count; k++)
        if (l->items[k].decl == decl) {
            l->items[k].write |= write;
            return;
        }
    l->items = xrealloc(l->items, sizeof(use) * (size_t)(l->count + 1));
    l->items[l->count++] = (use){decl, write, offset};
}

static bool is_pointerish(CXType t)
{
    t = clang_getCanonicalType(t);
    return t.kind == CXType_Pointer || t.kind == CXType_ConstantArray ||
           t.kind == CXType_VariableArray || t.kind == CXType_IncompleteArray;
}

/* Collects the variables referenced under node n, with whether each may
 * be written (assigned, incremented, address taken, passed to a call as a
 * pointer). */
static void nest_collect(gen *g, int n, bool write, use_list *out)
{
    node *nd = &g->a.nodes[n];
    switch (nd->kind) {
    case CXCursor_DeclRefExpr: {
        int decl = ast_referenced(&g->a, n);
        if (decl >= 0)
            nest_use_add(out, decl, write, nd->start);
        return;
    }
    case CXCursor_BinaryOperator:
    case CXCursor_CompoundAssignOperator: {
        enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(nd->cursor);
        bool assign = op >= CXBinaryOperator_Assign && op <= CXBinaryOperator_OrAssign;
        int k = 0;
        for (int c = nd->first_child; c >= 0; c = g->a.nodes[c].next_sibling, k++)
            nest_collect(g, c, assign && k == 0, out);
        return;
    }
    case CXCursor_UnaryOperator: {
        enum CXUnaryOperatorKind op = clang_getCursorUnaryOperatorKind(nd->cursor);
        bool w = op == CXUnaryOperator_PostInc || op == CXUnaryOperator_PostDec ||
                 op == CXUnaryOperator_PreInc || op == CXUnaryOperator_PreDec ||
                 op == CXUnaryOperator_AddrOf || (op == CXUnaryOperator_Deref && write);
        for (int c = nd->first_child; c >= 0; c = g->a.nodes[c].next_sibling)
            nest_collect(g, c, w, out);
        return;
    }
    case CXCursor_ArraySubscriptExpr: {
        int k = 0;
        for (int c = nd->first_child; c >= 0; c = g->a.nodes[c].next_sibling, k++)
            nest_collect(g, c, k == 0 && write, out);
        return;
    }
    case CXCursor_MemberRefExpr:
    case CXCursor_ParenExpr:
    case CXCursor_UnexposedExpr:
    case CXCursor_CStyleCastExpr:
        for (int c = nd->first_child; c >= 0; c = g->a.nodes[c].next_sibling)
            nest_collect(g, c, write, out);
        return;
    case CXCursor_CallExpr: {
        int k = 0;
        for (int c = nd->first_child; c >= 0; c = g->a.nodes[c].next_sibling, k++)
            nest_collect(g, c, k > 0 && is_pointerish(clang_getCursorType(g->a.nodes[c].cursor)), out);
        return;
    }
    default:
        for (int c = nd->first_child; c >= 0; c = g->a.nodes[c].next_sibling)
            nest_collect(g, c, false, out);
        return;
    }
}

/* Tokens of a for header: offsets of 'for', '(', the two ';' and ')'. */
static bool header_parts(gen *g, int fornode, size_t part[4][2])
{
    const char *t = g->a.text;
    size_t k = g->a.nodes[fornode].start + 3;
    k = ast_skip_blanks(&g->a, k);
    if (t[k] != '(')
        return false;
    size_t open = k, semi[2] = {0, 0};
    int depth = 0, ns = 0;
    for (k = open; k < g->a.nodes[fornode].end; k++) {
        char c = t[k];
        if (c == '(')
            depth++;
        else if (c == ')') {
            if (--depth == 0)
                break;
        } else if (c == ';' && depth == 1 && ns < 2) {
            semi[ns++] = k;
        }
    }
    if (ns != 2 || depth != 0)
        return false;
    part[0][0] = open + 1;
    part[0][1] = semi[0];
    part[1][0] = semi[0] + 1;
    part[1][1] = semi[1];
    part[2][0] = semi[1] + 1;
    part[2][1] = k;
    part[3][0] = k + 1;
    part[3][1] = k + 1;
    return true;
}

static char *trim(char *s)
{
    char *b = s;
    while (*b == ' ' || *b == '\t' || *b == '\n')
        b++;
    size_t n = strlen(b);
    while (n && (b[n - 1] == ' ' || b[n - 1] == '\t' || b[n - 1] == '\n'))
        n--;
    char *r = xstrndup(b, n);
    free(s);
    return r;
}

static bool ident_char(char c)
{
    return c == '_' || (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

/* s starts with the identifier v (as a whole word); returns the rest. */
static const char *after_word(const char *s, const char *v)
{
    size_t n = strlen(v);
    while (*s == ' ' || *s == '\t')
        s++;
    if (strncmp(s, v, n) || ident_char(s[n]))
        return NULL;
    s += n;
    while (*s == ' ' || *s == '\t')
        s++;
    return s;
}

/* Whether e, an operand of + or - in the increment v = v + e, v = v - e
 * or v = e + v, binds as a whole there: no top-level operator below
 * the multiplicative ones, nor (minus: 'additive') a top-level + or -. */
static bool step_operand(const char *e, bool additive)
{
    int depth = 0;
    bool any = false;
    for (const char *c = e; *c; c++) {
        if (*c == '(' || *c == '[')
            depth++;
        else if (*c == ')' || *c == ']')
            depth--;
        else if (depth == 0 && strchr("<>=!&|^?:,", *c))
            return false;
        else if (depth == 0 && additive && (*c == '+' || *c == '-') && any)
            return false;
        if (depth < 0)
            return false;
        any |= *c != ' ' && *c != '\t';
    }
    return any && depth == 0;
}

/* The header's bounds and step are evaluated by every process as text
 * copied into the loop's creation: an element of a distributed array
 * there would be read where the process may not hold it. */
static bool header_reads_distributed(gen *g, int fornode, const size_t part[4][2])
{
    /* the nodes are in preorder: the header's follow the statement */
    for (int n = fornode; n < g->a.count && g->a.nodes[n].start < part[2][1]; n++) {
        const node *nd = &g->a.nodes[n];
        if (nd->kind != CXCursor_DeclRefExpr)
            continue;
        for (int k = 0; k < 3; k++)
            if (nd->start >= part[k][0] && nd->start < part[k][1]) {
                dobj *o = gen_find_obj(g, ast_referenced(&g->a, n));
                if (o && !o->is_template) {
                    gen_error(g, nd->start,
                              "not supported yet: distributed array '%s' in the header of a "
                              "parallel loop (read the value into a variable before the loop)",
                              o->name);
                    return true;
                }
            }
    }
    return false;
}

/* The header's expression (init, condition or increment) lying in
 * [s, e): the child of the 'for' statement there, or -1 (a header from a
 * macro, whose nodes have no place of their own in the file). */
static int header_node(gen *g, int fornode, size_t s, size_t e)
{
    for (int c = g->a.nodes[fornode].first_child; c >= 0; c = g->a.nodes[c].next_sibling) {
        const node *nd = &g->a.nodes[c];
        /* a declaration's extent takes in its ';' */
        if (!nd->from_macro && nd->start >= s && nd->end <= e + 1 && nd->end > nd->start)
            return c;
    }
    return -1;
}

static int strip_implicit(const gen *g, int n)
{
    while (n >= 0 && g->a.nodes[n].kind == CXCursor_UnexposedExpr &&
           ast_child_count(&g->a, n) == 1)
        n = g->a.nodes[n].first_child;
    return n;
}

/* The offset of a reference to declaration decl inside node n (n itself
 * included) other than the node skip, or 0. */
static size_t uses_decl(gen *g, int n, int decl, int skip)
{
    if (n < 0 || decl < 0)
        return 0;
    const node *top = &g->a.nodes[n];
    for (int k = n; k < g->a.count && (k == n || g->a.nodes[k].start < top->end); k++) {
        if (k != n && ast_child_towards(&g->a, n, k) < 0)
            break;
        if (k != skip && g->a.nodes[k].kind == CXCursor_DeclRefExpr && ast_referenced(&g->a, k) == decl)
            return g->a.nodes[k].start;
    }
    return 0;
}

/* What the text-level reading of the header cannot see: the condition's
 * top operator must be the comparison of the variable itself (not 'i < N
 * && i < k', 'i < N == 1', '(i < N) > 2'), and neither the bound, the
 * initial value nor the step may use the variable ('i < N - i'). */
static bool header_ast_canonical(gen *g, const char *v, int fornode, const size_t part[4][2])
{
    int cond = header_node(g, fornode, part[1][0], part[1][1]);
    if (cond < 0)
        return true;
    const node *c = &g->a.nodes[cond];
    int lhs = -1, decl = -1;
    if (c->kind == CXCursor_BinaryOperator) {
        enum CXBinaryOperatorKind k = clang_getCursorBinaryOperatorKind(c->cursor);
        if (k == CXBinaryOperator_LT || k == CXBinaryOperator_GT || k == CXBinaryOperator_LE ||
            k == CXBinaryOperator_GE) {
            lhs = strip_implicit(g, c->first_child);
            if (lhs >= 0 && g->a.nodes[lhs].kind == CXCursor_DeclRefExpr)
                decl = ast_referenced(&g->a, lhs);
        }
    }
    if (decl < 0) {
        gen_error(g, ast_skip_blanks(&g->a, part[1][0]),
                  "loop '%s' is not canonical: its condition must be '%s < / <= / > / >= bound'", v, v);
        return false;
    }
    size_t at = uses_decl(g, cond, decl, lhs);
    if (at) {
        gen_error(g, at, "loop '%s' is not canonical: its bound uses '%s'", v, v);
        return false;
    }
    int init = header_node(g, fornode, part[0][0], part[0][1]);
    if (init >= 0) {
        int skip = -1;
        if (g->a.nodes[init].kind == CXCursor_BinaryOperator)
            skip = strip_implicit(g, g->a.nodes[init].first_child);
        at = uses_decl(g, init, decl, skip);
        if (at) {
            gen_error(g, at, "loop '%s' is not canonical: its initial value uses '%s'", v, v);
            return false;
        }
    }
    int inc = header_node(g, fornode, part[2][0], part[2][1]);
    if (inc >= 0 && g->a.nodes[inc].kind == CXCursor_CompoundAssignOperator) {
        int target = strip_implicit(g, g->a.nodes[inc].first_child);
        at = uses_decl(g, inc, decl, target);
        if (at) {
            gen_error(g, at, "loop '%s' is not canonical: its step uses '%s'", v, v);
            return false;
        }
    }
    return true;
}

/* The header's initialisation [type] v = lb: the variable (v, or the
 * one it names when v is NULL, then *found), its type and lower bound;
 * NULL after an error. */
static const char *header_init(gen *g, const char *v, char **found, const size_t (*part)[2],
                               const char *init, size_t fstart, loop_dim *ld)
{
    const char *eq = NULL;
    for (const char *p = init; *p; p++)
        if (*p == '=' && p[1] != '=' && (p == init || (p[-1] != '<' && p[-1] != '>' && p[-1] != '!'))) {
            eq = p;
            break;
        }
    if (!eq) {
        if (v)
            gen_error(g, part[0][0], "loop '%s' is not canonical: its initialisation must be '%s = ...'", v, v);
        else
            gen_error(g, part[0][0], "the loop is not canonical: its initialisation must be 'v = ...'");
        return NULL;
    }
    size_t nlen = (size_t)(eq - init);
    while (nlen && (init[nlen - 1] == ' ' || init[nlen - 1] == '\t'))
        nlen--;
    size_t vs = nlen;
    while (vs && ident_char(init[vs - 1]))
        vs--;
    char *name = xstrndup(init + vs, nlen - vs);
    if (!v && !*name) {
        gen_error(g, part[0][0], "the loop is not canonical: its initialisation must be 'v = ...'");
        free(name);
        return NULL;
    }
    if (!v)
        v = *found = xstrdup(name);
    ld->var = xstrdup(v);
    if (strcmp(name, v)) {
        gen_error(g, part[0][0] + (size_t)((init + vs) - init) + (size_t)(ast_skip_blanks(&g->a, part[0][0]) - part[0][0]),
                  "loop variable '%s' does not match '%s' of the 'parallel' directive", name, v);
        free(name);
        return NULL;
    }
    free(name);
    char *type = trim(xstrndup(init, vs));
    if (*type) {
        ld->type = type;
        ld->header_decl = true;
    } else {
        free(type);
        int decl = ast_lookup(&g->a, v, fstart);
        ld->type = decl >= 0 ? type_spelling(clang_getCursorType(g->a.nodes[decl].cursor))
                             : xstrdup("long");
    }
    ld->lb = trim(xstrdup(eq + 1));
    return v;
}

/* The header's condition v op ub: the upper bound and direction. */
static bool header_cond(gen *g, const char *v, int fornode, const size_t (*part)[2], const char *cond,
                        loop_dim *ld)
{
    const char *rest = after_word(cond, v);
    const char *op = NULL;
    if (rest) {
        if (!strncmp(rest, "<=", 2)) op = "<=";
        else if (!strncmp(rest, ">=", 2)) op = ">=";
        else if (rest[0] == '<') op = "<";
        else if (rest[0] == '>') op = ">";
    }
    if (!op) {
        gen_error(g, ast_skip_blanks(&g->a, part[1][0]), "loop '%s' is not canonical: its condition must be '%s < / <= / > / >= bound'", v, v);
        return false;
    }
    char *ub = trim(xstrdup(rest + strlen(op)));
    size_t n = strlen(ub) + 16;
    ld->hi = xmalloc(n);
    if (!strcmp(op, "<")) snprintf(ld->hi, n, "(%s) - 1", ub);
    else if (!strcmp(op, ">")) snprintf(ld->hi, n, "(%s) + 1", ub);
    else snprintf(ld->hi, n, "%s", ub);
    ld->down = op[0] == '>';
    free(ub);
    return header_ast_canonical(g, v, fornode, part);
}

/* The step of v = v + e, v = v - e or v = e + v (OpenMP's canonical
 * forms; rhs: the text after '='), or NULL. */
static char *assignment_step(const char *rhs, const char *v)
{
    const char *after = after_word(rhs, v);
    char *e = NULL;
    bool minus = false;
    if (after && (after[0] == '+' || after[0] == '-') && after[1] != '=' && after[1] != after[0]) {
        minus = after[0] == '-';
        e = trim(xstrdup(after + 1));
    } else {
        /* e + v: the last top-level '+' followed by v alone */
        const char *plus = strrchr(rhs, '+');
        const char *tail = plus ? after_word(plus + 1, v) : NULL;
        if (tail && !*tail && plus > rhs && plus[-1] != '+')
            e = trim(xstrndup(rhs, (size_t)(plus - rhs)));
    }
    if (!e || !step_operand(e, minus)) {
        free(e);
        return NULL;
    }
    size_t n = strlen(e) + 8;
    char *step = xmalloc(n);
    snprintf(step, n, minus ? "-(%s)" : "(%s)", e);
    free(e);
    return step;
}

/* The header's increment: the step (v++, v += s, v = v + s...). */
static bool header_increment(gen *g, const char *v, const size_t (*part)[2], const char *inc,
                             loop_dim *ld)
{
    const char *rest = after_word(inc, v);
    char *step = NULL;
    if (rest && !strcmp(rest, "++")) step = xstrdup("1");
    else if (rest && !strcmp(rest, "--")) step = xstrdup("-1");
    else if (!strncmp(inc, "++", 2) && after_word(inc + 2, v) && !*after_word(inc + 2, v)) step = xstrdup("1");
    else if (!strncmp(inc, "--", 2) && after_word(inc + 2, v) && !*after_word(inc + 2, v)) step = xstrdup("-1");
    else if (rest && (!strncmp(rest, "+=", 2) || !strncmp(rest, "-=", 2))) {
        char *e = trim(xstrdup(rest + 2));
        size_t n = strlen(e) + 8;
        step = xmalloc(n);
        snprintf(step, n, rest[0] == '+' ? "(%s)" : "-(%s)", e);
        free(e);
    } else if (rest && rest[0] == '=' && rest[1] != '=') {
        step = assignment_step(rest + 1, v);
    }
    if (!step) {
        gen_error(g, ast_skip_blanks(&g->a, part[2][0]), "loop '%s' is not canonical: its increment must be %s++, %s--, %s += s, %s -= s, "
                  "%s = %s + s, %s = s + %s or %s = %s - s",
                  v, v, v, v, v, v, v, v, v, v, v);
        return false;
    }
    ld->step = step;
    ld->unit = !strcmp(step, "1") || !strcmp(step, "-1");
    if (ld->down != (step[0] == '-')) {
        gen_error(g, ast_skip_blanks(&g->a, part[2][0]), "loop '%s' is not canonical: its increment goes away from its bound", v);
        return false;
    }
    return true;
}

bool nest_dim(gen *g, const char *v, int fornode, loop_dim *ld)
{
    size_t part[4][2];
    size_t fstart = g->a.nodes[fornode].start;
    if (!header_parts(g, fornode, part)) {
        if (v)
            gen_error(g, fstart, "loop '%s' is not a canonical 'for' loop", v);
        else
            gen_error(g, fstart, "the loop is not a canonical 'for' loop");
        return false;
    }
    if (header_reads_distributed(g, fornode, part))
        return false;
    char *init = trim(ast_text(&g->a, part[0][0], part[0][1]));
    char *cond = trim(ast_text(&g->a, part[1][0], part[1][1]));
    char *inc = trim(ast_text(&g->a, part[2][0], part[2][1]));
    char *found = NULL;             /* parallel(N): the header names the variable */
    ld->node = fornode;
    /* init: [type] v = lb; cond: v op ub; the increment */
    v = header_init(g, v, &found, part, init, fstart, ld);
    bool ok = v && header_cond(g, v, fornode, part, cond, ld) &&
              header_increment(g, v, part, inc, ld);
    free(found);
    free(init);
    free(cond);
    free(inc);
    return ok;
}

void nest_dim_free(loop_dim *ld)
{
    free(ld->var);
    free(ld->type);
    free(ld->lb);
    free(ld->hi);
    free(ld->step);
}

void nest_uses(gen *g, int n, use_list *out)
{
    nest_collect(g, n, false, out);
}

void nest_private_decls(gen *g, const dir_var_list *privates, size_t start, size_t end,
                        size_t body_start, strbuf *out)
{
    for (int k = 0; k < privates->count; k++) {
        int decl = ast_lookup(&g->a, privates->items[k].name, body_start + 1);
        if (decl < 0)
            decl = ast_lookup(&g->a, privates->items[k].name, start);
        if (decl < 0 || (g->a.nodes[decl].start >= start && g->a.nodes[decl].start < end))
            continue; /* declared in the body anyway */
        char *dt = gen_decl_text(clang_getCursorType(g->a.nodes[decl].cursor), privates->items[k].name);
        sb_printf(out, "    %s;\n", dt);
        free(dt);
    }
}
