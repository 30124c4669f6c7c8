/* cdvmh.c: cdvmh_rewrite: parse with libclang, find and attach the
 * directives, run the generators, render the edited text. Also the helpers
 * about types and clause texts that the generators share. */
#include "alloc.h"
#include "cuda.h"
#include "gen.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef CDVMH_RESOURCE_DIR
#define CDVMH_RESOURCE_DIR "/usr/lib/llvm-19/lib/clang/19"
#endif
#ifndef CDVMH_INCLUDE_DIR
#define CDVMH_INCLUDE_DIR "."
#endif

static void vgen_diag(gen *g, cdvmh_severity s, size_t offset, const char *fmt, va_list ap)
{
    char buf[1024];
    vsnprintf(buf, sizeof buf, fmt, ap);
    unsigned line, col;
    ast_line_col(&g->a, offset, &line, &col);
    diag_add(g->diags, s, g->file, line, col, "%s", buf);
}

void gen_error(gen *g, size_t offset, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vgen_diag(g, CDVMH_ERROR, offset, fmt, ap);
    va_end(ap);
}

void gen_remark(gen *g, size_t offset, const char *fmt, ...)
{
    if (!g->remarks)
        return;
    va_list ap;
    va_start(ap, fmt);
    vgen_diag(g, CDVMH_REMARK, offset, fmt, ap);
    va_end(ap);
}

void gen_error_at(gen *g, dir_loc loc, const char *fmt, ...)
{
    char buf[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    diag_add(g->diags, CDVMH_ERROR, g->file, loc.line, loc.col, "%s", buf);
}

dobj *gen_find_obj(gen *g, int decl)
{
    if (decl < 0)
        return NULL;
    CXCursor canon = clang_getCanonicalCursor(g->a.nodes[decl].cursor);
    for (int k = 0; k < g->obj_count; k++)
        if (clang_equalCursors(clang_getCanonicalCursor(g->a.nodes[g->objs[k].decl].cursor), canon))
            return &g->objs[k];
    return NULL;
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

char *gen_data_args(CXType t, const char *name)
{
    int rank;
    CXType elem;
    if (!gen_data_shape(t, &rank, &elem))
        return NULL;
    strbuf b = {0};
    sb_printf(&b, "%s, %d, (dvmh_idx[]){", name, rank);
    for (int k = 0; k < rank; k++) {
        if (k)
            sb_add(&b, ", ");
        if (k == 0 && t.kind == CXType_Pointer) {
            sb_add(&b, "-1");
            continue;
        }
        /* sizeof(name[0]..[0] (k times)) / sizeof(name[0]..[0] (k+1 times)) */
        sb_printf(&b, "(dvmh_idx)(sizeof((%s)", name);
        for (int j = 0; j < k; j++)
            sb_add(&b, "[0]");
        sb_printf(&b, ") / sizeof((%s)", name);
        for (int j = 0; j <= k; j++)
            sb_add(&b, "[0]");
        sb_add(&b, "))");
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
        }
    }
    sb_add(&b, "}");
    return sb_take(&b);
}

/* Rules of a mapping reference: LINEAR dims are positions of the index's
 * variable among vars. */
char *gen_rules_text(gen *g, const dir_ref *r, char *const *vars, int var_count, int rank)
{
    (void)g;
    (void)rank;
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

static char *read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    strbuf b = {0};
    char buf[65536];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, f)) > 0)
        sb_addn(&b, buf, n);
    fclose(f);
    *len = b.len;
    return sb_take(&b);
}

static bool in_skipped_range(CXTranslationUnit tu, CXFile file, size_t offset)
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

static const char *construct_name(dir_kind k)
{
    switch (k) {
    case DIR_ARRAY: case DIR_TEMPLATE: return "a variable declaration";
    case DIR_INHERIT: return "a function declaration";
    case DIR_PARALLEL: return "a 'for' loop";
    default: return "a compound statement";
    }
}

static bool kind_fits(dir_kind k, enum CXCursorKind c)
{
    switch (k) {
    case DIR_ARRAY: case DIR_TEMPLATE: return c == CXCursor_VarDecl || c == CXCursor_DeclStmt;
    case DIR_INHERIT: return c == CXCursor_FunctionDecl;
    case DIR_PARALLEL: return c == CXCursor_ForStmt;
    case DIR_REGION: case DIR_REMOTE_ACCESS: case DIR_INTERVAL: case DIR_TASK_REGION:
        return c == CXCursor_CompoundStmt;
    default: return false;
    }
}

