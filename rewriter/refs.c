/* refs.c: what changes in ordinary code: references to distributed arrays
 * (element access through the descriptor, owner computes, the descriptor
 * as a pointer), malloc/free of distributed arrays, and calls that go
 * through the runtime (stdio, the heap). */
#include "alloc.h"
#include "gen.h"
#include "refs.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *runtime_calls[] = {
    "printf", "fprintf", "vprintf", "vfprintf", "puts", "fputs", "putchar", "fputc", "putc",
    "fopen", "fclose", "fflush", "fwrite", "fread", "fscanf", "scanf", "fgets", "fgetc", "getc",
    "getchar", "feof", "ferror", "rewind", "fseek", "ftell", "remove", "rename", "perror",
    "malloc", "calloc", "realloc", "free", NULL};

static bool is_runtime_call(const char *name)
{
    for (int k = 0; runtime_calls[k]; k++)
        if (!strcmp(runtime_calls[k], name))
            return true;
    return false;
}

static bool inside(gen *g, int n, int outer)
{
    for (int p = n; p >= 0; p = g->a.nodes[p].parent)
        if (p == outer)
            return true;
    return false;
}

/* Inside a sizeof whose operand is an expression: the sizeof node. */
static int sizeof_of(gen *g, int n)
{
    for (int p = g->a.nodes[n].parent; p >= 0; p = g->a.nodes[p].parent)
        if (g->a.nodes[p].kind == CXCursor_UnaryExpr) {
            const char *t = g->a.text + g->a.nodes[p].start;
            if (!strncmp(t, "sizeof", 6))
                return p;
        }
    return -1;
}

static bool statement_parent(enum CXCursorKind k)
{
    return k == CXCursor_CompoundStmt || k == CXCursor_IfStmt || k == CXCursor_ForStmt ||
           k == CXCursor_WhileStmt || k == CXCursor_DoStmt || k == CXCursor_LabelStmt ||
           k == CXCursor_CaseStmt || k == CXCursor_DefaultStmt;
}

/* `A = xmalloc(...)`, `A = xcalloc(n, s)`, `free(A)` of a pointer array. */
static bool heap_statement(gen *g, int ref, dobj *o)
{
    int p = ast_real_parent(&g->a, ref);
    if (p < 0)
        return false;
    node *pn = &g->a.nodes[p];
    if (pn->kind == CXCursor_BinaryOperator &&
        clang_getCursorBinaryOperatorKind(pn->cursor) == CXBinaryOperator_Assign &&
        ast_child_towards(&g->a, p, ref) == pn->first_child) {
        /* find the malloc/calloc call in the right-hand side */
        int rhs = g->a.nodes[pn->first_child].next_sibling;
        for (int k = rhs; k >= 0 && k < g->a.count && inside(g, k, rhs); k++) {
            if (g->a.nodes[k].kind != CXCursor_CallExpr)
                continue;
            char *fname = ast_spelling(&g->a.nodes[k]);
            bool m = !strcmp(fname, "malloc"), c = !strcmp(fname, "calloc");
            free(fname);
            if (!m && !c)
                continue;
            int a1 = ast_nth_child(&g->a, k, 1), a2 = ast_nth_child(&g->a, k, 2);
            if (a1 < 0 || (c && a2 < 0))
                return false;
            edit *e = edit_begin(&g->e, pn->start, pn->end);
            edit_litf(e, "dvmh_array_malloc(__FILE__, __LINE__, %s, (size_t)(", o->desc);
            edit_range(e, g->a.nodes[a1].start, g->a.nodes[a1].end);
            if (c) {
                edit_lit(e, ") * (size_t)(");
                edit_range(e, g->a.nodes[a2].start, g->a.nodes[a2].end);
            }
            edit_litf(e, "), %d)", c);
            return true;
        }
        if (strcmp(o->desc, o->name) != 0) {
            gen_error(g, pn->start,
                      "distributed array '%s' can only be assigned the result of malloc or calloc",
                      o->name);
            return true;
        }
        /* another distributed array (a = b, or b = t after t = a: the
         * double buffering of a time loop): the descriptor, checked at
         * run time */
        edit *e = edit_begin(&g->e, pn->start, pn->end);
        edit_litf(e, "%s = (__typeof__(%s))dvmh_array_assigned(__FILE__, __LINE__, (void *)(", o->desc,
                  o->desc);
        edit_range(e, g->a.nodes[rhs].start, g->a.nodes[rhs].end);
        edit_lit(e, "))");
        return true;
    }
    /* free((void *)A), as polybench writes it: the casts do not matter */
    while (pn->kind == CXCursor_CStyleCastExpr && (p = ast_real_parent(&g->a, p)) >= 0)
        pn = &g->a.nodes[p];
    if (pn->kind == CXCursor_CallExpr) {
        char *fname = ast_spelling(pn);
        bool is_free = !strcmp(fname, "free");
        free(fname);
        if (is_free) {
            edit *e = edit_begin(&g->e, pn->start, pn->end);
            edit_litf(e, "dvmh_array_free(__FILE__, __LINE__, %s)", o->desc);
            return true;
        }
    }
    return false;
}

