/* check_update.c: check mode: the statements of a parallel loop's body
 * that update a reduction, whose uses of the reduction variable (and its
 * location variable) are the accepted ones. R stands for the variable
 * (for an array reduction, any element R[k]); e for an expression that
 * does not use R; each form is a statement of its own:
 *   sum:      R += e; R -= e; R++; R--; ++R; --R; R = a chain of + and -
 *             in which R occurs once, added (R = R + e, R = e + R - f)
 *   product:  R *= e; R /= e; R = a chain of * and / with R once, a factor
 *   and/or/xor: R op= e; R = a chain of the operator (&, | or ^; also &&,
 *             || for and, or) with R once
 *   max, min, maxloc, minloc: R = f(R, e) or f(e, R) (fmax, a macro);
 *             R = (a comparison of R and e) ? R or e : R or e;
 *             if (a comparison of R and e, possibly && other conditions)
 *             followed by statements that assign R = e, the location
 *             variable and what else does not use them. */
#include "check_scalar.h"

static node *nd(chk *c, int n)
{
    return &c->g->a.nodes[n];
}

/* n without parentheses, implicit conversions and casts. */
static int strip(chk *c, int n)
{
    for (;;) {
        node *x = nd(c, n);
        if ((x->kind == CXCursor_ParenExpr || x->kind == CXCursor_UnexposedExpr) &&
            x->first_child >= 0 && nd(c, x->first_child)->next_sibling < 0)
            n = x->first_child;
        else if (x->kind == CXCursor_CStyleCastExpr && x->first_child >= 0)
            n = ast_last_child(&c->g->a, n);
        else
            return n;
    }
}

/* Whether n uses reduction red's variable (loc: its location variable). */
static bool mentions(chk *c, int n, int red, bool loc)
{
    int v = chk_var_of(c, n);
    if (v >= 0 && c->vars[v].red == red && c->vars[v].loc == loc)
        return true;
    for (int ch = nd(c, n)->first_child; ch >= 0; ch = nd(c, ch)->next_sibling)
        if (mentions(c, ch, red, loc))
            return true;
    return false;
}

/* Whether n is R (loc: the location variable) or an element of it. */
static bool is_ref(chk *c, int n, int red, bool loc)
{
    n = strip(c, n);
    int v = chk_var_of(c, n);
    if (v >= 0)
        return c->vars[v].red == red && c->vars[v].loc == loc;
    if (nd(c, n)->kind != CXCursor_ArraySubscriptExpr)
        return false;
    int base = nd(c, n)->first_child;
    int index = base >= 0 ? nd(c, base)->next_sibling : -1;
    return index >= 0 && is_ref(c, base, red, loc) && !mentions(c, index, red, false);
}

static void mark(chk *c, int n, int red)
{
    int v = chk_var_of(c, n);
    if (v >= 0 && c->vars[v].red == red)
        c->accepted[n] = true;
    for (int ch = nd(c, n)->first_child; ch >= 0; ch = nd(c, ch)->next_sibling)
        mark(c, ch, red);
}

static enum CXBinaryOperatorKind binop(chk *c, int n)
{
    enum CXCursorKind k = nd(c, n)->kind;
    if (k != CXCursor_BinaryOperator && k != CXCursor_CompoundAssignOperator)
        return CXBinaryOperator_Invalid;
    return clang_getCursorBinaryOperatorKind(nd(c, n)->cursor);
}

/* Counts the occurrences of R in a chain of operator same (and inv, whose
 * right operand counts inverted) under n; false if R occurs otherwise. */
static bool chain(chk *c, int n, int red, enum CXBinaryOperatorKind same,
                  enum CXBinaryOperatorKind inv, bool sign, int *pos, int *neg)
{
    n = strip(c, n);
    if (is_ref(c, n, red, false)) {
        ++*(sign ? pos : neg);
        return true;
    }
    if (!mentions(c, n, red, false))
        return true;
    enum CXBinaryOperatorKind op = binop(c, n);
    int l = nd(c, n)->first_child;
    int r = l >= 0 ? nd(c, l)->next_sibling : -1;
    if (r < 0 || (op != same && op != inv))
        return false;
    return chain(c, l, red, same, inv, sign, pos, neg) &&
           chain(c, r, red, same, inv, op == inv ? !sign : sign, pos, neg);
}

