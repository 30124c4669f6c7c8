/* scope.c: names in directives looked up in the C program: the variables
 * declared in the main file visible at the directive, then whatever the
 * translation unit declares at file scope (functions, variables, enum
 * constants, types) and every macro. */
#include "alloc.h"
#include "scope.h"

#include <stdlib.h>
#include <string.h>

static dir_name_kind kind_of_type(CXType t)
{
    t = clang_getCanonicalType(t);
    switch (t.kind) {
    case CXType_Pointer: case CXType_ConstantArray: case CXType_IncompleteArray:
    case CXType_VariableArray: case CXType_DependentSizedArray:
        return DIR_NAME_ADDRESS;
    case CXType_Record:
        return DIR_NAME_RECORD;
    case CXType_FunctionProto: case CXType_FunctionNoProto:
        return DIR_NAME_FUNCTION;
    case CXType_Invalid: case CXType_Unexposed:
        return DIR_NAME_OTHER;
    default:
        return DIR_NAME_VALUE;
    }
}

/* The tokens of macro definition c (its name first): their spellings and,
 * when kinds is given, their kinds (free both, and each spelling). */
static char **macro_tokens(CXCursor c, unsigned *n, CXTokenKind **kinds)
{
    CXTranslationUnit tu = clang_Cursor_getTranslationUnit(c);
    CXToken *toks = NULL;
    clang_tokenize(tu, clang_getCursorExtent(c), &toks, n);
    char **text = xcalloc(*n ? *n : 1, sizeof *text);
    if (kinds)
        *kinds = xcalloc(*n ? *n : 1, sizeof **kinds);
    for (unsigned k = 0; k < *n; k++) {
        CXString sp = clang_getTokenSpelling(tu, toks[k]);
        text[k] = xstrdup(clang_getCString(sp) ? clang_getCString(sp) : "");
        clang_disposeString(sp);
        if (kinds)
            (*kinds)[k] = clang_getTokenKind(toks[k]);
    }
    clang_disposeTokens(tu, toks, *n);
    return text;
}

static void free_tokens(char **text, unsigned n)
{
    for (unsigned k = 0; k < n; k++)
        free(text[k]);
    free(text);
}

/* A macro whose body is a number or an arithmetic of numbers (#define N
 * 16, #define M (N + 1) counts as a name: not this) is a value, which '*'
 * cannot apply to; any other macro may be anything. */
static dir_name_kind kind_of_macro(CXCursor c)
{
    if (clang_Cursor_isMacroFunctionLike(c))
        return DIR_NAME_OTHER;
    unsigned n = 0;
    CXTokenKind *kinds = NULL;
    char **text = macro_tokens(c, &n, &kinds);
    bool number = n > 1;
    for (unsigned k = 1; k < n && number; k++) {
        const char *t = text[k];
        number = (kinds[k] == CXToken_Literal && t[0] != '"' && t[0] != '\'') ||
                 (kinds[k] == CXToken_Punctuation && strchr("+-*/%()", t[0]) && !t[1]);
    }
    free_tokens(text, n);
    free(kinds);
    return number ? DIR_NAME_VALUE : DIR_NAME_OTHER;
}

static dir_name_kind kind_of_cursor(CXCursor c)
{
    switch (clang_getCursorKind(c)) {
    case CXCursor_VarDecl: case CXCursor_ParmDecl:
        return kind_of_type(clang_getCursorType(c));
    case CXCursor_FunctionDecl:
        return DIR_NAME_FUNCTION;
    case CXCursor_EnumConstantDecl:
        return DIR_NAME_VALUE;
    case CXCursor_MacroDefinition:
        return kind_of_macro(c);
    case CXCursor_TypedefDecl:
        return DIR_NAME_TYPE;
    default:
        return DIR_NAME_NONE;
    }
}

static void add_global(name_scope *s, CXCursor c, dir_name_kind kind)
{
    CXString sp = clang_getCursorSpelling(c);
    const char *name = clang_getCString(sp);
    if (name && *name) {
        s->globals = xgrow(s->globals, &s->global_cap, s->global_count + 1);
        s->globals[s->global_count].name = xstrdup(name);
        s->globals[s->global_count].cursor = c;
        s->globals[s->global_count++].kind = kind;
    }
    clang_disposeString(sp);
}

static enum CXChildVisitResult visit_enum(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    if (clang_getCursorKind(c) == CXCursor_EnumConstantDecl)
        add_global(data, c, DIR_NAME_VALUE);
    return CXChildVisit_Continue;
}