/* The place an element reference top is part of: A[i].x, A[i].v[k],
 * A[i].s.y (members of a struct element, elements of an array member),
 * for which A[i] is not read as a whole; top itself otherwise (A[i]->x
 * reads the pointer A[i]). */
static int element_place(gen *g, int top)
{
    for (;;) {
        int p = ast_real_parent(&g->a, top);
        if (p < 0 || ast_child_towards(&g->a, p, top) != g->a.nodes[p].first_child)
            return top;
        node *pn = &g->a.nodes[p];
        CXType t = clang_getCanonicalType(clang_getCursorType(g->a.nodes[top].cursor));
        if (pn->kind == CXCursor_MemberRefExpr && t.kind == CXType_Record)
            top = p;
        else if (pn->kind == CXCursor_ArraySubscriptExpr &&
                 (t.kind == CXType_ConstantArray || t.kind == CXType_IncompleteArray))
            top = p;
        else
            return top;
    }
}

/* An assignment (=, op=, ++, --) node: its target's node; else -1. */
static int assignment_target(gen *g, int p)
{
    const node *pn = &g->a.nodes[p];
    if (pn->kind == CXCursor_BinaryOperator || pn->kind == CXCursor_CompoundAssignOperator) {
        enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(pn->cursor);
        return op >= CXBinaryOperator_Assign && op <= CXBinaryOperator_OrAssign ? pn->first_child : -1;
    }
    if (pn->kind == CXCursor_UnaryOperator) {
        enum CXUnaryOperatorKind op = clang_getCursorUnaryOperatorKind(pn->cursor);
        return op == CXUnaryOperator_PostInc || op == CXUnaryOperator_PostDec ||
                       op == CXUnaryOperator_PreInc || op == CXUnaryOperator_PreDec
                   ? pn->first_child
                   : -1;
    }
    return -1;
}

/* Whether expression p is a statement of its own: not an if's or a
 * loop's condition, nor a for's initialization or increment. */
static bool whole_statement(gen *g, int p)
{
    int s = g->a.nodes[p].parent;
    if (s < 0 || !statement_parent(g->a.nodes[s].kind))
        return false;
    switch (g->a.nodes[s].kind) {
    case CXCursor_IfStmt:
        return p != g->a.nodes[s].first_child;
    case CXCursor_WhileStmt:
    case CXCursor_ForStmt:
        return p == ast_last_child(&g->a, s);
    case CXCursor_DoStmt:
        return p == g->a.nodes[s].first_child;
    default:
        return true;
    }
}

/* Whether an assignment's target t is an element of a distributed array
 * (or a member of one). */
static bool distributed_target(gen *g, int t)
{
    int subs = 0;
    while (t >= 0) {
        enum CXCursorKind k = g->a.nodes[t].kind;
        if (k == CXCursor_ArraySubscriptExpr)
            subs++;
        else if (k != CXCursor_UnexposedExpr && k != CXCursor_ParenExpr && k != CXCursor_MemberRefExpr)
            break;
        t = g->a.nodes[t].first_child;
    }
    if (t < 0 || g->a.nodes[t].kind != CXCursor_DeclRefExpr || subs == 0)
        return false;
    dobj *o = gen_find_obj(g, ast_referenced(&g->a, t));
    return o && !o->is_template;
}