static bool needs_construct(dir_kind k)
{
    return k == DIR_ARRAY || k == DIR_TEMPLATE || k == DIR_INHERIT || k == DIR_PARALLEL ||
           k == DIR_REGION || k == DIR_REMOTE_ACCESS || k == DIR_INTERVAL || k == DIR_TASK_REGION;
}

/* Finds the construct each directive governs. */
static void attach(gen *g, pragma_text *pragmas, int count)
{
    for (int k = 0; k < g->dir_count; k++) {
        attached *at = &g->dirs[k];
        at->node = -1;
        if (!at->dir || !needs_construct(at->dir->kind))
            continue;
        size_t next_pragma = k + 1 < count ? pragmas[k + 1].start : (size_t)-1;
        int best = -1;
        for (int n = 0; n < g->a.count; n++) {
            const node *nd = &g->a.nodes[n];
            if (nd->start >= at->pragma->end && (best < 0 || nd->start < g->a.nodes[best].start))
                best = n;
        }
        if (best >= 0 && g->a.nodes[best].start > next_pragma)
            best = -1;
        /* a declaration statement: its first variable */
        if (best >= 0 && !kind_fits(at->dir->kind, g->a.nodes[best].kind))
            best = -1;
        if (best >= 0 && g->a.nodes[best].kind == CXCursor_DeclStmt) {
            int c = g->a.nodes[best].first_child;
            best = (c >= 0 && g->a.nodes[c].kind == CXCursor_VarDecl) ? c : -1;
        }
        if (best < 0) {
            gen_error_at(g, at->dir->loc, "'%s' directive must be followed by %s",
                         dir_kind_name(at->dir->kind), construct_name(at->dir->kind));
            continue;
        }
        at->node = best;
    }
}

static void emit_main(gen *g)
{
    for (int n = 0; n < g->a.count; n++) {
        node *nd = &g->a.nodes[n];
        if (nd->kind != CXCursor_FunctionDecl || nd->parent != -1)
            continue;
        char *name = ast_spelling(nd);
        bool is_main = !strcmp(name, "main");
        free(name);
        if (!is_main || !clang_isCursorDefinition(nd->cursor))
            continue;
        CXSourceLocation loc = clang_getCursorLocation(nd->cursor);
        unsigned off;
        clang_getExpansionLocation(loc, NULL, NULL, NULL, &off);
        edit *e = edit_begin(&g->e, off, off + 4);
        edit_lit(e, "dvmh_user_main");
        int args = clang_Cursor_getNumArguments(nd->cursor);
        CXType ret = clang_getResultType(clang_getCursorType(nd->cursor));
        bool void_main = ret.kind == CXType_Void;
        strbuf tail = {0};
        sb_printf(&tail, "\nint main(int argc, char **argv)\n{\n    dvmh_init(&argc, &argv);\n");
        const char *call = args >= 2 ? "dvmh_user_main(argc, argv)" : "dvmh_user_main()";
        if (void_main)
            sb_printf(&tail, "    %s;\n    return dvmh_finish(0);\n}\n", call);
        else
            sb_printf(&tail, "    return dvmh_finish(%s);\n}\n", call);
        edit *t = edit_begin(&g->e, g->a.text_len, g->a.text_len);
        edit_lit(t, tail.s);
        free(tail.s);
        return;
    }
}

static char *sanitize(const char *path)
{
    const char *slash = strrchr(path, '/');
    const char *base = slash ? slash + 1 : path;
    char *s = xstrdup(base);
    char *dot = strrchr(s, '.');
    if (dot)
        *dot = 0;
    for (char *p = s; *p; p++)
        if (!isalnum((unsigned char)*p))
            *p = '_';
    return s;
}

/* The standalone directives: replaced by their calls in place. */
void gen_standalone(gen *g, attached *at);

