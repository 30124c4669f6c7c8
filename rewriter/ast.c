/* ast.c: building the flat cursor tree of the main file (see ast.h). */
#include "alloc.h"
#include "ast.h"

#include <stdlib.h>
#include <string.h>

typedef struct build_state {
    ast *a;
    int parent;
    int last_child;
} build_state;

static bool offsets_of(ast *a, CXCursor c, size_t *start, size_t *end, bool *from_macro)
{
    CXSourceRange r = clang_getCursorExtent(c);
    CXSourceLocation b = clang_getRangeStart(r), e = clang_getRangeEnd(r);
    CXFile fb, fe;
    unsigned ob, oe;
    clang_getExpansionLocation(b, &fb, NULL, NULL, &ob);
    clang_getExpansionLocation(e, &fe, NULL, NULL, &oe);
    if (!fb || !clang_File_isEqual(fb, a->file) || !fe || !clang_File_isEqual(fe, a->file))
        return false;
    CXFile sb, se;
    unsigned osb, ose;
    clang_getSpellingLocation(b, &sb, NULL, NULL, &osb);
    clang_getSpellingLocation(e, &se, NULL, NULL, &ose);
    *from_macro = !sb || !se || osb != ob || ose != oe;
    *start = ob;
    *end = oe;
    return oe >= ob && oe <= a->text_len;
}

static enum CXChildVisitResult visit(CXCursor c, CXCursor parent, CXClientData data);

static int add_node(ast *a, CXCursor c, size_t start, size_t end, bool from_macro, int parent)
{
    a->nodes = xgrow(a->nodes, &a->capacity, a->count + 1);
    node *n = &a->nodes[a->count];
    n->cursor = c;
    n->kind = clang_getCursorKind(c);
    n->start = start;
    n->end = end;
    n->from_macro = from_macro;
    n->foreign = false;
    n->header = -1;
    n->hstart = 0;
    n->parent = parent;
    n->first_child = n->next_sibling = -1;
    return a->count++;
}

static enum CXChildVisitResult visit(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    build_state *s = data;
    ast *a = s->a;
    /* macro expansions and directives are not constructs of the program */
    if (clang_isPreprocessing(clang_getCursorKind(c)))
        return CXChildVisit_Continue;
    size_t start, end;
    bool from_macro;
    if (!offsets_of(a, c, &start, &end, &from_macro))
        return CXChildVisit_Continue;
    int idx = add_node(a, c, start, end, from_macro, s->parent);
    if (s->last_child >= 0)
        a->nodes[s->last_child].next_sibling = idx;
    else if (s->parent >= 0)
        a->nodes[s->parent].first_child = idx;
    s->last_child = idx;
    build_state inner = {a, idx, -1};
    clang_visitChildren(c, visit, &inner);
    return CXChildVisit_Continue;
}

void ast_build(ast *a)
{
    build_state s = {a, -1, -1};
    clang_visitChildren(clang_getTranslationUnitCursor(a->tu), visit, &s);
}

int ast_add_foreign(ast *a, CXCursor c, size_t at, int header, size_t hstart)
{
    int k = add_node(a, c, at, at, false, -1);
    a->nodes[k].foreign = true;
    a->nodes[k].header = header;
    a->nodes[k].hstart = hstart;
    return k;
}

bool ast_in_skipped_range(CXTranslationUnit tu, CXFile file, size_t offset)
{
    CXSourceRangeList *list = clang_getSkippedRanges(tu, file);
    bool inside = false;
    for (unsigned k = 0; list && k < list->count && !inside; k++) {
        unsigned s, e;
        clang_getExpansionLocation(clang_getRangeStart(list->ranges[k]), NULL, NULL, NULL, &s);
        clang_getExpansionLocation(clang_getRangeEnd(list->ranges[k]), NULL, NULL, NULL, &e);
        inside = offset >= s && offset < e;
    }
    clang_disposeSourceRangeList(list);
    return inside;
}

void ast_free(ast *a)
{
    free(a->nodes);
    a->nodes = NULL;
    a->count = a->capacity = 0;
}

void text_line_col(const char *text, size_t len, size_t offset, unsigned *line, unsigned *col)
{
    unsigned l = 1;
    size_t ls = 0;
    for (size_t k = 0; k < offset && k < len; k++)
        if (text[k] == '\n') {
            l++;
            ls = k + 1;
        }
    *line = l;
    *col = (unsigned)(offset - ls + 1);
}

