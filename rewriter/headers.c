/* headers.c: declarations in included headers (see headers.h).
 *
 * Only the main file is rewritten: a header stays as written, and what its
 * declarations become is said in the generated text of each file that
 * includes it.
 *   - Every file-scope variable of a user header (not a system one) joins
 *     the tree as a foreign node placed at the main file's #include that
 *     brought it in, so that clauses, references and loops find it as they
 *     find the main file's own variables.
 *   - The header's `#pragma dvm` lines are parsed: `array` and `template`
 *     govern its next variable declaration, `inherit` its next function
 *     prototype; no other directive may stand in a header.
 *   - Around each #include line that reads such a header, a macro renames
 *     every distributed variable of it while the header is read (its
 *     declaration as C data then declares an unused name); after the line
 *     the variable is declared anew as a descriptor. A definition in a
 *     header (not extern) is created by the including file, as its own
 *     file-scope arrays are.
 *   - A file-scope declaration of the main file without a directive of its
 *     own, of an array a header's directive distributes (the definition in
 *     its .c file, typically), takes the header's directive.
 *   - A header declaration of a distributed variable without its directive
 *     is an error: the other files that include that header would take the
 *     variable for ordinary data.
 */
#include "alloc.h"
#include "decl.h"
#include "headers.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct hfile {
    CXFile file;
    char *path;
    const char *text;
    size_t len;
    size_t include_at;              /* the main file's first #include line that read it */
    pragma_text *pragmas;
    int npragmas;
} hfile;

typedef struct hinclude {           /* an #include line of the main file */
    size_t start, eol;
    int *files;                     /* the headers read under it */
    int nfiles, cap;
} hinclude;

typedef struct hitem {              /* a file-scope declaration of a header */
    int header;
    size_t start, name;             /* offsets in the header */
    enum CXCursorKind kind;
    CXCursor cursor;
    int node;                       /* a variable's foreign node */
    directive *dir;                 /* the header's directive that governs it */
    pragma_text *pragma;
    bool done;
} hitem;

typedef struct redecl {             /* a main-file declaration taking a header's directive */
    int node, item;
    attached *main;                 /* or the directive of an earlier one of the main file */
    bool done;
} redecl;

struct headers {
    hfile *files;
    int nfiles, fcap;
    hinclude *incs;
    int nincs, icap;
    hitem *items;
    int nitems, itcap;
    directive **dirs;               /* the parsed header directives (owned) */
    int ndirs, dcap;
    redecl *redecls;
    int nredecls, rcap;
};

static int file_index(struct headers *h, CXFile f)
{
    for (int k = 0; k < h->nfiles; k++)
        if (clang_File_isEqual(h->files[k].file, f))
            return k;
    return -1;
}

static void line_col(const hfile *hf, size_t off, unsigned *line, unsigned *col)
{
    text_line_col(hf->text, hf->len, off, line, col);
}