static enum CXChildVisitResult visit_global(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    name_scope *s = data;
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k == CXCursor_EnumDecl) {
        clang_visitChildren(c, visit_enum, s);
        return CXChildVisit_Continue;
    }
    if (k == CXCursor_TypedefDecl) {
        /* typedef enum {A, B} T; */
        CXCursor under = clang_getTypeDeclaration(clang_getTypedefDeclUnderlyingType(c));
        if (clang_getCursorKind(under) == CXCursor_EnumDecl)
            clang_visitChildren(under, visit_enum, s);
    }
    dir_name_kind kind = kind_of_cursor(c);
    if (kind != DIR_NAME_NONE)
        add_global(s, c, kind);
    return CXChildVisit_Continue;
}

/* The file-scope names and macros, gathered at the first question. */
static void globals_ready(name_scope *s)
{
    if (!s->globals_built) {
        s->globals_built = true;
        clang_visitChildren(clang_getTranslationUnitCursor(s->a->tu), visit_global, s);
    }
}

static dir_name_kind lookup(void *ctx, const char *name)
{
    name_scope *s = ctx;
    const ast *a = s->a;
    int decl = ast_lookup(a, name, s->offset);
    if (decl >= 0)
        return kind_of_cursor(a->nodes[decl].cursor);
    /* local enum constants, typedefs and function declarations */
    for (int k = 0; k < a->count; k++) {
        enum CXCursorKind kind = a->nodes[k].kind;
        if (kind != CXCursor_EnumConstantDecl && kind != CXCursor_TypedefDecl &&
            kind != CXCursor_FunctionDecl)
            continue;
        char *sp = ast_spelling(&a->nodes[k]);
        bool same = !strcmp(sp, name);
        free(sp);
        if (same)
            return kind_of_cursor(a->nodes[k].cursor);
    }
    globals_ready(s);
    /* a macro of the name (it may be anything) wins over a declaration */
    dir_name_kind found = DIR_NAME_NONE;
    for (int k = 0; k < s->global_count; k++)
        if (!strcmp(s->globals[k].name, name) && found != DIR_NAME_OTHER)
            found = s->globals[k].kind;
    if (found != DIR_NAME_NONE)
        return found;
    /* the compiler's own names */
    if (!strncmp(name, "__", 2))
        return DIR_NAME_OTHER;
    return DIR_NAME_NONE;
}

/* The macro's tokens: NAME ( params ) body, or NAME body. */
static bool macro(void *ctx, const char *name, dir_macro *m)
{
    name_scope *s = ctx;
    memset(m, 0, sizeof *m);
    globals_ready(s);
    CXCursor c = clang_getNullCursor();
    for (int k = 0; k < s->global_count; k++)
        if (clang_getCursorKind(s->globals[k].cursor) == CXCursor_MacroDefinition &&
            !strcmp(s->globals[k].name, name))
            c = s->globals[k].cursor;
    if (clang_Cursor_isNull(c))
        return false;
    unsigned n = 0;
    char **text = macro_tokens(c, &n, NULL);
    unsigned at = 1;
    bool ok = n >= 1;
    m->function_like = clang_Cursor_isMacroFunctionLike(c);
    if (ok && m->function_like) {
        /* ( a , b ) */
        ok = at < n && !strcmp(text[at], "(");
        at++;
        m->params = xcalloc(DIR_MACRO_MAX_PARAMS, sizeof *m->params);
        while (ok && at < n && strcmp(text[at], ")")) {
            ok = m->nparams < DIR_MACRO_MAX_PARAMS && strcmp(text[at], "...") &&
                 (text[at][0] == '_' || (text[at][0] | 32) >= 'a') && (text[at][0] | 32) <= 'z';
            if (ok)
                m->params[m->nparams++] = xstrdup(text[at]);
            at++;
            if (ok && at < n && !strcmp(text[at], ","))
                at++;
        }
        ok = ok && at < n;
        at++;
    }
    if (ok) {
        m->body = xcalloc(n > at ? n - at : 1, sizeof *m->body);
        for (; at < n; at++)
            m->body[m->nbody++] = xstrdup(text[at]);
    }
    free_tokens(text, n);
    if (!ok)
        dir_macro_free(m);
    return ok;
}

dir_scope scope_of(name_scope *s)
{
    return (dir_scope){lookup, macro, s};
}

void scope_free(name_scope *s)
{
    for (int k = 0; k < s->global_count; k++)
        free(s->globals[k].name);
    free(s->globals);
    memset(s, 0, sizeof *s);
}