void ast_line_col(const ast *a, size_t offset, unsigned *line, unsigned *col)
{
    text_line_col(a->text, a->text_len, offset, line, col);
}

char *ast_text(const ast *a, size_t start, size_t end)
{
    if (end < start)
        end = start;
    return xstrndup(a->text + start, end - start);
}

int ast_function_definition(const ast *a, CXCursor f)
{
    CXCursor def = clang_getCursorDefinition(f);
    if (clang_Cursor_isNull(def) || clang_getCursorKind(def) != CXCursor_FunctionDecl)
        return -1;
    for (int n = 0; n < a->count; n++)
        if (a->nodes[n].kind == CXCursor_FunctionDecl && a->nodes[n].parent == -1 &&
            clang_equalCursors(a->nodes[n].cursor, def))
            return n;
    return -1;
}

bool ast_macro_arg_range(const ast *a, int n, bool spelled, size_t *start, size_t *end)
{
    const node *nd = &a->nodes[n];
    if (!nd->from_macro)
        return false;
    CXSourceRange r = clang_getCursorExtent(nd->cursor);
    CXSourceLocation lb = clang_getRangeStart(r), le = clang_getRangeEnd(r);
    CXFile fb, fe;
    unsigned ob, oe;
    /* where the text stands in the file: for a token of an argument, where
     * it is written; for one of a macro's definition, where it expands */
    clang_getFileLocation(lb, &fb, NULL, NULL, &ob);
    clang_getFileLocation(le, &fe, NULL, NULL, &oe);
    if (!fb || !fe || !clang_File_isEqual(fb, a->file) || !clang_File_isEqual(fe, a->file) ||
        ob >= oe || oe > a->text_len || ob < nd->start)
        return false;
    if (spelled) {
        /* the first and last tokens written there, not in a definition */
        CXFile sb, se;
        unsigned osb, ose;
        clang_getSpellingLocation(lb, &sb, NULL, NULL, &osb);
        clang_getSpellingLocation(le, &se, NULL, NULL, &ose);
        if (!sb || !se || !clang_File_isEqual(sb, a->file) || !clang_File_isEqual(se, a->file) ||
            osb != ob || ose != oe)
            return false;
    }
    /* one argument: brackets balance, no comma between arguments */
    int depth = 0;
    for (size_t k = ob; k < oe; k++) {
        char ch = a->text[k];
        if (ch == '(' || ch == '[' || ch == '{')
            depth++;
        else if (ch == ')' || ch == ']' || ch == '}')
            depth--;
        if (depth < 0 || (depth == 0 && ch == ','))
            return false;
    }
    if (depth)
        return false;
    *start = ob;
    *end = oe;
    return true;
}

bool ast_reference_text(const ast *a, int ref, const int *idx, int count, size_t *rs, size_t *re,
                        size_t *is, size_t *ie)
{
    const node *nd = &a->nodes[ref];
    if (!nd->from_macro) {
        *rs = nd->start;
        *re = nd->end;
    } else if (!ast_macro_arg_range(a, ref, true, rs, re)) {
        return false;
    }
    for (int d = 0; d < count; d++) {
        const node *sd = &a->nodes[idx[d]];
        if (!nd->from_macro) {
            is[d] = sd->start;
            ie[d] = sd->end;
        } else if (!ast_macro_arg_range(a, idx[d], false, &is[d], &ie[d]) || is[d] < *rs ||
                   ie[d] > *re) {
            return false;
        }
    }
    return true;
}

char *ast_spelling(const node *n)
{
    CXString s = clang_getCursorSpelling(n->cursor);
    char *r = xstrdup(clang_getCString(s));
    clang_disposeString(s);
    return r;
}

char *type_spelling(CXType t)
{
    CXString s = clang_getTypeSpelling(t);
    char *r = xstrdup(clang_getCString(s));
    clang_disposeString(s);
    return r;
}

int ast_find_decl(const ast *a, CXCursor decl)
{
    if (clang_Cursor_isNull(decl))
        return -1;
    CXCursor canon = clang_getCanonicalCursor(decl);
    for (int k = 0; k < a->count; k++) {
        enum CXCursorKind kind = a->nodes[k].kind;
        if (kind != CXCursor_VarDecl && kind != CXCursor_ParmDecl)
            continue;
        if (clang_equalCursors(clang_getCanonicalCursor(a->nodes[k].cursor), canon))
            return k;
    }
    return -1;
}

int ast_referenced(const ast *a, int n)
{
    return ast_find_decl(a, clang_getCursorReferenced(a->nodes[n].cursor));
}