int cdvmh_rewrite(const cdvmh_options *opt, cdvmh_output *out)
{
    memset(out, 0, sizeof *out);
    diag_list diags = {0};
    gen g;
    memset(&g, 0, sizeof g);
    g.diags = &diags;
    g.file = opt->file;
    g.remarks = opt->remarks;
    g.emit_cuda = opt->emit_cuda != 0;
    size_t len;
    char *text = read_file(opt->file, &len);
    if (!text) {
        diag_add(&diags, CDVMH_ERROR, opt->file, 1, 1, "cannot read the file");
        diag_take(&diags, out);
        return 1;
    }
    const char **args = xmalloc(sizeof(char *) * (size_t)(opt->nargs + 10));
    int nargs = 0;
    for (int k = 0; k < opt->nargs; k++)
        args[nargs++] = opt->clang_args[k];
    args[nargs++] = "-D_DVMH=1";
    args[nargs++] = "-resource-dir";
    args[nargs++] = CDVMH_RESOURCE_DIR;
    args[nargs++] = "-I" CDVMH_INCLUDE_DIR;
    /* the generated file starts with it, so the program may use the
     * runtime's API under #ifdef _DVMH without including it */
    args[nargs++] = "-include";
    args[nargs++] = "dvmh.h";
    args[nargs++] = "-Wno-unknown-pragmas";
    CXIndex index = clang_createIndex(0, 0);
    CXTranslationUnit tu = NULL;
    enum CXErrorCode rc = clang_parseTranslationUnit2(
        index, opt->file, args, nargs, NULL, 0,
        CXTranslationUnit_DetailedPreprocessingRecord | CXTranslationUnit_KeepGoing,
        &tu);
    free(args);
    if (rc != CXError_Success || !tu) {
        diag_add(&diags, CDVMH_ERROR, opt->file, 1, 1, "libclang could not parse the file");
        goto done;
    }
    /* errors in the user's C come first: nothing else is reliable then */
    for (unsigned k = 0; k < clang_getNumDiagnostics(tu); k++) {
        CXDiagnostic d = clang_getDiagnostic(tu, k);
        enum CXDiagnosticSeverity s = clang_getDiagnosticSeverity(d);
        if (s >= CXDiagnostic_Error) {
            CXFile f;
            unsigned line, col;
            clang_getExpansionLocation(clang_getDiagnosticLocation(d), &f, &line, &col, NULL);
            CXString msg = clang_getDiagnosticSpelling(d);
            CXString fname = clang_getFileName(f);
            const char *fn = clang_getCString(fname);
            diag_add(&diags, CDVMH_ERROR, fn && *fn ? fn : opt->file, line, col, "%s",
                     clang_getCString(msg));
            clang_disposeString(fname);
            clang_disposeString(msg);
        }
        clang_disposeDiagnostic(d);
    }
    if (diags.errors)
        goto done;

    g.a.tu = tu;
    g.a.file = clang_getFile(tu, opt->file);
    g.a.text = text;
    g.a.text_len = len;
    ast_build(&g.a);
    g.e.text = text;
    g.e.text_len = len;
    g.e.file = opt->file;
    g.base = sanitize(opt->file);

    pragma_text *pragmas;
    int count = pragma_find(text, len, &pragmas);
    g.dirs = xcalloc((size_t)count + 1, sizeof(attached));
    for (int k = 0; k < count; k++) {
        if (in_skipped_range(tu, g.a.file, pragmas[k].start))
            continue;
        attached *at = &g.dirs[g.dir_count++];
        at->pragma = &pragmas[k];
        at->node = -1;
        at->dir = dir_parse(pragmas[k].body, pragmas[k].line_map, pragmas[k].col_map, opt->file,
                            &diags);
    }
    /* keep 'pragmas' order for attach: g.dirs holds pointers in file order */
    {
        pragma_text *kept = xmalloc(sizeof(pragma_text) * ((size_t)g.dir_count + 1));
        for (int k = 0; k < g.dir_count; k++)
            kept[k] = *g.dirs[k].pragma;
        attach(&g, kept, g.dir_count);
        free(kept);
    }
    for (int k = 0; k < g.dir_count; k++) {
        attached *at = &g.dirs[k];
        /* every pragma line disappears (standalone ones become calls) */
        if (at->dir && !needs_construct(at->dir->kind))
            continue;
        edit *e = edit_begin(&g.e, at->pragma->start, at->pragma->end);
        edit_lit(e, "");
    }
    if (!diags.errors) {
        for (int k = 0; k < g.dir_count; k++) {
            directive *d = g.dirs[k].dir;
            if (!d)
                continue;
            if (d->kind >= DIR_HOST_SECTION)
                gen_error_at(&g, d->loc, "not supported yet: '%s' directive",
                             dir_kind_name(d->kind));
        }
        gen_declarations(&g);
        for (int k = 0; k < g.dir_count; k++) {
            attached *at = &g.dirs[k];
            if (!at->dir)
                continue;
            bool task = at->dir->kind == DIR_TASK || at->dir->kind == DIR_MAP ||
                        at->dir->kind == DIR_TASK_REGION || at->dir->kind == DIR_TASK_LINK;
            if (task || (at->dir->kind == DIR_PARALLEL && gen_is_task_loop(&g, at)))
                gen_task(&g, at);
            else if (at->dir->kind == DIR_PARALLEL && at->node >= 0)
                gen_parallel(&g, at);
            else if ((at->dir->kind == DIR_REGION || at->dir->kind == DIR_REMOTE_ACCESS ||
                      at->dir->kind == DIR_INTERVAL) && at->node >= 0)
                gen_region(&g, at);
            else if (!needs_construct(at->dir->kind) && at->dir->kind < DIR_HOST_SECTION)
                gen_standalone(&g, at);
        }
        gen_references(&g);
        emit_main(&g);
    }
    if (!diags.errors) {
        strbuf outb = {0};
        sb_add(&outb, "#include <dvmh.h>\n");
        out->cuda = g.emit_cuda ? cuda_file_text(&g) : NULL;
        if (out->cuda) {
            char *decl = cuda_module_decl(&g);
            sb_add(&outb, decl);
            free(decl);
        }
        sb_printf(&outb, "#line 1 \"%s\"\n", opt->file);
        edit_render(&g.e, &outb, 0, len, true);
        if (g.globals.len) {
            sb_printf(&outb, "\nstatic void dvmh_create_globals_%s(void)\n{\n%s}\n"
                             "__attribute__((constructor)) static void dvmh_register_globals_%s(void)\n"
                             "{\n    dvmh_register_init(dvmh_create_globals_%s);\n}\n",
                      g.base, g.globals.s, g.base, g.base);
        }
        /* edits at the very end (the generated main) */
        for (int k = 0; k < g.e.count; k++)
            if (g.e.items[k].start == len && g.e.items[k].end == len)
                for (int p = 0; p < g.e.items[k].count; p++)
                    if (g.e.items[k].pieces[p].literal)
                        sb_add(&outb, g.e.items[k].pieces[p].literal);
        out->host_c = sb_take(&outb);
    }
    for (int k = 0; k < g.dir_count; k++)
        dir_free(g.dirs[k].dir);
    free(g.dirs);
    pragma_free(pragmas, count);
    for (int k = 0; k < g.obj_count; k++) {
        free(g.objs[k].name);
        free(g.objs[k].desc);
        free(g.objs[k].elem);
    }
    free(g.objs);
    free(g.globals.s);
    free(g.cuda.s);
    free(g.device_fns);
    free(g.base);
    edit_list_free(&g.e);
    ast_free(&g.a);
done:
    if (tu)
        clang_disposeTranslationUnit(tu);
    clang_disposeIndex(index);
    free(text);
    int errors = diags.errors;
    diag_take(&diags, out);
    return errors;
}

