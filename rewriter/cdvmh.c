/* cdvmh.c: cdvmh_rewrite: parse with libclang, find and attach the
 * directives, run the generators, render the edited text. */
#include "alloc.h"
#include "copy.h"
#include "cuda.h"
#include "decl.h"
#include "gen.h"
#include "headers.h"
#include "interval.h"
#include "loop.h"
#include "refs.h"
#include "region.h"
#include "scope.h"
#include "shadow_add.h"
#include "task.h"

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
    case DIR_REGION: case DIR_REMOTE_ACCESS: case DIR_TASK_REGION: case DIR_HOST_SECTION:
        return c == CXCursor_CompoundStmt;
    default: return false;
    }
}

static bool needs_construct(dir_kind k)
{
    return k == DIR_ARRAY || k == DIR_TEMPLATE || k == DIR_INHERIT || k == DIR_PARALLEL ||
           k == DIR_REGION || k == DIR_REMOTE_ACCESS || k == DIR_TASK_REGION ||
           k == DIR_HOST_SECTION;
}

/* Finds the construct each directive governs. */
static void attach(gen *g)
{
    for (int k = 0; k < g->dir_count; k++) {
        attached *at = &g->dirs[k];
        at->node = -1;
        if (!at->dir || !needs_construct(at->dir->kind))
            continue;
        size_t next_pragma = k + 1 < g->dir_count ? g->dirs[k + 1].pragma->start : (size_t)-1;
        int best = -1;
        for (int n = 0; n < g->a.count; n++) {
            const node *nd = &g->a.nodes[n];
            if (!nd->foreign && nd->start >= at->pragma->end && (best < 0 || nd->start < g->a.nodes[best].start))
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
        if (!void_main) {
            /* reaching main's closing brace returns 0 (C99): not so for
             * dvmh_user_main, so it says it (after the block's own
             * clean-up, which was inserted there before) */
            int body = -1, last = -1;
            for (int c = nd->first_child; c >= 0; c = g->a.nodes[c].next_sibling)
                if (g->a.nodes[c].kind == CXCursor_CompoundStmt)
                    body = c;
            for (int c = body >= 0 ? g->a.nodes[body].first_child : -1; c >= 0;
                 c = g->a.nodes[c].next_sibling)
                last = c;
            if (body >= 0 && (last < 0 || g->a.nodes[last].kind != CXCursor_ReturnStmt)) {
                size_t close = g->a.nodes[body].end - 1;
                edit_lit(edit_begin(&g->e, close, close), " return 0; ");
            }
        }
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

/* Phase 1: libclang parses the file; errors in the user's C come first,
 * nothing else is reliable then. NULL after reporting. */
static CXTranslationUnit parse(gen *g, const cdvmh_options *opt, CXIndex index)
{
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
    CXTranslationUnit tu = NULL;
    enum CXErrorCode rc = clang_parseTranslationUnit2(
        index, opt->file, args, nargs, NULL, 0,
        CXTranslationUnit_DetailedPreprocessingRecord | CXTranslationUnit_KeepGoing,
        &tu);
    free(args);
    if (rc != CXError_Success || !tu) {
        diag_add(g->diags, CDVMH_ERROR, opt->file, 1, 1, "libclang could not parse the file");
        return NULL;
    }
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
            diag_add(g->diags, CDVMH_ERROR, fn && *fn ? fn : opt->file, line, col, "%s",
                     clang_getCString(msg));
            clang_disposeString(fname);
            clang_disposeString(msg);
        }
        clang_disposeDiagnostic(d);
    }
    return tu;
}

/* Phase 2: the directives, parsed and attached to their constructs; every
 * pragma line disappears (standalone ones become calls later). */
static void attach_directives(gen *g, pragma_text *pragmas, int count)
{
    g->dirs = xcalloc((size_t)count + 1, sizeof(attached));
    name_scope names = {.a = &g->a};
    dir_scope scope = scope_of(&names);
    for (int k = 0; k < count; k++) {
        if (ast_in_skipped_range(g->a.tu, g->a.file, pragmas[k].start))
            continue;
        attached *at = &g->dirs[g->dir_count++];
        at->pragma = &pragmas[k];
        at->node = -1;
        names.offset = pragmas[k].start;
        at->dir = dir_parse_in(pragmas[k].body, pragmas[k].line_map, pragmas[k].col_map, g->file,
                               g->diags, &scope);
    }
    scope_free(&names);
    attach(g);
    for (int k = 0; k < g->dir_count; k++) {
        attached *at = &g->dirs[k];
        if (at->dir && at->dir->kind == DIR_PARALLEL)
            at->task_loop = task_is_loop(g, at);
        if (at->dir && !needs_construct(at->dir->kind))
            continue;
        edit *e = edit_begin(&g->e, at->pragma->start, at->pragma->end);
        edit_lit(e, "");
    }
}

static bool is_interval(dir_kind k)
{
    return k == DIR_INTERVAL || k == DIR_ENDINTERVAL || k == DIR_EXITINTERVAL;
}

/* The declarations in text order: the main file's directives, and those
 * of the headers (at the #include lines that read them). */
static void declare(gen *g)
{
    for (int k = 0; k < g->dir_count; k++) {
        attached *at = &g->dirs[k];
        if (!at->dir || at->node < 0 ||
            (at->dir->kind != DIR_ARRAY && at->dir->kind != DIR_TEMPLATE && at->dir->kind != DIR_INHERIT))
            continue;
        headers_declare_before(g, at->pragma->start);
        decl_directive(g, at);
    }
    headers_declare_before(g, (size_t)-1);
    decl_fresh_locals(g);
    headers_finish(g);
}

/* Phase 3: each generator edits the text for its directives. */
static void generate(gen *g)
{
    for (int k = 0; k < g->dir_count; k++) {
        directive *d = g->dirs[k].dir;
        if (!d)
            continue;
        if (d->kind > DIR_SHADOW_ADD)
            gen_error_at(g, d->loc, "not supported yet: '%s' directive", dir_kind_name(d->kind));
    }
    declare(g);
    for (int k = 0; k < g->dir_count; k++) {
        attached *at = &g->dirs[k];
        if (!at->dir)
            continue;
        dir_kind kind = at->dir->kind;
        bool task = kind == DIR_TASK || kind == DIR_MAP || kind == DIR_TASK_REGION ||
                    kind == DIR_TASK_LINK;
        if (task || at->task_loop)
            task_gen(g, at);
        else if (kind == DIR_PARALLEL && at->node >= 0)
            loop_gen(g, at);
        else if ((kind == DIR_REGION || kind == DIR_REMOTE_ACCESS) && at->node >= 0)
            region_gen(g, at);
        else if (kind == DIR_HOST_SECTION && at->node >= 0)
            region_host_section(g, at);
        else if (kind == DIR_ARRAY_COPY || kind == DIR_LOCALIZE || kind == DIR_UNLOCALIZE)
            copy_gen(g, at);
        else if (kind == DIR_SHADOW_ADD)
            shadow_add_gen(g, at);
        else if (!needs_construct(kind) && kind < DIR_HOST_SECTION && !is_interval(kind))
            region_standalone(g, at);
    }
    refs_gen(g);
    interval_gen(g);
    emit_main(g);
}

/* Phase 4: the edited text, the file-scope objects' creation, the CUDA
 * file. */
static void render(gen *g, cdvmh_output *out)
{
    strbuf outb = {0};
    sb_add(&outb, "#include <dvmh.h>\n");
    out->cuda = g->emit_cuda ? cuda_file_text(g) : NULL;
    out->cuda_kernels = g->cuda.len > 0;
    if (out->cuda && cuda_relocatable(g)) {
        out->cuda_needs = cuda_needs_list(g);
        out->cuda_gives = cuda_gives_list(g);
    }
    if (out->cuda) {
        char *decl = cuda_module_decl(g);
        sb_add(&outb, decl);
        free(decl);
    }
    sb_printf(&outb, "#line 1 \"%s\"\n", g->file);
    edit_render(&g->e, &outb, 0, g->a.text_len, true);
    if (g->globals.len) {
        /* run once: not worth optimizing (nor the compile time it takes) */
        sb_printf(&outb, "\n__attribute__((noinline, optnone)) static void dvmh_create_globals_%s(void)\n{\n%s}\n"
                         "__attribute__((constructor, noinline, optnone)) static void dvmh_register_globals_%s(void)\n"
                         "{\n    dvmh_register_init(dvmh_create_globals_%s);\n}\n",
                  g->base, g->globals.s, g->base, g->base);
    }
    /* edits at the very end (the generated main) */
    for (int k = 0; k < g->e.count; k++) {
        const edit *e = &g->e.items[k];
        if (e->start == g->a.text_len && e->end == g->a.text_len)
            for (int p = 0; p < e->count; p++)
                if (e->pieces[p].literal)
                    sb_add(&outb, e->pieces[p].literal);
    }
    out->host_c = sb_take(&outb);
}

static void release(gen *g)
{
    for (int k = 0; k < g->dir_count; k++)
        dir_free(g->dirs[k].dir);
    free(g->dirs);
    for (int k = 0; k < g->obj_count; k++) {
        free(g->objs[k].name);
        free(g->objs[k].desc);
        free(g->objs[k].elem);
    }
    free(g->objs);
    free(g->globals.s);
    free(g->cuda.s);
    free(g->device_fns);
    free(g->imports);
    free(g->exports);
    free(g->local_reads);
    free(g->base);
    headers_free(g);
    edit_list_free(&g->e);
    ast_free(&g->a);
}

int cdvmh_rewrite(const cdvmh_options *opt, cdvmh_output *out)
{
    memset(out, 0, sizeof *out);
    diag_list diags = {0};
    gen g;
    memset(&g, 0, sizeof g);
    g.diags = &diags;
    g.file = opt->file;
    g.remarks = opt->remarks;
    g.check = opt->check != 0;
    g.emit_cuda = opt->emit_cuda != 0 && !g.check;
    size_t len;
    char *text = read_file(opt->file, &len);
    if (!text) {
        diag_add(&diags, CDVMH_ERROR, opt->file, 1, 1, "cannot read the file '%s'%s", opt->file,
                 strcmp(opt->file, "-") ? "" : " (C-DVMH sources are read from files, not "
                                               "from standard input)");
        diag_take(&diags, out);
        return 1;
    }
    CXIndex index = clang_createIndex(0, 0);
    CXTranslationUnit tu = parse(&g, opt, index);
    if (tu && !diags.errors) {
        g.a = (ast){.tu = tu, .file = clang_getFile(tu, opt->file), .text = text, .text_len = len};
        ast_build(&g.a);
        g.e = (edit_list){.text = text, .text_len = len, .file = opt->file};
        g.base = sanitize(opt->file);
        pragma_text *pragmas;
        int count = pragma_find(text, len, &pragmas);
        attach_directives(&g, pragmas, count);
        headers_scan(&g);
        if (!diags.errors)
            generate(&g);
        if (!diags.errors)
            render(&g, out);
        release(&g);
        pragma_free(pragmas, count);
    }
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
    free(out->cuda_needs);
    free(out->cuda_gives);
    memset(out, 0, sizeof *out);
}

static void c_string(strbuf *b, const char *s)
{
    sb_add(b, "\"");
    for (const char *c = s; *c; c++) {
        if (*c == '"' || *c == '\\')
            sb_add(b, "\\");
        sb_addn(b, c, 1);
    }
    sb_add(b, "\"");
}

char *cdvmh_cuda_embed(const char *file, const void *image, size_t size, const char *needs,
                       const char *gives)
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
    sb_printf(&b,
              "static dvmh_cuda_module dvmh_cuda_module_%s = {.image = dvmh_cuda_image_%s, "
              ".size = sizeof(dvmh_cuda_image_%s) - 1, .file = ",
              base, base, base);
    c_string(&b, file);
    if (needs) {
        /* relocatable device code: registered for the runtime's device link */
        sb_add(&b, ", .relocatable = 1, .needs = ");
        c_string(&b, needs);
        sb_add(&b, ", .gives = ");
        c_string(&b, gives ? gives : "");
        sb_printf(&b, "};\n__attribute__((constructor)) static void dvmh_cuda_register_%s(void)\n"
                      "{\n    dvmh_cuda_register(&dvmh_cuda_module_%s);\n}\n",
                  base, base);
    } else {
        sb_add(&b, "};\n");
    }
    sb_add(&b, "#endif\n");
    free(base);
    return sb_take(&b);
}
