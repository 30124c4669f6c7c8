/* gen.c: the services the code generators share (see gen.h). */
#include "alloc.h"
#include "gen.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

static void gen_vdiag(gen *g, cdvmh_severity s, size_t offset, const char *fmt, va_list ap)
{
    char *message = str_vprintf(fmt, ap);
    unsigned line, col;
    ast_line_col(&g->a, offset, &line, &col);
    diag_add(g->diags, s, g->file, line, col, "%s", message);
    free(message);
}

void gen_error(gen *g, size_t offset, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    gen_vdiag(g, CDVMH_ERROR, offset, fmt, ap);
    va_end(ap);
}

void gen_remark(gen *g, size_t offset, const char *fmt, ...)
{
    if (!g->remarks)
        return;
    va_list ap;
    va_start(ap, fmt);
    gen_vdiag(g, CDVMH_REMARK, offset, fmt, ap);
    va_end(ap);
}

void gen_error_at(gen *g, dir_loc loc, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *message = str_vprintf(fmt, ap);
    va_end(ap);
    diag_add(g->diags, CDVMH_ERROR, g->dir_file ? g->dir_file : g->file, loc.line, loc.col, "%s",
             message);
    free(message);
}

dobj *gen_find_obj(gen *g, int decl)
{
    if (decl < 0)
        return NULL;
    CXCursor canon = clang_getCanonicalCursor(g->a.nodes[decl].cursor);
    dobj *bare = NULL;
    for (int k = 0; k < g->obj_count; k++)
        if (clang_equalCursors(clang_getCanonicalCursor(g->a.nodes[g->objs[k].decl].cursor), canon)) {
            /* a bare 'template' on an extern declaration gives no sizes:
             * the definition, where this file has it, does */
            if (!g->objs[k].is_template || g->objs[k].rank > 0)
                return &g->objs[k];
            if (!bare)
                bare = &g->objs[k];
        }
    return bare;
}

dobj *gen_lookup_obj(gen *g, const char *name, size_t offset)
{
    return gen_find_obj(g, ast_lookup(&g->a, name, offset));
}

attached *gen_attached(gen *g, int n, dir_kind kind)
{
    for (int k = 0; k < g->dir_count; k++)
        if (g->dirs[k].node == n && g->dirs[k].dir && g->dirs[k].dir->kind == kind)
            return &g->dirs[k];
    return NULL;
}

void gen_replace_pragma(gen *g, const attached *at, strbuf *b)
{
    /* keep the line count: the pragma may span continuation lines */
    for (size_t k = at->pragma->start; k < at->pragma->end; k++)
        if (g->a.text[k] == '\n')
            sb_add(b, "\n");
    edit *e = edit_begin(&g->e, at->pragma->start, at->pragma->end);
    edit_lit(e, b->s ? b->s : "");
    free(b->s);
    b->s = NULL;
    b->len = b->cap = 0;
}

/* The name a '#define NAME' or '#undef NAME' line at [k, e) names, or
 * NULL (another line). */
static char *macro_line_name(const char *t, size_t k, size_t e)
{
    while (k < e && (t[k] == ' ' || t[k] == '\t'))
        k++;
    if (k >= e || t[k] != '#')
        return NULL;
    k++;
    while (k < e && (t[k] == ' ' || t[k] == '\t'))
        k++;
    size_t w = 0;
    if (e - k > 6 && !strncmp(t + k, "define", 6))
        w = 6;
    else if (e - k > 5 && !strncmp(t + k, "undef", 5))
        w = 5;
    if (!w || (t[k + w] != ' ' && t[k + w] != '\t'))
        return NULL;
    k += w;
    while (k < e && (t[k] == ' ' || t[k] == '\t'))
        k++;
    size_t n = k;
    while (n < e && (isalnum((unsigned char)t[n]) || t[n] == '_'))
        n++;
    return n > k ? xstrndup(t + k, n - k) : NULL;
}

void gen_local_macros(gen *g, size_t fn_start, size_t loop_start, strbuf *before, strbuf *after)
{
    const char *t = g->a.text;
    char **names = NULL;
    int count = 0, cap = 0;
    strbuf lines = {0};
    for (size_t k = fn_start; k < loop_start && k < g->a.text_len;) {
        size_t e = k;
        while (e < g->a.text_len && t[e] != '\n')
            e++;
        while (e > k && e < g->a.text_len && t[e - 1] == '\\') {  /* continued */
            e++;
            while (e < g->a.text_len && t[e] != '\n')
                e++;
        }
        char *name = macro_line_name(t, k, e);
        if (name) {
            bool seen = false;
            for (int m = 0; m < count && !seen; m++)
                seen = !strcmp(names[m], name);
            if (!seen) {
                names = xgrow(names, &cap, count + 1);
                names[count++] = name;
            } else {
                free(name);
            }
            sb_addn(&lines, t + k, e - k);
            sb_add(&lines, "\n");
        }
        k = e + 1;
    }
    for (int m = 0; m < count; m++)
        sb_printf(before, "#pragma push_macro(\"%s\")\n", names[m]);
    if (lines.len)
        sb_add(before, lines.s);
    for (int m = count - 1; m >= 0; m--) {
        sb_printf(after, "#pragma pop_macro(\"%s\")\n", names[m]);
        free(names[m]);
    }
    free(names);
    free(lines.s);
}

