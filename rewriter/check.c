/* check.c: check mode (dvmcc -fdvmh-check): in the body of a parallel
 * loop, every element reference A[e0][e1] to a distributed array (data k
 * of the handler) becomes
 *     (*(T *)dvmh_check_elem(dvmh_P, k, MODE, __LINE__,
 *                            (const dvmh_idx[]){i, j}, (const dvmh_idx[]){e0, e1}))
 * with the loop variables (the iteration) and MODE saying whether the
 * element is read, written or both. The runtime (lib/check.c) checks the
 * access against the loop's directives and returns the address. The
 * host handler passes dvmh_P to the nest (loop_host.c). */
#include "check.h"

#include <string.h>

/* The top subscript of a full chain of rank [] on ref, or -1; idx: the
 * index nodes. */
static int full_element(gen *g, int ref, int rank, int *idx)
{
    int subs, top = ast_subscript_chain(&g->a, ref, idx, DIR_MAX_RANK, &subs);
    return subs == rank && subs <= DIR_MAX_RANK ? top : -1;
}

/* DVMH_READ, DVMH_WRITE or both: how the element at top is used (through
 * member accesses A[i].x too). */
static const char *access_mode(gen *g, int top)
{
    int n = top, p = ast_real_parent(&g->a, n);
    while (p >= 0 && g->a.nodes[p].kind == CXCursor_MemberRefExpr &&
           ast_child_towards(&g->a, p, n) == g->a.nodes[p].first_child) {
        n = p;
        p = ast_real_parent(&g->a, n);
    }
    if (p < 0)
        return "DVMH_READ";
    node *pn = &g->a.nodes[p];
    if ((pn->kind == CXCursor_BinaryOperator || pn->kind == CXCursor_CompoundAssignOperator) &&
        ast_child_towards(&g->a, p, n) == pn->first_child) {
        enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(pn->cursor);
        if (op == CXBinaryOperator_Assign)
            return "DVMH_WRITE";
        if (op > CXBinaryOperator_Assign && op <= CXBinaryOperator_OrAssign)
            return "DVMH_READ | DVMH_WRITE";
    }
    if (pn->kind == CXCursor_UnaryOperator) {
        enum CXUnaryOperatorKind op = clang_getCursorUnaryOperatorKind(pn->cursor);
        if (op == CXUnaryOperator_PostInc || op == CXUnaryOperator_PostDec ||
            op == CXUnaryOperator_PreInc || op == CXUnaryOperator_PreDec)
            return "DVMH_READ | DVMH_WRITE";
    }
    return "DVMH_READ";
}

static void check_ref(gen *g, const loop_plan *p, int ref, int k)
{
    const loop_data *dt = &p->data[k];
    int idx[DIR_MAX_RANK];
    int top = full_element(g, ref, dt->rank, idx);
    if (top < 0 || g->a.nodes[top].from_macro)
        return; /* a row passed on, or a macro's text: not checked */
    node *tn = &g->a.nodes[top];
    edit *e = edit_begin(&g->e, tn->start, tn->end);
    edit_litf(e, "(*(%s *)dvmh_check_elem(dvmh_P, %d, %s, __LINE__, (const dvmh_idx[]){", dt->elem,
              k, access_mode(g, top));
    for (int d = 0; d < p->rank; d++)
        edit_litf(e, "%s%s", d ? ", " : "", p->dims[d].var);
    edit_lit(e, "}, (const dvmh_idx[]){");
    for (int d = 0; d < dt->rank; d++) {
        if (d)
            edit_lit(e, ", ");
        edit_range(e, g->a.nodes[idx[d]].start, g->a.nodes[idx[d]].end);
    }
    edit_lit(e, "}))");
}

void check_loop_refs(gen *g, const loop_plan *p)
{
    for (int n = 0; n < g->a.count; n++) {
        node *nd = &g->a.nodes[n];
        if (nd->kind != CXCursor_DeclRefExpr || nd->start < p->body_start ||
            nd->start >= p->body_end)
            continue;
        int decl = ast_referenced(&g->a, n);
        for (int k = 0; k < p->ndata; k++)
            if (p->data[k].obj && p->data[k].decl == decl) {
                check_ref(g, p, n, k);
                break;
            }
    }
}