/* The statement-level assignment (=, op=, ++, --) whose target is the
 * element reference top (or a member of it), or -1. A statement that
 * assigns another distributed element inside (A[0] = B[9] = 0) is not
 * one: every process runs it, and each of its assignments is done by its
 * own element's owner (DVMH_SET). */
static int assignment_statement(gen *g, int top)
{
    top = element_place(g, top);
    int p = ast_real_parent(&g->a, top);
    if (p < 0 || assignment_target(g, p) < 0 || ast_child_towards(&g->a, p, top) != g->a.nodes[p].first_child ||
        !whole_statement(g, p))
        return -1;
    for (int n = p + 1; n < g->a.count && g->a.nodes[n].start < g->a.nodes[p].end; n++) {
        int t = assignment_target(g, n);
        if (t >= 0 && distributed_target(g, t))
            return -1;
    }
    return p;
}

/* Inside owner-computes statements (only the owner runs them) and
 * remote_access blocks. */
static bool in_local_range(gen *g, int top)
{
    size_t at = g->a.nodes[top].start;
    for (int k = 0; k < g->local_read_count; k++)
        if (at >= g->local_reads[k][0] && at < g->local_reads[k][1])
            return true;
    return false;
}

/* &A[i] (or &A[i].x) in host code that every process runs: -1 if the
 * element's address is not taken; else 1, or 0 when the address goes
 * straight to scanf, fscanf or sscanf, which only write through it. */
static int address_taken(gen *g, int top)
{
    int place = element_place(g, top);
    int p = ast_real_parent(&g->a, place);
    if (p < 0 || g->a.nodes[p].kind != CXCursor_UnaryOperator ||
        clang_getCursorUnaryOperatorKind(g->a.nodes[p].cursor) != CXUnaryOperator_AddrOf)
        return -1;
    int call = ast_real_parent(&g->a, p);
    if (call < 0 || g->a.nodes[call].kind != CXCursor_CallExpr)
        return 1;
    char *fname = ast_spelling(&g->a.nodes[call]);
    bool scan = !strcmp(fname, "scanf") || !strcmp(fname, "fscanf") || !strcmp(fname, "sscanf");
    free(fname);
    return scan ? 0 : 1;
}

/* Where host code reads elements as they are locally: inside owner-computes
 * statements (only the owner runs them) and remote_access blocks. */
static bool reads_locally(gen *g, int top)
{
    if (in_local_range(g, top))
        return true;
    if (assignment_statement(g, top) >= 0)
        return true;
    top = element_place(g, top);
    int p = ast_real_parent(&g->a, top);
    if (p < 0)
        return false;
    node *pn = &g->a.nodes[p];
    /* a place written, or an address taken: not a read of the value */
    if ((pn->kind == CXCursor_BinaryOperator || pn->kind == CXCursor_CompoundAssignOperator) &&
        ast_child_towards(&g->a, p, top) == pn->first_child) {
        enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(pn->cursor);
        if (op >= CXBinaryOperator_Assign && op <= CXBinaryOperator_OrAssign)
            return true;
    }
    if (pn->kind == CXCursor_UnaryOperator) {
        enum CXUnaryOperatorKind op = clang_getCursorUnaryOperatorKind(pn->cursor);
        if (op != CXUnaryOperator_Minus && op != CXUnaryOperator_Plus &&
            op != CXUnaryOperator_Not && op != CXUnaryOperator_LNot)
            return true;
    }
    return false;
}

static void collect_local_ranges(gen *g)
{
    g->local_read_count = 0;
    for (int k = 0; k < g->dir_count; k++) {
        attached *at = &g->dirs[k];
        if (!at->dir || at->dir->kind != DIR_REMOTE_ACCESS || at->node < 0)
            continue;
        g->local_reads = xgrow(g->local_reads, &g->local_read_cap, g->local_read_count + 1);
        g->local_reads[g->local_read_count][0] = g->a.nodes[at->node].start;
        g->local_reads[g->local_read_count++][1] = g->a.nodes[at->node].end;
    }
    for (int n = 0; n < g->a.count; n++) {
        if (g->a.nodes[n].kind != CXCursor_DeclRefExpr || gen_in_parallel_loop(g, g->a.nodes[n].start))
            continue;
        dobj *o = gen_find_obj(g, ast_referenced(&g->a, n));
        if (!o || o->is_template)
            continue;
        int idx[DIR_MAX_RANK + 1], subs;
        int top = ast_subscript_chain(&g->a, n, idx, DIR_MAX_RANK, &subs);
        int p = subs == o->rank ? assignment_statement(g, top) : -1;
        if (p < 0)
            continue;
        g->local_reads = xgrow(g->local_reads, &g->local_read_cap, g->local_read_count + 1);
        g->local_reads[g->local_read_count][0] = g->a.nodes[p].start;
        g->local_reads[g->local_read_count++][1] = ast_stmt_end(&g->a, p);
    }
}