int gen_parallel_loop_at(gen *g, size_t offset)
{
    int best = -1;
    for (int k = 0; k < g->dir_count; k++) {
        attached *at = &g->dirs[k];
        if (!at->dir || at->dir->kind != DIR_PARALLEL || at->node < 0 || at->task_loop)
            continue;
        size_t s = g->a.nodes[at->node].start, e = ast_stmt_end(&g->a, at->node);
        if (offset >= s && offset < e && (best < 0 || s > g->a.nodes[best].start))
            best = at->node;
    }
    return best;
}

bool gen_in_parallel_loop(gen *g, size_t offset)
{
    return gen_parallel_loop_at(g, offset) >= 0;
}

const char *gen_type_code(CXType t)
{
    t = clang_getCanonicalType(t);
    switch (t.kind) {
    case CXType_Char_S: case CXType_Char_U: return "DVMH_T_CHAR";
    case CXType_SChar: return "DVMH_T_SCHAR";
    case CXType_UChar: return "DVMH_T_UCHAR";
    case CXType_Bool: return "DVMH_T_BOOL";
    case CXType_Short: return "DVMH_T_SHORT";
    case CXType_UShort: return "DVMH_T_USHORT";
    case CXType_Int: case CXType_Enum: return "DVMH_T_INT";
    case CXType_UInt: return "DVMH_T_UINT";
    case CXType_Long: return "DVMH_T_LONG";
    case CXType_ULong: return "DVMH_T_ULONG";
    case CXType_LongLong: return "DVMH_T_LLONG";
    case CXType_ULongLong: return "DVMH_T_ULLONG";
    case CXType_Float: return "DVMH_T_FLOAT";
    case CXType_Double: return "DVMH_T_DOUBLE";
    case CXType_LongDouble: return "DVMH_T_LDOUBLE";
    default: return NULL;
    }
}

static bool is_array_type(CXType t)
{
    return t.kind == CXType_ConstantArray || t.kind == CXType_VariableArray ||
           t.kind == CXType_IncompleteArray || t.kind == CXType_DependentSizedArray;
}

char *gen_decl_text(CXType t, const char *name)
{
    strbuf b = {0};
    CXType cur = t;
    strbuf dims = {0};
    while (cur.kind == CXType_ConstantArray) {
        sb_printf(&dims, "[%lld]", clang_getArraySize(cur));
        cur = clang_getArrayElementType(cur);
    }
    char *ts = type_spelling(cur);
    sb_printf(&b, "%s %s%s", ts, name, dims.s ? dims.s : "");
    free(ts);
    free(dims.s);
    return sb_take(&b);
}

bool gen_data_shape(CXType t, int *rank, CXType *elem)
{
    int r = 0;
    CXType cur = t;
    if (cur.kind == CXType_Pointer) {
        CXType pointee = clang_getPointeeType(cur);
        if (pointee.kind == CXType_FunctionProto || pointee.kind == CXType_FunctionNoProto ||
            pointee.kind == CXType_Void)
            return false;
        cur = pointee;
        r = 1;
    } else if (!is_array_type(cur)) {
        return false;
    }
    while (is_array_type(cur)) {
        r++;
        cur = clang_getArrayElementType(cur);
    }
    *rank = r;
    *elem = cur;
    return true;
}

bool gen_data_fits(gen *g, CXType t, const char *name, size_t offset)
{
    int rank;
    CXType elem;
    if (!gen_data_shape(t, &rank, &elem) || rank <= DIR_MAX_RANK)
        return true;
    gen_error(g, offset, GEN_TOO_MANY_DIMS, name, rank, DIR_MAX_RANK);
    return false;
}

bool gen_array_param(CXCursor decl)
{
    return clang_getCursorKind(decl) == CXCursor_ParmDecl && is_array_type(clang_getCursorType(decl));
}