void cdvmh_output_free(cdvmh_output *out)
{
    for (size_t k = 0; k < out->ndiags; k++) {
        free(out->diags[k].file);
        free(out->diags[k].message);
    }
    free(out->diags);
    free(out->host_c);
    free(out->cuda);
    memset(out, 0, sizeof *out);
}

char *cdvmh_cuda_embed(const char *file, const void *image, size_t size)
{
    char *base = sanitize(file);
    strbuf b = {0};
    sb_printf(&b, "\n#ifdef DVMH_CUDA_HANDLERS\n"
                  "static const unsigned char dvmh_cuda_image_%s[] __attribute__((aligned(16))) =\n", base);
    const unsigned char *p = image;
    for (size_t k = 0; k < size; k += 32) {
        sb_add(&b, "    \"");
        for (size_t j = k; j < k + 32 && j < size; j++)
            sb_printf(&b, "\\x%02x", p[j]);
        sb_add(&b, "\"\n");
    }
    if (!size)
        sb_add(&b, "    \"\"\n");
    sb_add(&b, "    ;\n");
    sb_printf(&b, "static dvmh_cuda_module dvmh_cuda_module_%s = {dvmh_cuda_image_%s, sizeof(dvmh_cuda_image_%s) - 1, \"",
              base, base, base);
    for (const char *c = file; *c; c++) {
        if (*c == '"' || *c == '\\')
            sb_add(&b, "\\");
        sb_addn(&b, c, 1);
    }
    sb_add(&b, "\", NULL};\n#endif\n");
    free(base);
    return sb_take(&b);
}