static void header_error(gen *g, int hf, size_t off, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static void header_error(gen *g, int hf, size_t off, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *msg = str_vprintf(fmt, ap);
    va_end(ap);
    unsigned line, col;
    line_col(&g->headers->files[hf], off, &line, &col);
    diag_add(g->diags, CDVMH_ERROR, g->headers->files[hf].path, line, col, "%s", msg);
    free(msg);
}

/* clang_getInclusions: each header read, with the #include lines that led
 * to it; the outermost one is the main file's. */
static void on_inclusion(CXFile included, CXSourceLocation *stack, unsigned len, CXClientData data)
{
    gen *g = data;
    struct headers *h = g->headers;
    if (len == 0 || clang_File_isEqual(included, g->a.file))
        return;
    CXFile top;
    unsigned off;
    clang_getExpansionLocation(stack[len - 1], &top, NULL, NULL, &off);
    if (!top || !clang_File_isEqual(top, g->a.file) || off > g->a.text_len)
        return;
    if (clang_Location_isInSystemHeader(clang_getLocationForOffset(g->a.tu, included, 0)))
        return;
    int f = file_index(h, included);
    if (f < 0) {
        h->files = xgrow(h->files, &h->fcap, h->nfiles + 1);
        hfile *hf = &h->files[f = h->nfiles++];
        memset(hf, 0, sizeof *hf);
        hf->file = included;
        CXString s = clang_getFileName(included);
        hf->path = xstrdup(clang_getCString(s));
        clang_disposeString(s);
        hf->text = clang_getFileContents(g->a.tu, included, &hf->len);
        if (!hf->text)
            hf->len = 0;
        hf->include_at = (size_t)-1;
    }
    size_t ls = off, eol = off;
    while (ls > 0 && g->a.text[ls - 1] != '\n')
        ls--;
    while (eol < g->a.text_len && g->a.text[eol] != '\n')
        eol++;
    if (ls < h->files[f].include_at)
        h->files[f].include_at = ls;
    int i;
    for (i = 0; i < h->nincs && h->incs[i].start != ls; i++)
        ;
    if (i == h->nincs) {
        h->incs = xgrow(h->incs, &h->icap, h->nincs + 1);
        h->incs[h->nincs++] = (hinclude){.start = ls, .eol = eol};
    }
    hinclude *inc = &h->incs[i];
    for (int k = 0; k < inc->nfiles; k++)
        if (inc->files[k] == f)
            return;
    inc->files = xgrow(inc->files, &inc->cap, inc->nfiles + 1);
    inc->files[inc->nfiles++] = f;
}

/* The translation unit's declarations that lie in the headers. */
static enum CXChildVisitResult on_top(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    gen *g = data;
    struct headers *h = g->headers;
    enum CXCursorKind kind = clang_getCursorKind(c);
    if (kind != CXCursor_VarDecl && kind != CXCursor_FunctionDecl)
        return CXChildVisit_Continue;
    CXFile f;
    unsigned start, name;
    clang_getExpansionLocation(clang_getRangeStart(clang_getCursorExtent(c)), &f, NULL, NULL, &start);
    int hf = f ? file_index(h, f) : -1;
    if (hf < 0)
        return CXChildVisit_Continue;
    clang_getExpansionLocation(clang_getCursorLocation(c), NULL, NULL, NULL, &name);
    /* a header read twice (no include guard) declares it twice */
    for (int k = 0; k < h->nitems; k++)
        if (h->items[k].header == hf && h->items[k].name == name && h->items[k].kind == kind)
            return CXChildVisit_Continue;
    h->items = xgrow(h->items, &h->itcap, h->nitems + 1);
    hitem *it = &h->items[h->nitems++];
    *it = (hitem){.header = hf, .start = start, .name = name, .kind = kind, .cursor = c, .node = -1};
    if (kind == CXCursor_VarDecl)
        it->node = ast_add_foreign(&g->a, c, h->files[hf].include_at, hf, start);
    return CXChildVisit_Continue;
}

static void attach_one(gen *g, int hf, pragma_text *p, size_t next, directive *d)
{
    struct headers *h = g->headers;
    int best = -1;
    for (int k = 0; k < h->nitems; k++) {
        const hitem *it = &h->items[k];
        if (it->header == hf && it->start >= p->end && (best < 0 || it->start < h->items[best].start))
            best = k;
    }
    g->dir_file = h->files[hf].path;
    if (d->kind == DIR_ARRAY || d->kind == DIR_TEMPLATE || d->kind == DIR_INHERIT) {
        enum CXCursorKind want = d->kind == DIR_INHERIT ? CXCursor_FunctionDecl : CXCursor_VarDecl;
        if (best < 0 || h->items[best].start > next || h->items[best].kind != want) {
            gen_error_at(g, d->loc, "'%s' directive must be followed by %s", dir_kind_name(d->kind),
                         d->kind == DIR_INHERIT ? "a function declaration" : "a variable declaration");
        } else if (d->kind == DIR_INHERIT) {
            if (clang_isCursorDefinition(h->items[best].cursor))
                gen_error_at(g, d->loc, "not supported yet: a function with 'inherit' defined in a "
                                        "header (declare it there, define it in a .c file)");
        } else {
            /* every declarator of the declaration */
            for (int k = 0; k < h->nitems; k++)
                if (h->items[k].header == hf && h->items[k].kind == CXCursor_VarDecl &&
                    h->items[k].start == h->items[best].start) {
                    h->items[k].dir = d;
                    h->items[k].pragma = p;
                }
        }
    } else {
        gen_error_at(g, d->loc, "not supported yet: '%s' directive in a header file (a header may "
                                "hold 'array', 'template' and 'inherit' declarations)",
                     dir_kind_name(d->kind));
    }
    g->dir_file = NULL;
}

/* The header's directives, parsed and attached to its declarations. */
static void attach_header(gen *g, int hf)
{
    struct headers *h = g->headers;
    hfile *f = &h->files[hf];
    if (!f->text)
        return;
    f->npragmas = pragma_find(f->text, f->len, &f->pragmas);
    for (int k = 0; k < f->npragmas; k++) {
        pragma_text *p = &f->pragmas[k];
        if (ast_in_skipped_range(g->a.tu, f->file, p->start))
            continue;
        directive *d = dir_parse(p->body, p->line_map, p->col_map, f->path, g->diags);
        if (!d)
            continue;
        h->dirs = xgrow(h->dirs, &h->dcap, h->ndirs + 1);
        h->dirs[h->ndirs++] = d;
        attach_one(g, hf, p, k + 1 < f->npragmas ? f->pragmas[k + 1].start : (size_t)-1, d);
    }
}

static bool same_entity(CXCursor a, CXCursor b)
{
    return clang_equalCursors(clang_getCanonicalCursor(a), clang_getCanonicalCursor(b));
}

/* The main file's array or template directive declaring the variable of
 * cursor c, or NULL. */
static attached *main_directive(gen *g, CXCursor c)
{
    for (int k = 0; k < g->dir_count; k++) {
        attached *at = &g->dirs[k];
        if (!at->dir || at->node < 0 || (at->dir->kind != DIR_ARRAY && at->dir->kind != DIR_TEMPLATE))
            continue;
        /* the declarators of its declaration: siblings of one start */
        const node *first = &g->a.nodes[at->node];
        for (int n = at->node; n >= 0 && g->a.nodes[n].start == first->start;
             n = g->a.nodes[n].next_sibling)
            if (g->a.nodes[n].kind == CXCursor_VarDecl && same_entity(g->a.nodes[n].cursor, c))
                return at;
    }
    return NULL;
}

/* Whether node n is one of the declarators that the main file's directive
 * at governs. */
static bool governed_by(const gen *g, const attached *at, int n)
{
    const node *first = &g->a.nodes[at->node];
    for (int k = at->node; k >= 0 && g->a.nodes[k].start == first->start;
         k = g->a.nodes[k].next_sibling)
        if (k == n)
            return true;
    return false;
}

/* Main-file file-scope declarations without a directive of their own of a
 * variable that an earlier declaration of the main file distributes
 * ('extern double U[N];' with its directive, then 'double U[N];'): they
 * take that directive, as redeclarations of header arrays do. */
static void find_main_redecls(gen *g)
{
    struct headers *h = g->headers;
    for (int n = 0; n < g->a.count; n++) {
        const node *nd = &g->a.nodes[n];
        if (nd->kind != CXCursor_VarDecl || nd->foreign || nd->parent != -1)
            continue;
        attached *at = main_directive(g, nd->cursor);
        if (!at || governed_by(g, at, n) || g->a.nodes[at->node].start >= nd->start)
            continue;
        bool own = false;  /* a directive of its own, for another declarator of the entity */
        for (int k = 0; k < g->dir_count && !own; k++)
            own = g->dirs[k].dir && g->dirs[k].node >= 0 &&
                  (g->dirs[k].dir->kind == DIR_ARRAY || g->dirs[k].dir->kind == DIR_TEMPLATE) &&
                  governed_by(g, &g->dirs[k], n);
        if (own)
            continue;
        h->redecls = xgrow(h->redecls, &h->rcap, h->nredecls + 1);
        h->redecls[h->nredecls++] = (redecl){.node = n, .item = -1, .main = at};
    }
}

/* Main-file declarations without a directive of header arrays. */
static void find_redecls(gen *g)
{
    struct headers *h = g->headers;
    for (int n = 0; n < g->a.count; n++) {
        const node *nd = &g->a.nodes[n];
        if (nd->kind != CXCursor_VarDecl || nd->foreign || nd->parent != -1 ||
            main_directive(g, nd->cursor))
            continue;
        for (int k = 0; k < h->nitems; k++) {
            if (!h->items[k].dir || !same_entity(h->items[k].cursor, nd->cursor))
                continue;
            h->redecls = xgrow(h->redecls, &h->rcap, h->nredecls + 1);
            h->redecls[h->nredecls++] = (redecl){.node = n, .item = k};
            break;
        }
    }
}

void headers_scan(gen *g)
{
    g->headers = xcalloc(1, sizeof(struct headers));
    find_main_redecls(g);
    clang_getInclusions(g->a.tu, on_inclusion, g);
    if (!g->headers->nfiles)
        return;
    clang_visitChildren(clang_getTranslationUnitCursor(g->a.tu), on_top, g);
    for (int f = 0; f < g->headers->nfiles; f++)
        attach_header(g, f);
    find_redecls(g);
}

/* Whether a directive gives the variable a layout (more than saying it is
 * distributed). */
static bool gives_layout(const directive *d)
{
    return d->distr_rank || d->has_align || d->shadow_rank || d->dims_rank;
}

static bool same_text(const char *a, const char *b)
{
    for (;;) {
        while (*a == ' ' || *a == '\t')
            a++;
        while (*b == ' ' || *b == '\t')
            b++;
        if (*a != *b)
            return false;
        if (!*a)
            return true;
        a++;
        b++;
    }
}

/* A header's directive for a variable the main file declares with one of
 * its own: they must agree. */
static void check_against(gen *g, const hitem *it, const attached *at)
{
    const directive *d = it->dir;
    char *name = ast_spelling(&g->a.nodes[it->node]);
    unsigned line, col;
    ast_line_col(&g->a, at->pragma->start, &line, &col);
    g->dir_file = g->headers->files[it->header].path;
    if (d->kind != at->dir->kind)
        gen_error_at(g, d->loc, "'%s' is declared a %s here and a %s at %s:%u", name,
                     d->kind == DIR_TEMPLATE ? "template" : "distributed array",
                     at->dir->kind == DIR_TEMPLATE ? "template" : "distributed array", g->file, line);
    else if (gives_layout(d) && !same_text(it->pragma->body, at->pragma->body))
        gen_error_at(g, d->loc, "conflicting directives for '%s': this one and the one at %s:%u "
                                "(give its distribution once, with its definition, or the same "
                                "everywhere)", name, g->file, line);
    g->dir_file = NULL;
    free(name);
}

/* Dimensions of a header array from its type; false if one is unknown. */
static bool type_dims(CXType t, char **dims, int *rank, bool *pointer, CXType *elem)
{
    int r = 0;
    bool known = true;
    t = clang_getCanonicalType(t);
    *pointer = t.kind == CXType_Pointer;
    if (*pointer) {
        dims[r++] = xstrdup("-1");
        t = clang_getPointeeType(t);
    }
    while (t.kind == CXType_ConstantArray || t.kind == CXType_IncompleteArray ||
           t.kind == CXType_VariableArray) {
        if (r < DIR_MAX_RANK)
            dims[r] = t.kind == CXType_ConstantArray ? str_printf("%lld", clang_getArraySize(t))
                                                     : (known = false, xstrdup("-1"));
        r++;
        t = clang_getArrayElementType(t);
    }
    *rank = r;
    *elem = t;
    return known;
}

static void declare_item(gen *g, hitem *it)
{
    const directive *d = it->dir;
    node *n = &g->a.nodes[it->node];
    const hfile *hf = &g->headers->files[it->header];
    bool is_extern = clang_Cursor_getStorageClass(n->cursor) == CX_SC_Extern;
    dobj *o = decl_add_obj(g);
    o->decl = it->node;
    o->name = ast_spelling(n);
    o->desc = xstrdup(o->name);
    o->dir = d;
    o->is_template = d->kind == DIR_TEMPLATE;
    char *dims[DIR_MAX_RANK + 1] = {0};
    int rank = 0;
    bool ok = true;
    g->dir_file = hf->path;
    if (!clang_Cursor_isNull(clang_Cursor_getVarDeclInitializer(n->cursor)) && !o->is_template) {
        header_error(g, it->header, it->name, "a distributed array cannot have an initializer");
        ok = false;
    }
    if (o->is_template) {
        rank = d->dims_rank;
        for (int k = 0; k < rank; k++)
            dims[k] = xstrdup(d->dims[k]);
        if (rank == 0 && !is_extern) {
            gen_error_at(g, d->loc, "'template' needs its sizes: template[N]...");
            ok = false;
        }
    } else {
        CXType elem;
        bool known = type_dims(clang_getCursorType(n->cursor), dims, &rank, &o->pointer, &elem);
        o->elem = type_spelling(elem);
        if (rank == 0 || (o->pointer && rank > 1 && !known)) {
            header_error(g, it->header, it->name, "'array' directive must precede an array "
                                                  "declaration (or a pointer to rows created by malloc)");
            ok = false;
        } else if (rank > DIR_MAX_RANK) {
            header_error(g, it->header, it->name, GEN_TOO_MANY_DIMS, o->name, rank, DIR_MAX_RANK);
            ok = false;
            rank = DIR_MAX_RANK;
        } else if (!known && !is_extern) {
            header_error(g, it->header, it->name, "distributed array '%s' needs its sizes", o->name);
            ok = false;
        }
        if (ok && d->distr_rank && d->distr_rank != rank)
            gen_error_at(g, d->distr[0].loc, "'distribute' gives %d format%s for '%s', which has %d dimensions",
                         d->distr_rank, d->distr_rank == 1 ? "" : "s", o->name, rank);
        if (ok && d->shadow_rank && d->shadow_rank != rank)
            gen_error_at(g, d->shadow[0].loc, "'shadow' gives %d width%s for '%s', which has %d dimensions",
                         d->shadow_rank, d->shadow_rank == 1 ? "" : "s", o->name, rank);
    }
    o->rank = rank;
    if (ok && !is_extern) {
        /* a definition in a header: this file creates it */
        strbuf file = {0};
        sb_add(&file, "\"");
        for (const char *c = hf->path; *c; c++) {
            if (*c == '"' || *c == '\\')
                sb_add(&file, "\\");
            sb_addn(&file, c, 1);
        }
        sb_add(&file, "\"");
        unsigned line, col;
        line_col(hf, it->start, &line, &col);
        char *c = decl_creation(g, o, d, dims, rank, file.s, line);
        sb_printf(&g->globals, "    %s\n", c);
        free(c);
        free(file.s);
    }
    g->dir_file = NULL;
    for (int k = 0; k < rank && k <= DIR_MAX_RANK; k++)
        free(dims[k]);
}

static void run_item(gen *g, hitem *it)
{
    it->done = true;
    if (!it->dir || it->dir->kind == DIR_INHERIT)
        return;
    attached *at = main_directive(g, it->cursor);
    if (at) {
        check_against(g, it, at);
        return;
    }
    struct headers *h = g->headers;
    /* declared in another header (or read twice) before */
    for (int k = 0; k < h->nitems; k++) {
        hitem *o = &h->items[k];
        if (o == it || !o->done || !o->dir || o->kind != CXCursor_VarDecl ||
            !same_entity(o->cursor, it->cursor))
            continue;
        if (o->dir->kind != it->dir->kind ||
            ((gives_layout(o->dir) || gives_layout(it->dir)) &&
             !same_text(o->pragma->body, it->pragma->body))) {
            char *name = ast_spelling(&g->a.nodes[it->node]);
            unsigned line, col;
            line_col(&h->files[o->header], o->pragma->start, &line, &col);
            g->dir_file = h->files[it->header].path;
            gen_error_at(g, it->dir->loc, "conflicting directives for '%s': this one and the one at "
                                          "%s:%u", name, h->files[o->header].path, line);
            g->dir_file = NULL;
            free(name);
        }
        return;
    }
    declare_item(g, it);
}

/* The directive a redeclaration takes. */
static directive *redecl_dir(const gen *g, const redecl *r)
{
    return r->main ? r->main->dir : g->headers->items[r->item].dir;
}

static void run_redecl(gen *g, redecl *r)
{
    /* decl_group does every declarator of the declaration, each with its
     * own directive: each must be such a redeclaration, and of one kind */
    struct headers *h = g->headers;
    size_t start = g->a.nodes[r->node].start;
    for (int k = 0; k < h->nredecls; k++)
        if (g->a.nodes[h->redecls[k].node].start == start)
            h->redecls[k].done = true;
    directive *dirs[16];
    int nv = 0;
    bool mixed = false;
    for (int n = r->node; n < g->a.count && nv < 16 && !mixed; n++) {
        const node *nd = &g->a.nodes[n];
        if (nd->kind != CXCursor_VarDecl || nd->foreign || nd->parent != -1 || nd->start != start)
            continue;
        const redecl *other = NULL;
        for (int k = 0; k < h->nredecls && !other; k++)
            if (h->redecls[k].node == n)
                other = &h->redecls[k];
        if (!other || (redecl_dir(g, other)->kind == DIR_TEMPLATE) !=
                          (redecl_dir(g, r)->kind == DIR_TEMPLATE)) {
            char *a = ast_spelling(&g->a.nodes[r->node]), *b = ast_spelling(nd);
            if (!other)
                gen_error(g, nd->start,
                          "not supported yet: ordinary '%s' declared together with '%s', which an "
                          "earlier declaration distributes: declare them separately", b, a);
            else
                gen_error(g, nd->start,
                          "not supported yet: a template and a distributed array declared "
                          "together ('%s', '%s'): declare them separately", a, b);
            free(a);
            free(b);
            mixed = true;
        }
        dirs[nv++] = other ? redecl_dir(g, other) : NULL;
    }
    if (mixed)
        return;
    if (r->main) {
        attached at = {.dir = r->main->dir, .pragma = r->main->pragma, .node = r->node, .var_dirs = dirs};
        decl_group(g, &at);
        return;
    }
    const hitem *it = &g->headers->items[r->item];
    attached at = {.dir = it->dir, .pragma = it->pragma, .node = r->node, .var_dirs = dirs};
    g->dir_file = g->headers->files[it->header].path;
    decl_group(g, &at);
    g->dir_file = NULL;
}

void headers_declare_before(gen *g, size_t pos)
{
    struct headers *h = g->headers;
    if (!h)
        return;
    for (;;) {
        /* the next one in the order of the text */
        size_t best = pos;
        hitem *item = NULL;
        redecl *red = NULL;
        for (int k = 0; k < h->nitems; k++) {
            hitem *it = &h->items[k];
            size_t at = h->files[it->header].include_at;
            if (!it->done && it->kind == CXCursor_VarDecl && at < best) {
                best = at;
                item = it;
            }
        }
        for (int k = 0; k < h->nredecls; k++) {
            size_t at = g->a.nodes[h->redecls[k].node].start;
            if (!h->redecls[k].done && at < best) {
                best = at;
                red = &h->redecls[k];
                item = NULL;
            }
        }
        if (item)
            run_item(g, item);
        else if (red)
            run_redecl(g, red);
        else
            return;
    }
}

/* The texts around an #include line: before, the names of the distributed
 * variables its headers declare become unused ones; after, they are
 * declared as descriptors. */
static void wrap_include(gen *g, const hinclude *inc)
{
    struct headers *h = g->headers;
    strbuf before = {0}, after = {0};
    for (int k = 0; k < h->nitems; k++) {
        const hitem *it = &h->items[k];
        bool under = false;
        for (int f = 0; f < inc->nfiles; f++)
            under |= inc->files[f] == it->header;
        if (!under || it->kind != CXCursor_VarDecl || !it->dir)
            continue;
        bool seen = false;
        for (int j = 0; j < k; j++)
            seen |= h->items[j].kind == CXCursor_VarDecl && h->items[j].dir &&
                    same_entity(h->items[j].cursor, it->cursor);
        if (seen)
            continue;
        char *name = ast_spelling(&g->a.nodes[it->node]);
        enum CX_StorageClass sc = clang_Cursor_getStorageClass(it->cursor);
        sb_printf(&before, "#define %s dvmh_hidden_%s\n", name, name);
        sb_printf(&after, "\n#undef %s\n%s%s *%s;", name,
                  sc == CX_SC_Extern ? "extern " : sc == CX_SC_Static ? "static " : "",
                  it->dir->kind == DIR_TEMPLATE ? "dvmh_template" : "dvmh_array", name);
        free(name);
    }
    if (before.len) {
        edit *e = edit_begin(&g->e, inc->start, inc->start);
        edit_lit(e, before.s);
        e = edit_begin(&g->e, inc->eol, inc->eol);
        edit_lit(e, after.s);
    }
    free(before.s);
    free(after.s);
}

typedef struct use_search {
    gen *g;
    int header;
    bool reported;
} use_search;

/* References to distributed variables in a header's function bodies, which
 * are compiled as written. */
static enum CXChildVisitResult on_header_code(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    use_search *u = data;
    if (u->reported)
        return CXChildVisit_Break;
    if (clang_getCursorKind(c) == CXCursor_DeclRefExpr) {
        CXCursor ref = clang_getCursorReferenced(c);
        for (int k = 0; k < u->g->obj_count && !clang_Cursor_isNull(ref); k++) {
            dobj *o = &u->g->objs[k];
            if (!same_entity(u->g->a.nodes[o->decl].cursor, ref))
                continue;
            unsigned off;
            clang_getExpansionLocation(clang_getCursorLocation(c), NULL, NULL, NULL, &off);
            header_error(u->g, u->header, off, "not supported yet: %s '%s' used in code in a header "
                         "(a header is compiled as written; move the function to a .c file)",
                         o->is_template ? "template" : "distributed array", o->name);
            u->reported = true;
            return CXChildVisit_Break;
        }
    }
    return CXChildVisit_Recurse;
}

void headers_finish(gen *g)
{
    struct headers *h = g->headers;
    if (!h)
        return;
    for (int k = 0; k < h->nitems; k++) {
        const hitem *it = &h->items[k];
        if (it->kind != CXCursor_VarDecl || it->dir)
            continue;
        dobj *o = gen_find_obj(g, it->node);
        if (o)
            header_error(g, it->header, it->name,
                         "declaration of %s '%s' without its '#pragma dvm %s': the files that "
                         "include '%s' would take it for ordinary data",
                         o->is_template ? "template" : "distributed array", o->name,
                         o->is_template ? "template" : "array", h->files[it->header].path);
    }
    for (int k = 0; k < h->nitems; k++) {
        const hitem *it = &h->items[k];
        if (it->kind == CXCursor_FunctionDecl && clang_isCursorDefinition(it->cursor)) {
            use_search u = {g, it->header, false};
            clang_visitChildren(it->cursor, on_header_code, &u);
        }
    }
    for (int k = 0; k < h->nincs; k++)
        wrap_include(g, &h->incs[k]);
}

void headers_free(gen *g)
{
    struct headers *h = g->headers;
    if (!h)
        return;
    for (int k = 0; k < h->nfiles; k++) {
        free(h->files[k].path);
        pragma_free(h->files[k].pragmas, h->files[k].npragmas);
    }
    for (int k = 0; k < h->nincs; k++)
        free(h->incs[k].files);
    for (int k = 0; k < h->ndirs; k++)
        dir_free(h->dirs[k]);
    free(h->files);
    free(h->incs);
    free(h->items);
    free(h->dirs);
    free(h->redecls);
    free(h);
    g->headers = NULL;
}

int headers_count(const gen *g)
{
    return g->headers ? g->headers->nfiles : 0;
}

const char *headers_text(const gen *g, int k, size_t *len)
{
    *len = g->headers->files[k].len;
    return g->headers->files[k].text;
}