char *gen_extent_text(const char *name, int k)
{
    /* sizeof(name[0]..[0] (k times)) / sizeof(name[0]..[0] (k+1 times)) */
    strbuf b = {0};
    sb_printf(&b, "(dvmh_idx)(sizeof((%s)", name);
    for (int j = 0; j < k; j++)
        sb_add(&b, "[0]");
    sb_printf(&b, ") / sizeof((%s)", name);
    for (int j = 0; j <= k; j++)
        sb_add(&b, "[0]");
    sb_add(&b, "))");
    return sb_take(&b);
}

char *gen_data_args(CXCursor decl, const char *name)
{
    int rank;
    CXType elem, t = clang_getCursorType(decl);
    if (!gen_data_shape(t, &rank, &elem))
        return NULL;
    bool param = gen_array_param(decl);
    strbuf b = {0};
    sb_printf(&b, "%s, %d, (dvmh_idx[]){", name, rank);
    for (int k = 0; k < rank; k++) {
        if (k)
            sb_add(&b, ", ");
        if (k == 0 && (t.kind == CXType_Pointer || param)) {
            sb_add(&b, "-1");
            continue;
        }
        char *ext = gen_extent_text(name, k);
        sb_add(&b, ext);
        free(ext);
    }
    sb_printf(&b, "}, sizeof((%s)", name);
    for (int j = 0; j < rank; j++)
        sb_add(&b, "[0]");
    sb_add(&b, ")");
    return sb_take(&b);
}

char *gen_distr_text(const directive *d)
{
    strbuf b = {0};
    sb_add(&b, "(dvmh_distr[]){");
    for (int k = 0; k < d->distr_rank; k++) {
        const dir_distr *f = &d->distr[k];
        if (k)
            sb_add(&b, ", ");
        switch (f->kind) {
        case DIR_DISTR_NONE: sb_add(&b, "{DVMH_DISTR_NONE, NULL, 0, 0}"); break;
        case DIR_DISTR_BLOCK: sb_add(&b, "{DVMH_DISTR_BLOCK, NULL, 0, 0}"); break;
        case DIR_DISTR_WGTBLOCK:
            sb_printf(&b, "{DVMH_DISTR_WGTBLOCK, (%s), sizeof((%s)[0]), (%s)}", f->arg1, f->arg1,
                      f->arg2);
            break;
        case DIR_DISTR_GENBLOCK:
            sb_printf(&b, "{DVMH_DISTR_GENBLOCK, (%s), sizeof((%s)[0]), 0}", f->arg1, f->arg1);
            break;
        case DIR_DISTR_MULTBLOCK:
            sb_printf(&b, "{DVMH_DISTR_MULTBLOCK, NULL, 0, (%s)}", f->arg1);
            break;
        case DIR_DISTR_INDIRECT:
            sb_printf(&b, "{DVMH_DISTR_INDIRECT, (%s), sizeof((%s)[0]), 0}", f->arg1, f->arg1);
            break;
        }
    }
    sb_add(&b, "}");
    return sb_take(&b);
}

/* Rules of a mapping reference: LINEAR dims are positions of the index's
 * variable among vars. */
char *gen_rules_text(const dir_ref *r, char *const *vars, int var_count)
{
    strbuf b = {0};
    sb_add(&b, "(dvmh_rule[]){");
    for (int k = 0; k < r->rank; k++) {
        const dir_index *ix = &r->index[k];
        if (k)
            sb_add(&b, ", ");
        if (ix->kind == DIR_INDEX_EMPTY) {
            sb_add(&b, "{DVMH_RULE_ANY, 0, 0, 0}");
        } else if (ix->kind == DIR_INDEX_CONST) {
            sb_printf(&b, "{DVMH_RULE_CONST, 0, 0, (%s)}", ix->b);
        } else {
            int dim = 0;
            for (int v = 0; v < var_count; v++)
                if (vars[v] && !strcmp(vars[v], ix->var))
                    dim = v;
            sb_printf(&b, "{DVMH_RULE_LINEAR, %d, (%s), (%s)}", dim, ix->a, ix->b);
        }
    }
    sb_add(&b, "}");
    return sb_take(&b);
}

char *gen_range_text(const dir_range *r, int rank)
{
    if (rank == 0)
        return xstrdup("NULL");
    strbuf b = {0};
    sb_add(&b, "(dvmh_range[]){");
    for (int k = 0; k < rank; k++) {
        if (k)
            sb_add(&b, ", ");
        if (!r[k].lo)
            sb_add(&b, "{DVMH_WHOLE, DVMH_WHOLE}");
        else
            sb_printf(&b, "{(%s), (%s)}", r[k].lo, r[k].hi);
    }
    sb_add(&b, "}");
    return sb_take(&b);
}