static bool chain_once(chk *c, int n, int red, enum CXBinaryOperatorKind same,
                       enum CXBinaryOperatorKind inv)
{
    int pos = 0, neg = 0;
    return chain(c, n, red, same, inv, true, &pos, &neg) && pos == 1 && neg == 0;
}

/* A comparison of R and e: 1; a condition that does not use R: 0;
 * anything else: -1. Conditions joined by && count as one. */
static int comparison(chk *c, int n, int red)
{
    n = strip(c, n);
    if (!mentions(c, n, red, false) && !mentions(c, n, red, true))
        return 0;
    enum CXBinaryOperatorKind op = binop(c, n);
    int l = nd(c, n)->first_child;
    int r = l >= 0 ? nd(c, l)->next_sibling : -1;
    if (r < 0)
        return -1;
    if (op == CXBinaryOperator_LAnd) {
        int a = comparison(c, l, red), b = comparison(c, r, red);
        return a < 0 || b < 0 ? -1 : a + b == 1 ? 1 : -1;
    }
    if (op != CXBinaryOperator_LT && op != CXBinaryOperator_GT && op != CXBinaryOperator_LE &&
        op != CXBinaryOperator_GE)
        return -1;
    bool ok = (is_ref(c, l, red, false) && !mentions(c, r, red, false)) ||
              (is_ref(c, r, red, false) && !mentions(c, l, red, false));
    return ok ? 1 : -1;
}

static bool ref_or_free(chk *c, int n, int red)
{
    return is_ref(c, n, red, false) || !mentions(c, n, red, false);
}

/* R = rhs for a max or min reduction. */
static bool extremum(chk *c, int rhs, int red)
{
    rhs = strip(c, rhs);
    int first = nd(c, rhs)->first_child;
    if (nd(c, rhs)->kind == CXCursor_CallExpr) {
        int refs = 0;
        if (first < 0 || mentions(c, first, red, false))
            return false;
        for (int a = nd(c, first)->next_sibling; a >= 0; a = nd(c, a)->next_sibling) {
            if (!ref_or_free(c, a, red))
                return false;
            refs += is_ref(c, a, red, false);
        }
        return refs > 0;
    }
    if (nd(c, rhs)->kind == CXCursor_ConditionalOperator) {
        int a = first >= 0 ? nd(c, first)->next_sibling : -1;
        int b = a >= 0 ? nd(c, a)->next_sibling : -1;
        return b >= 0 && comparison(c, first, red) == 1 && ref_or_free(c, a, red) &&
               ref_or_free(c, b, red);
    }
    return false;
}