/* Inside a remote_access block (its reads come from the fetched copies). */
static bool in_remote_block(gen *g, int top)
{
    size_t at = g->a.nodes[top].start;
    for (int k = 0; k < g->dir_count; k++) {
        attached *a = &g->dirs[k];
        if (a->dir && a->dir->kind == DIR_REMOTE_ACCESS && a->node >= 0 &&
            at >= g->a.nodes[a->node].start && at < g->a.nodes[a->node].end)
            return true;
    }
    return false;
}

/* The call whose argument expression n is (through casts): the call
 * node, *arg the argument's outermost node and *index its position (0:
 * the first argument; -1 for the callee); -1 if n is no argument. */
static int call_argument(gen *g, int n, int *arg, int *index)
{
    int p = ast_real_parent(&g->a, n);
    while (p >= 0 && g->a.nodes[p].kind == CXCursor_CStyleCastExpr) {
        n = p;
        p = ast_real_parent(&g->a, n);
    }
    if (p < 0 || g->a.nodes[p].kind != CXCursor_CallExpr)
        return -1;
    int child = ast_child_towards(&g->a, p, n);
    *arg = n;
    *index = -1;
    for (int c = g->a.nodes[p].first_child; c >= 0 && c != child; c = g->a.nodes[c].next_sibling)
        (*index)++;
    return p;
}

/* Whether call node p calls a function of the system headers. */
static bool system_callee(gen *g, int p)
{
    CXCursor callee = clang_getCursorReferenced(g->a.nodes[p].cursor);
    return !clang_Cursor_isNull(callee) &&
           clang_Location_isInSystemHeader(clang_getCursorLocation(callee));
}

/* fread(&A[i][j], ...), fwrite(A[i], ...): the buffer argument that a
 * subscripted distributed array (at top) is, or -1. */
static int io_buffer(gen *g, int top)
{
    int n = top, p = ast_real_parent(&g->a, top), arg, index;
    if (p >= 0 && g->a.nodes[p].kind == CXCursor_UnaryOperator &&
        clang_getCursorUnaryOperatorKind(g->a.nodes[p].cursor) == CXUnaryOperator_AddrOf)
        n = p;
    int call = call_argument(g, n, &arg, &index);
    if (call < 0 || index != 0 || g->a.nodes[arg].from_macro || !system_callee(g, call))
        return -1;
    char *fname = ast_spelling(&g->a.nodes[call]);
    bool io = !strcmp(fname, "fread") || !strcmp(fname, "fwrite");
    free(fname);
    return io ? arg : -1;
}

/* Whether the function defined at node fn uses its parameter parm (a
 * node) as C memory: subscripts it, dereferences it, or adds to it. */
static bool parameter_used_as_memory(gen *g, int fn, int parm)
{
    for (int n = fn + 1; n < g->a.count && g->a.nodes[n].start < g->a.nodes[fn].end; n++) {
        if (g->a.nodes[n].kind != CXCursor_DeclRefExpr ||
            !clang_equalCursors(clang_getCursorReferenced(g->a.nodes[n].cursor), g->a.nodes[parm].cursor))
            continue;
        int p = ast_real_parent(&g->a, n);
        if (p < 0)
            continue;
        const node *pn = &g->a.nodes[p];
        if (pn->kind == CXCursor_ArraySubscriptExpr && ast_child_towards(&g->a, p, n) == pn->first_child)
            return true;
        if (pn->kind == CXCursor_UnaryOperator &&
            clang_getCursorUnaryOperatorKind(pn->cursor) == CXUnaryOperator_Deref)
            return true;
        if (pn->kind == CXCursor_BinaryOperator || pn->kind == CXCursor_CompoundAssignOperator) {
            enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(pn->cursor);
            if (op == CXBinaryOperator_Add || op == CXBinaryOperator_Sub ||
                op == CXBinaryOperator_AddAssign || op == CXBinaryOperator_SubAssign)
                return true;
        }
    }
    return false;
}