static bool scope_contains(const ast *a, int decl, size_t offset)
{
    int scope = a->nodes[decl].parent;
    if (scope >= 0 && a->nodes[scope].kind == CXCursor_DeclStmt)
        scope = a->nodes[scope].parent;
    if (scope < 0)
        return true;
    return a->nodes[scope].start <= offset && offset < a->nodes[scope].end;
}

int ast_lookup(const ast *a, const char *name, size_t offset)
{
    int best = -1;
    for (int k = 0; k < a->count; k++) {
        const node *n = &a->nodes[k];
        if ((n->kind != CXCursor_VarDecl && n->kind != CXCursor_ParmDecl) || n->start > offset)
            continue;
        char *s = ast_spelling(n);
        bool same = !strcmp(s, name);
        free(s);
        if (same && scope_contains(a, k, offset) && (best < 0 || n->start >= a->nodes[best].start))
            best = k;
    }
    return best;
}

int ast_ancestor(const ast *a, int n, enum CXCursorKind kind)
{
    for (int p = a->nodes[n].parent; p >= 0; p = a->nodes[p].parent)
        if (a->nodes[p].kind == kind)
            return p;
    return -1;
}

int ast_last_child(const ast *a, int n)
{
    int last = -1;
    for (int c = a->nodes[n].first_child; c >= 0; c = a->nodes[c].next_sibling)
        last = c;
    return last;
}

int ast_real_parent(const ast *a, int n)
{
    int p = a->nodes[n].parent;
    while (p >= 0 && (a->nodes[p].kind == CXCursor_UnexposedExpr ||
                      a->nodes[p].kind == CXCursor_ParenExpr))
        p = a->nodes[p].parent;
    return p;
}

int ast_child_towards(const ast *a, int p, int n)
{
    while (n >= 0 && a->nodes[n].parent != p)
        n = a->nodes[n].parent;
    return n;
}

int ast_subscript_chain(const ast *a, int ref, int *idx, int max, int *subs)
{
    int top = ref;
    *subs = 0;
    for (;;) {
        int p = ast_real_parent(a, top);
        if (p < 0 || a->nodes[p].kind != CXCursor_ArraySubscriptExpr ||
            ast_child_towards(a, p, top) != a->nodes[p].first_child)
            return top;
        if (*subs < max)
            idx[*subs] = ast_nth_child(a, p, 1);
        (*subs)++;
        top = p;
    }
}

int ast_nth_child(const ast *a, int n, int index)
{
    int c = a->nodes[n].first_child;
    while (c >= 0 && index-- > 0)
        c = a->nodes[c].next_sibling;
    return c;
}

int ast_child_count(const ast *a, int n)
{
    int count = 0;
    for (int c = a->nodes[n].first_child; c >= 0; c = a->nodes[c].next_sibling)
        count++;
    return count;
}

size_t ast_skip_blanks(const ast *a, size_t k)
{
    const char *t = a->text;
    while (k < a->text_len) {
        if (t[k] == ' ' || t[k] == '\t' || t[k] == '\n' || t[k] == '\r')
            k++;
        else if (t[k] == '/' && k + 1 < a->text_len && t[k + 1] == '/')
            while (k < a->text_len && t[k] != '\n')
                k++;
        else if (t[k] == '/' && k + 1 < a->text_len && t[k + 1] == '*') {
            k += 2;
            while (k + 1 < a->text_len && !(t[k] == '*' && t[k + 1] == '/'))
                k++;
            k += 2;
        } else
            break;
    }
    return k;
}

size_t ast_stmt_end(const ast *a, int n)
{
    size_t e = a->nodes[n].end;
    if (a->nodes[n].kind == CXCursor_CompoundStmt)
        return e;
    if (e > 0 && a->text[e - 1] == ';')
        return e;
    size_t k = ast_skip_blanks(a, e);
    if (k < a->text_len && a->text[k] == ';')
        return k + 1;
    return e;
}

size_t ast_goto_target(const ast *a, int j)
{
    CXCursor label = clang_getCursorReferenced(a->nodes[j].cursor);
    for (int c = a->nodes[j].first_child; c >= 0 && clang_Cursor_isNull(label);
         c = a->nodes[c].next_sibling)
        label = clang_getCursorReferenced(a->nodes[c].cursor);
    unsigned off = 0;
    clang_getExpansionLocation(clang_getRangeStart(clang_getCursorExtent(label)), NULL, NULL,
                               NULL, &off);
    return off;
}