/* Whether statement n updates reduction red. */
static bool update(chk *c, int n, int red)
{
    const dir_reduction *r = &c->p->dir->reductions[red];
    n = strip(c, n);
    int lhs = nd(c, n)->first_child;
    int rhs = lhs >= 0 ? nd(c, lhs)->next_sibling : -1;
    if (nd(c, n)->kind == CXCursor_UnaryOperator) {
        enum CXUnaryOperatorKind op = clang_getCursorUnaryOperatorKind(nd(c, n)->cursor);
        return r->op == DIR_RED_SUM && lhs >= 0 && is_ref(c, lhs, red, false) &&
               (op == CXUnaryOperator_PostInc || op == CXUnaryOperator_PostDec ||
                op == CXUnaryOperator_PreInc || op == CXUnaryOperator_PreDec);
    }
    enum CXBinaryOperatorKind op = binop(c, n);
    if (rhs < 0 || op == CXBinaryOperator_Invalid || !is_ref(c, lhs, red, false))
        return false;
    if (op != CXBinaryOperator_Assign) {
        static const enum CXBinaryOperatorKind ops[][2] = {
            [DIR_RED_SUM] = {CXBinaryOperator_AddAssign, CXBinaryOperator_SubAssign},
            [DIR_RED_PRODUCT] = {CXBinaryOperator_MulAssign, CXBinaryOperator_DivAssign},
            [DIR_RED_AND] = {CXBinaryOperator_AndAssign, CXBinaryOperator_AndAssign},
            [DIR_RED_OR] = {CXBinaryOperator_OrAssign, CXBinaryOperator_OrAssign},
            [DIR_RED_XOR] = {CXBinaryOperator_XorAssign, CXBinaryOperator_XorAssign},
        };
        if (r->op > DIR_RED_XOR || r->op == DIR_RED_MAX || r->op == DIR_RED_MIN)
            return false;
        return (op == ops[r->op][0] || op == ops[r->op][1]) && !mentions(c, rhs, red, false);
    }
    switch (r->op) {
    case DIR_RED_SUM:
        return chain_once(c, rhs, red, CXBinaryOperator_Add, CXBinaryOperator_Sub);
    case DIR_RED_PRODUCT:
        return chain_once(c, rhs, red, CXBinaryOperator_Mul, CXBinaryOperator_Div);
    case DIR_RED_AND:
        return chain_once(c, rhs, red, CXBinaryOperator_And, CXBinaryOperator_And) ||
               chain_once(c, rhs, red, CXBinaryOperator_LAnd, CXBinaryOperator_LAnd);
    case DIR_RED_OR:
        return chain_once(c, rhs, red, CXBinaryOperator_Or, CXBinaryOperator_Or) ||
               chain_once(c, rhs, red, CXBinaryOperator_LOr, CXBinaryOperator_LOr);
    case DIR_RED_XOR:
        return chain_once(c, rhs, red, CXBinaryOperator_Xor, CXBinaryOperator_Xor);
    default:
        return extremum(c, rhs, red);
    }
}

/* In the branch of a max/min 'if': 1 for R = e, 0 for a statement that
 * does not use R (an assignment of the location variable with e), -1 for
 * anything else. */
static int branch_stmt(chk *c, int n, int red)
{
    bool uses_r = mentions(c, n, red, false), uses_loc = mentions(c, n, red, true);
    if (!uses_r && !uses_loc)
        return 0;
    int s = strip(c, n);
    int lhs = nd(c, s)->first_child;
    int rhs = lhs >= 0 ? nd(c, lhs)->next_sibling : -1;
    if (rhs < 0 || binop(c, s) != CXBinaryOperator_Assign || mentions(c, rhs, red, false) ||
        mentions(c, rhs, red, true))
        return -1;
    if (is_ref(c, lhs, red, false))
        return 1;
    return is_ref(c, lhs, red, true) ? 0 : -1;
}

/* if (R compared with e) { R = e; loc = ...; } */
static bool if_update(chk *c, int n, int red)
{
    dir_red_op op = c->p->dir->reductions[red].op;
    if (op != DIR_RED_MAX && op != DIR_RED_MIN && op != DIR_RED_MAXLOC && op != DIR_RED_MINLOC)
        return false;
    int cond = nd(c, n)->first_child;
    int then = cond >= 0 ? nd(c, cond)->next_sibling : -1;
    if (then < 0 || comparison(c, cond, red) != 1)
        return false;
    int sets = 0;
    if (nd(c, then)->kind != CXCursor_CompoundStmt) {
        sets = branch_stmt(c, then, red);
    } else {
        for (int s = nd(c, then)->first_child; s >= 0; s = nd(c, s)->next_sibling) {
            int k = branch_stmt(c, s, red);
            if (k < 0)
                return false;
            sets += k;
        }
    }
    if (sets < 1)
        return false;
    mark(c, cond, red);
    mark(c, then, red);
    return true;
}

void chk_updates(chk *c, int n)
{
    int nred = c->p->dir->reduction_count;
    if (nd(c, n)->kind == CXCursor_IfStmt)
        for (int r = 0; r < nred; r++)
            if_update(c, n, r);
    if (clang_isExpression(nd(c, n)->kind) && chk_value_unused(c, n))
        for (int r = 0; r < nred; r++)
            if (update(c, n, r))
                mark(c, n, r);
    for (int ch = nd(c, n)->first_child; ch >= 0; ch = nd(c, ch)->next_sibling)
        chk_updates(c, ch);
}