/* A distributed array passed whole (`f(A)`) to a function that would take
 * the descriptor for the elements: C's memory functions, and a function
 * of this file that subscripts its parameter without declaring it with
 * 'inherit'. Reported; other callees (fwrite, inherit parameters, a
 * function that passes the pointer on) are left alone. */
static void bare_argument(gen *g, int ref, dobj *o)
{
    int arg, index, call = call_argument(g, ref, &arg, &index);
    if (call < 0 || index < 0)
        return;
    CXCursor callee = clang_getCursorReferenced(g->a.nodes[call].cursor);
    if (clang_Cursor_isNull(callee) || clang_getCursorKind(callee) != CXCursor_FunctionDecl)
        return;
    char *fname = ast_spelling(&g->a.nodes[call]);
    if (system_callee(g, call)) {
        static const char *memory[] = {"memset", "memcpy", "memmove", "memcmp", "qsort", "bsearch",
                                       NULL};
        for (int k = 0; memory[k]; k++)
            if (!strcmp(fname, memory[k]))
                gen_error(g, g->a.nodes[ref].start,
                          "not supported yet: '%s' of the distributed array '%s' (its elements are "
                          "not in C's memory layout: use a parallel loop)",
                          fname, o->name);
        free(fname);
        return;
    }
    CXCursor defn = clang_getCursorDefinition(callee);
    int fn = -1;
    for (int n = 0; n < g->a.count && !clang_Cursor_isNull(defn); n++)
        if (g->a.nodes[n].kind == CXCursor_FunctionDecl && clang_equalCursors(g->a.nodes[n].cursor, defn)) {
            fn = n;
            break;
        }
    CXCursor pc = fn >= 0 ? clang_Cursor_getArgument(defn, (unsigned)index) : clang_getNullCursor();
    int parm = clang_Cursor_isNull(pc) ? -1 : ast_find_decl(&g->a, pc);
    if (parm < 0) {
        free(fname);
        return;
    }
    char *pname = ast_spelling(&g->a.nodes[parm]);
    bool inherited = false;
    for (int k = 0; k < g->dir_count && !inherited; k++) {
        const attached *at = &g->dirs[k];
        if (!at->dir || at->dir->kind != DIR_INHERIT || at->node < 0 ||
            !clang_equalCursors(g->a.nodes[at->node].cursor, defn))
            continue;
        for (int j = 0; j < at->dir->name_count; j++)
            inherited |= !strcmp(at->dir->names[j], pname);
    }
    if (!inherited && parameter_used_as_memory(g, fn, parm))
        gen_error(g, g->a.nodes[ref].start,
                  "distributed array '%s' passed to '%s', whose parameter '%s' is not declared "
                  "with '#pragma dvm inherit(%s)' (the function would take the array's "
                  "descriptor for its elements)",
                  o->name, fname, pname, pname);
    free(pname);
    free(fname);
}

static void subscripts(edit *e, int count, const size_t *is, const size_t *ie)
{
    for (int k = 0; k < count; k++) {
        edit_lit(e, ", ");
        edit_range(e, is[k], ie[k]);
    }
}

/* Assignment ap (=, op=, ++, --) of a distributed element inside an
 * expression: DVMH_SET(A, T, check, value, subscripts), which every
 * process evaluates (reads through DVMH_RD) and the owner stores; its
 * value is the value stored, as the assignment's is. */
static void embedded_assignment(gen *g, int ap, dobj *o, const size_t *is, const size_t *ie)
{
    const node *pn = &g->a.nodes[ap];
    int check = g->check ? 1 : 0;
    edit *e = edit_begin(&g->e, pn->start, pn->end);
    if (pn->kind == CXCursor_UnaryOperator) {
        enum CXUnaryOperatorKind op = clang_getCursorUnaryOperatorKind(pn->cursor);
        const char *delta = op == CXUnaryOperator_PostInc || op == CXUnaryOperator_PreInc ? "+ 1" : "- 1";
        if (op == CXUnaryOperator_PreInc || op == CXUnaryOperator_PreDec) {
            edit_litf(e, "DVMH_SET(%s, %s, %d, DVMH_RD(%s, %s", o->desc, o->elem, check, o->desc, o->elem);
            subscripts(e, o->rank, is, ie);
            edit_litf(e, ") %s", delta);
        } else {
            /* the value before */
            edit_litf(e, "DVMH_SET_POST(%s, %s, %d, %s", o->desc, o->elem, check, delta);
            subscripts(e, o->rank, is, ie);
            edit_lit(e, ")");
            return;
        }
        subscripts(e, o->rank, is, ie);
        edit_lit(e, ")");
        return;
    }
    int lhs = pn->first_child, rhs = g->a.nodes[lhs].next_sibling;
    edit_litf(e, "DVMH_SET(%s, %s, %d, ", o->desc, o->elem, check);
    if (clang_getCursorBinaryOperatorKind(pn->cursor) != CXBinaryOperator_Assign) {
        /* A[i] op= v: the operator's text without its '=' */
        char *between = ast_text(&g->a, g->a.nodes[lhs].end, g->a.nodes[rhs].start);
        char *o1 = between;
        while (*o1 == ' ' || *o1 == '\t' || *o1 == '\n')
            o1++;
        size_t len = strcspn(o1, "=");
        edit_litf(e, "DVMH_RD(%s, %s", o->desc, o->elem);
        subscripts(e, o->rank, is, ie);
        edit_litf(e, ") %.*s ", (int)len, o1);
        free(between);
    }
    edit_lit(e, "(");
    edit_range(e, g->a.nodes[rhs].start, g->a.nodes[rhs].end);
    edit_lit(e, ")");
    subscripts(e, o->rank, is, ie);
    edit_lit(e, ")");
}

/* sizeof(*A), sizeof(A[0]): the original C type */
static void sizeof_reference(gen *g, int so)
{
    int operand = g->a.nodes[so].first_child;
    if (operand < 0 || edit_exists(&g->e, g->a.nodes[so].start, g->a.nodes[so].end))
        return;
    char *ts = type_spelling(clang_getCursorType(g->a.nodes[operand].cursor));
    edit *e = edit_begin(&g->e, g->a.nodes[so].start, g->a.nodes[so].end);
    edit_litf(e, "sizeof(%s)", ts);
    free(ts);
}

/* A without subscripts: malloc/free, or the descriptor as a pointer. */
static void whole_array_reference(gen *g, int ref, dobj *o)
{
    if (o->pointer && heap_statement(g, ref, o))
        return;
    /* *A, A + k: the array's memory as C lays it out, which a distributed
     * array does not have */
    int p = ast_real_parent(&g->a, ref);
    const node *pn = p >= 0 ? &g->a.nodes[p] : NULL;
    bool deref = pn && pn->kind == CXCursor_UnaryOperator &&
                 clang_getCursorUnaryOperatorKind(pn->cursor) == CXUnaryOperator_Deref;
    enum CXBinaryOperatorKind op = pn ? clang_getCursorBinaryOperatorKind(pn->cursor) : 0;
    bool arith = pn && (pn->kind == CXCursor_BinaryOperator || pn->kind == CXCursor_CompoundAssignOperator) &&
                 (op == CXBinaryOperator_Add || op == CXBinaryOperator_Sub ||
                  op == CXBinaryOperator_AddAssign || op == CXBinaryOperator_SubAssign);
    if (deref || arith) {
        gen_error(g, pn->start,
                  "not supported yet: %s of the distributed array '%s' (write its elements "
                  "with all their subscripts: %s[0]...)",
                  deref ? "'*' (a dereference)" : "pointer arithmetic", o->name, o->name);
        return;
    }
    bare_argument(g, ref, o);
    edit *e = edit_begin(&g->e, g->a.nodes[ref].start, g->a.nodes[ref].end);
    edit_litf(e, "((void *)%s)", o->desc);
}

/* An assignment inside an expression to an element (embedded_assignment),
 * or to a member of one (refused): whether it was handled. */
static bool assignment_in_expression(gen *g, int top, dobj *o, const size_t *is, const size_t *ie)
{
    node *tn = &g->a.nodes[top];
    if (assignment_statement(g, top) >= 0 || in_remote_block(g, top))
        return false;
    int place = element_place(g, top);
    int ap = ast_real_parent(&g->a, place);
    if (ap < 0 || assignment_target(g, ap) < 0 ||
        ast_child_towards(&g->a, ap, place) != g->a.nodes[ap].first_child)
        return false;
    if (place != top)
        gen_error(g, tn->start,
                  "not supported yet: a member of an element of the distributed array '%s' "
                  "assigned inside an expression (assign it in a statement of its own)",
                  o->name);
    else if (tn->from_macro || g->a.nodes[ap].from_macro)
        gen_error(g, tn->start,
                  "not supported yet: distributed array '%s' assigned inside an expression in "
                  "a macro",
                  o->name);
    else
        embedded_assignment(g, ap, o, is, ie);
    return true;
}

/* Owner computes: the assignment statement p to the element is run by
 * the element's owner alone. */
static void owner_guard(gen *g, int p, dobj *o, const int *idx)
{
    node *pn = &g->a.nodes[p];
    size_t end = ast_stmt_end(&g->a, p);
    edit *guard = edit_begin(&g->e, pn->start, end);
    /* check mode: the runtime also records the write (a shadow_renew is due) */
    edit_litf(guard, "{ if (%s(%s", g->check ? "DVMH_CHECK_OWNS_W" : "DVMH_OWNS_W", o->desc);
    for (int k = 0; k < o->rank; k++) {
        edit_lit(guard, ", ");
        edit_range(guard, g->a.nodes[idx[k]].start, g->a.nodes[idx[k]].end);
    }
    edit_lit(guard, ")) { ");
    /* a function of the program called by the statement runs on the
     * owner alone: its host reads are the owner's, not collective */
    bool calls = false;
    for (int n = p + 1; n < g->a.count && g->a.nodes[n].start < end && !calls; n++) {
        calls = g->a.nodes[n].kind == CXCursor_CallExpr && !system_callee(g, n);
    }
    if (calls)
        edit_lit(guard, "dvmh_owner_depth++; ");
    edit_range(guard, pn->start, end);
    edit_lit(guard, calls ? " dvmh_owner_depth--; } }" : " } }");
}

/* NAME(desc, elem, subscripts...) */
static void access_macro(edit *e, const char *name, const dobj *o, const size_t *is,
                         const size_t *ie)
{
    edit_litf(e, "%s(%s, %s", name, o->desc, o->elem);
    subscripts(e, o->rank, is, ie);
    edit_lit(e, ")");
}

/* A[i][j] with all its subscripts outside parallel loops. */
static void element_reference(gen *g, int top, const int *idx, dobj *o)
{
    node *tn = &g->a.nodes[top];
    /* the text of the reference and its subscripts: inside a macro, where
     * the macro's argument spells them (Max(A[i][j], e)), for reads */
    size_t rs, re, is[DIR_MAX_RANK], ie[DIR_MAX_RANK];
    int taken = in_local_range(g, top) ? -1 : address_taken(g, top);
    bool spelled = ast_reference_text(&g->a, top, idx, o->rank, &rs, &re, is, ie);
    if (assignment_in_expression(g, top, o, is, ie))
        return;
    int stmt = assignment_statement(g, top);
    if (tn->from_macro) {
        if (!spelled || taken >= 0 || stmt >= 0) {
            gen_error(g, tn->start,
                      "not supported yet: distributed array '%s' written, or referenced by a "
                      "macro's definition, inside a macro",
                      o->name);
            return;
        }
        /* the argument's other expansions share the text */
        if (edit_exists(&g->e, rs, re))
            return;
    }
    edit *e = edit_begin(&g->e, rs, re);
    if (taken >= 0) {
        /* a pointer every process may write through: the holders' own
         * element, a scratch copy elsewhere */
        edit_litf(e, "DVMH_REF(%s, %s, %d", o->desc, o->elem, taken);
        subscripts(e, o->rank, is, ie);
        edit_lit(e, ")");
    } else if (!reads_locally(g, top)) {
        /* a value every process reads: fetched from its owner if need be */
        access_macro(e, "DVMH_RD", o, is, ie);
    } else if (stmt < 0 && !in_remote_block(g, top)) {
        /* read by the owner of an owner-computes statement's element: it
         * must hold it (an element another process holds needs
         * remote_access); checked, so that a far one stops the program
         * naming the line instead of reading what lies there */
        access_macro(e, "DVMH_ATC", o, is, ie);
    } else {
        if (o->rank <= 4) {
            char name[16];
            snprintf(name, sizeof name, "DVMH_AT%d", o->rank);
            access_macro(e, name, o, is, ie);
        } else {
            edit_litf(e, "(*(%s *)dvmh_elem_addr(%s, (dvmh_idx[]){", o->elem, o->desc);
            for (int k = 0; k < o->rank; k++) {
                if (k)
                    edit_lit(e, ", ");
                edit_range(e, is[k], ie[k]);
            }
            edit_lit(e, "}))");
        }
        if (stmt >= 0)
            owner_guard(g, stmt, o, idx);
    }
}

static void array_reference(gen *g, int ref, dobj *o)
{
    /* climb the subscripts of which this reference is the base */
    int idx[DIR_MAX_RANK + 1], subs;
    int top = ast_subscript_chain(&g->a, ref, idx, DIR_MAX_RANK, &subs);
    node *tn = &g->a.nodes[top];
    int so = sizeof_of(g, ref);
    if (so >= 0) {
        sizeof_reference(g, so);
        return;
    }
    if (subs == 0) {
        whole_array_reference(g, ref, o);
        return;
    }
    int io = tn->from_macro ? -1 : io_buffer(g, top);
    if (io >= 0) {
        /* the array's elements in row-major order from this one */
        size_t rs, re, is[DIR_MAX_RANK], ie[DIR_MAX_RANK];
        ast_reference_text(&g->a, top, idx, subs, &rs, &re, is, ie);
        edit *e = edit_begin(&g->e, g->a.nodes[io].start, g->a.nodes[io].end);
        edit_litf(e, "DVMH_IO_AT(%s, %d", o->desc, subs);
        subscripts(e, subs, is, ie);
        edit_lit(e, ")");
        return;
    }
    if (subs != o->rank) {
        gen_error(g, tn->start, "not supported yet: '%s' with %d of its %d subscripts outside a parallel loop",
                  o->name, subs, o->rank);
        return;
    }
    element_reference(g, top, idx, o);
}

void refs_gen(gen *g)
{
    collect_local_ranges(g);
    for (int n = 0; n < g->a.count; n++) {
        node *nd = &g->a.nodes[n];
        if (nd->kind == CXCursor_DeclRefExpr) {
            if (gen_in_parallel_loop(g, nd->start))
                continue;
            dobj *o = gen_find_obj(g, ast_referenced(&g->a, n));
            if (o && !o->is_template)
                array_reference(g, n, o);
            else if (o && o->is_template)
                gen_error(g, nd->start, "template '%s' can only be used in directives", o->name);
            continue;
        }
        if (nd->kind == CXCursor_CallExpr) {
            if (gen_in_parallel_loop(g, nd->start) || nd->from_macro)
                continue;
            CXCursor callee = clang_getCursorReferenced(nd->cursor);
            if (clang_Cursor_isNull(callee))
                continue;
            CXString s = clang_getCursorSpelling(callee);
            bool ours = is_runtime_call(clang_getCString(s)) &&
                        clang_Location_isInSystemHeader(clang_getCursorLocation(callee));
            clang_disposeString(s);
            if (!ours)
                continue;
            int c0 = nd->first_child;
            while (c0 >= 0 && g->a.nodes[c0].kind == CXCursor_UnexposedExpr)
                c0 = g->a.nodes[c0].first_child;
            if (c0 < 0 || g->a.nodes[c0].kind != CXCursor_DeclRefExpr || g->a.nodes[c0].from_macro)
                continue;
            char *name = ast_spelling(&g->a.nodes[c0]);
            edit *e = edit_begin(&g->e, g->a.nodes[c0].start, g->a.nodes[c0].end);
            edit_litf(e, "dvmh_%s", name);
            free(name);
        }
    }
    free(g->local_reads);
    g->local_reads = NULL;
    g->local_read_count = 0;
}
