/* decl.c: declarations of distributed arrays and templates become
 * descriptors created by the runtime; 'inherit' parameters get theirs from
 * the caller. */
#include "alloc.h"
#include "decl.h"
#include "gen.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The [..] sizes written after the declarator's name (the first
 * DIR_MAX_RANK kept in dims); their number. */
static int declarator_dims(gen *g, int var, char **dims, bool *pointer)
{
    node *n = &g->a.nodes[var];
    CXSourceLocation loc = clang_getCursorLocation(n->cursor);
    unsigned name_off;
    clang_getExpansionLocation(loc, NULL, NULL, NULL, &name_off);
    const char *t = g->a.text;
    size_t k = name_off;
    while (k < n->end && (t[k] == '_' || (t[k] >= '0' && t[k] <= '9') || (t[k] >= 'a' && t[k] <= 'z') ||
                          (t[k] >= 'A' && t[k] <= 'Z')))
        k++;
    k = ast_skip_blanks(&g->a, k);
    *pointer = false;
    if (k < g->a.text_len && t[k] == ')') {
        *pointer = true;
        k = ast_skip_blanks(&g->a, k + 1);
    }
    int rank = 0;
    if (*pointer)
        dims[rank++] = xstrdup("-1");
    while (k < g->a.text_len && t[k] == '[') {
        int depth = 0;
        size_t s = k + 1, e = s;
        for (e = k; e < g->a.text_len; e++) {
            if (t[e] == '[')
                depth++;
            else if (t[e] == ']' && --depth == 0)
                break;
        }
        if (rank < DIR_MAX_RANK)
            dims[rank] = ast_text(&g->a, s, e);
        rank++;
        k = ast_skip_blanks(&g->a, e + 1);
    }
    return rank;
}

/* The name of a typedef of an array or pointer type met on the way from t
 * to its elements ('row_t' of 'typedef double row_t[M]; row_t U[N];'),
 * NULL if none: such dimensions are not in the declarator's text, which
 * gives a distributed array its sizes. */
static char *hidden_dims_typedef(CXType t)
{
    for (int guard = 0; guard < 16; guard++) {
        if (t.kind == CXType_Elaborated || t.kind == CXType_Typedef) {
            enum CXTypeKind k = clang_getCanonicalType(t).kind;
            if (k == CXType_ConstantArray || k == CXType_VariableArray ||
                k == CXType_IncompleteArray || k == CXType_Pointer)
                return type_spelling(t);
            return NULL;
        }
        if (t.kind == CXType_Pointer)
            t = clang_getPointeeType(t);
        else if (t.kind == CXType_ConstantArray || t.kind == CXType_VariableArray ||
                 t.kind == CXType_IncompleteArray)
            t = clang_getArrayElementType(t);
        else
            return NULL;
    }
    return NULL;
}

#define HIDDEN_DIMS "not supported yet: '%s' is declared with the array or pointer type '%s' (a " \
                    "typedef): write its dimensions out in the declaration (double %s[N][M])"

CXType decl_element_type(CXType t, int *levels)
{
    int r = 0;
    if (t.kind == CXType_Pointer) {
        t = clang_getPointeeType(t);
        r++;
    }
    while (t.kind == CXType_ConstantArray || t.kind == CXType_VariableArray ||
           t.kind == CXType_IncompleteArray) {
        t = clang_getArrayElementType(t);
        r++;
    }
    *levels = r;
    return t;
}

dobj *decl_add_obj(gen *g)
{
    g->objs = xrealloc(g->objs, sizeof(dobj) * (size_t)(g->obj_count + 1));
    dobj *o = &g->objs[g->obj_count++];
    memset(o, 0, sizeof *o);
    return o;
}

static char *shadow_text(const directive *d, bool hi)
{
    if (d->shadow_rank == 0)
        return xstrdup("NULL");
    strbuf b = {0};
    sb_add(&b, "(dvmh_idx[]){");
    for (int k = 0; k < d->shadow_rank; k++)
        sb_printf(&b, "%s(%s)", k ? ", " : "", hi ? d->shadow[k].hi : d->shadow[k].lo);
    sb_add(&b, "}");
    return sb_take(&b);
}

static const char *type_code_of(CXType elem)
{
    const char *c = gen_type_code(elem);
    return c ? c : "DVMH_T_OTHER";
}

char *decl_creation(gen *g, dobj *o, const directive *d, char **dims, int rank, const char *file,
                    unsigned line)
{
    strbuf b = {0};
    strbuf sizes = {0};
    for (int k = 0; k < rank; k++)
        sb_printf(&sizes, "%s(%s)", k ? ", " : "", dims[k]);
    char *distr = d->distr_rank ? gen_distr_text(d) : xstrdup("NULL");
    if (o->is_template) {
        sb_printf(&b, "%s = dvmh_template_create(%s, %u, %d, (dvmh_idx[]){%s}, %s);",
                  o->desc, file, line, rank, sizes.s, distr);
    } else {
        char *lo = shadow_text(d, false), *hi = shadow_text(d, true);
        int levels;
        CXType elem = decl_element_type(clang_getCursorType(g->a.nodes[o->decl].cursor), &levels);
        sb_printf(&b, "%s = dvmh_array_create(%s, %u, %d, sizeof(%s), %s, (dvmh_idx[]){%s}, %s, %s, %s);",
                  o->desc, file, line, rank, o->elem, type_code_of(elem), sizes.s, lo, hi, distr);
        sb_printf(&b, " dvmh_name(%s, \"%s\");", o->desc, o->name);
        free(lo);
        free(hi);
    }
    if (d->has_align) {
        dobj *target = gen_lookup_obj(g, d->align_target.name, g->a.nodes[o->decl].start);
        if (!target) {
            gen_error_at(g, d->align_target.loc, "'%s' in 'align' is not a distributed array or template",
                         d->align_target.name);
        } else {
            char *rules = gen_rules_text(&d->align_target, d->align_dummy, d->align_rank);
            /* the rules are the directive's expressions: a C error in one (an
             * undeclared name) is reported on the directive's line */
            sb_printf(&b, "\n#line %u \"%s\"\n dvmh_array_align(%s, %u, %s, %s, %s);",
                      d->align_target.loc.line, g->dir_file ? g->dir_file : g->file, file, line,
                      o->desc, target->desc, rules);
            free(rules);
            if (d->align_rank != rank)
                gen_error_at(g, d->align_target.loc,
                             "'align' names %d dimensions for '%s', which has %d", d->align_rank,
                             o->name, rank);
        }
    }
    free(distr);
    free(sizes.s);
    return sb_take(&b);
}

static bool jump_into(gen *g, int block, size_t offset);

/* Attributes after the last declarator ('double B[N]
 * __attribute__((aligned(64)));'): they were the array's, the handle that
 * replaces it takes none. The offset past them. */
static size_t skip_attributes(gen *g, size_t end)
{
    const char *t = g->a.text;
    for (;;) {
        size_t k = ast_skip_blanks(&g->a, end);
        if (strncmp(t + k, "__attribute__", 13) != 0)
            return end;
        k = ast_skip_blanks(&g->a, k + 13);
        if (t[k] != '(')
            return end;
        int depth = 0;
        for (; k < g->a.text_len; k++) {
            if (t[k] == '(')
                depth++;
            else if (t[k] == ')' && --depth == 0)
                break;
        }
        if (depth != 0)
            return end;
        end = k + 1;
    }
}

void decl_group(gen *g, attached *at)
{
    const directive *d = at->dir;
    int first = at->node;
    size_t start = g->a.nodes[first].start;
    /* every declarator of the declaration shares the start offset */
    int vars[16], nv = 0;
    for (int n = first; n < g->a.count && nv < 16; n++)
        if (g->a.nodes[n].kind == CXCursor_VarDecl && !g->a.nodes[n].foreign &&
            g->a.nodes[n].start == start &&
            g->a.nodes[n].parent == g->a.nodes[first].parent)
            vars[nv++] = n;
    size_t end = skip_attributes(g, g->a.nodes[vars[nv - 1]].end);
    bool file_scope = g->a.nodes[first].parent == -1;
    enum CX_StorageClass sc = clang_Cursor_getStorageClass(g->a.nodes[first].cursor);
    bool is_extern = sc == CX_SC_Extern;
    bool is_static = sc == CX_SC_Static;
    /* a block's arrays and templates go away on any way out of it (the
     * end, return, break, goto): a cleanup */
    int decl_stmt = g->a.nodes[first].parent;
    int block = decl_stmt >= 0 && g->a.nodes[decl_stmt].kind == CXCursor_DeclStmt
                    ? g->a.nodes[decl_stmt].parent
                    : -1;
    bool local = !file_scope && !is_static && !is_extern;
    bool cleanup = local && block >= 0 && g->a.nodes[block].kind == CXCursor_CompoundStmt;
    if (cleanup && jump_into(g, block, end)) {
        /* the handle's initialisation would be skipped as well: its
         * destruction would take an uninitialised pointer */
        gen_error(g, start, "not supported yet: a jump (goto, or a switch's case) past the "
                            "declaration of a distributed array or template into its block "
                            "(declare it in a block of its own)");
        cleanup = false;
    }
    unsigned line, col;
    ast_line_col(&g->a, start, &line, &col);
    strbuf decl = {0}, create = {0};
    if (is_extern)
        sb_add(&decl, "extern ");
    else if (is_static)
        sb_add(&decl, "static ");
    sb_add(&decl, d->kind == DIR_TEMPLATE ? "dvmh_template " : "dvmh_array ");
    for (int v = 0; v < nv; v++) {
        if (at->var_dirs && at->var_dirs[v])
            d = at->var_dirs[v];
        node *n = &g->a.nodes[vars[v]];
        dobj *o = decl_add_obj(g);
        o->decl = vars[v];
        o->name = ast_spelling(n);
        o->desc = xstrdup(o->name);
        o->dir = d;
        o->is_template = d->kind == DIR_TEMPLATE;
        CXCursor init = clang_Cursor_getVarDeclInitializer(n->cursor);
        if (!clang_Cursor_isNull(init) && !o->is_template) {
            unsigned ioff;
            clang_getExpansionLocation(clang_getCursorLocation(init), NULL, NULL, NULL, &ioff);
            gen_error(g, ioff, "a distributed array cannot have an initializer");
        }
        char *dims[DIR_MAX_RANK + 1];
        bool pointer = false;
        int rank;
        if (o->is_template) {
            rank = d->dims_rank;
            for (int k = 0; k < rank; k++)
                dims[k] = xstrdup(d->dims[k]);
            if (rank == 0 && !is_extern)
                gen_error_at(g, d->loc, "'template' needs its sizes: template[N]...");
        } else {
            char *td = hidden_dims_typedef(clang_getCursorType(n->cursor));
            if (td) {
                gen_error(g, n->start, HIDDEN_DIMS, o->name, td, o->name);
                free(td);
                continue;
            }
            rank = declarator_dims(g, vars[v], dims, &pointer);
            int levels;
            CXType elem = decl_element_type(clang_getCursorType(n->cursor), &levels);
            /* 'double *v': a one-dimensional array created by malloc */
            if (rank == 0 && levels == 1 &&
                clang_getCanonicalType(clang_getCursorType(n->cursor)).kind == CXType_Pointer) {
                pointer = true;
                dims[rank++] = xstrdup("-1");
            }
            o->elem = type_spelling(elem);
            if (rank > DIR_MAX_RANK) {
                gen_error(g, n->start, GEN_TOO_MANY_DIMS, o->name, rank, DIR_MAX_RANK);
                for (int k = 0; k < DIR_MAX_RANK; k++)
                    free(dims[k]);
                continue;
            }
            o->rank = rank;
            o->pointer = pointer;
            if (rank == 0 || levels != rank) {
                gen_error(g, n->start, "'array' directive must precede an array declaration "
                                       "(or a pointer to rows created by malloc)");
                for (int k = 0; k < rank; k++)
                    free(dims[k]);
                continue;
            }
            if (d->distr_rank && d->distr_rank != rank)
                gen_error_at(g, d->distr[0].loc, "'distribute' gives %d format%s for '%s', which has %d dimensions",
                             d->distr_rank, d->distr_rank == 1 ? "" : "s", o->name, rank);
            if (d->shadow_rank && d->shadow_rank != rank)
                gen_error_at(g, d->shadow[0].loc, "'shadow' gives %d width%s for '%s', which has %d dimensions",
                             d->shadow_rank, d->shadow_rank == 1 ? "" : "s", o->name, rank);
        }
        o->rank = rank;
        sb_printf(&decl, "%s*%s%s%s", v ? ", " : "", o->name,
                  !cleanup ? ""
                  : d->kind == DIR_TEMPLATE ? " __attribute__((cleanup(dvmh_template_release)))"
                                            : " __attribute__((cleanup(dvmh_array_release)))",
                  local ? " = NULL" : "");
        if (!is_extern) {
            char *c = decl_creation(g, o, d, dims, rank, "__FILE__", line);
            sb_printf(&create, "%s%s", create.len ? " " : "", c);
            free(c);
        }
        for (int k = 0; k < rank; k++)
            free(dims[k]);
    }
    edit *e = edit_begin(&g->e, start, end);
    edit_lit(e, decl.s);
    if (create.len) {
        if (file_scope) {
            sb_printf(&g->globals, "    %s\n", create.s);
        } else {
            size_t after = ast_stmt_end(&g->a, g->a.nodes[first].parent >= 0 &&
                                                       g->a.nodes[g->a.nodes[first].parent].kind == CXCursor_DeclStmt
                                                   ? g->a.nodes[first].parent
                                                   : first);
            edit *c = edit_begin(&g->e, after, after);
            if (is_static)
                edit_litf(c, " if (!%s) { %s }", g->objs[g->obj_count - 1].desc, create.s);
            else
                edit_litf(c, " %s", create.s);
        }
    }
    free(decl.s);
    free(create.s);
}

static void declare_inherit(gen *g, attached *at)
{
    node *fn = &g->a.nodes[at->node];
    int body = -1;
    for (int c = fn->first_child; c >= 0; c = g->a.nodes[c].next_sibling)
        if (g->a.nodes[c].kind == CXCursor_CompoundStmt)
            body = c;
    for (int k = 0; k < at->dir->name_count; k++) {
        const char *name = at->dir->names[k];
        int parm = -1;
        for (int c = fn->first_child; c >= 0; c = g->a.nodes[c].next_sibling) {
            if (g->a.nodes[c].kind != CXCursor_ParmDecl)
                continue;
            char *s = ast_spelling(&g->a.nodes[c]);
            if (!strcmp(s, name))
                parm = c;
            free(s);
        }
        if (parm < 0) {
            gen_error_at(g, at->dir->name_locs[k], "'%s' is not a parameter of this function", name);
            continue;
        }
        CXType t = clang_getCursorType(g->a.nodes[parm].cursor);
        char *td = hidden_dims_typedef(t);
        if (td) {
            gen_error_at(g, at->dir->name_locs[k], HIDDEN_DIMS, name, td, name);
            free(td);
            continue;
        }
        int levels;
        CXType elem = decl_element_type(t, &levels);
        /* libclang gives a parameter's type as written: an array (a
         * variable-length one too: 'double a[n][m]') or a pointer */
        if (t.kind != CXType_Pointer && t.kind != CXType_IncompleteArray &&
            t.kind != CXType_ConstantArray && t.kind != CXType_VariableArray) {
            gen_error_at(g, at->dir->name_locs[k], "'inherit' parameter '%s' must be an array or a pointer",
                         name);
            continue;
        }
        if (body < 0)
            continue; /* a prototype: nothing to generate */
        dobj *o = decl_add_obj(g);
        o->decl = parm;
        o->name = xstrdup(name);
        size_t len = strlen(name) + 16;
        o->desc = xmalloc(len);
        snprintf(o->desc, len, "dvmh_inh_%s", name);
        o->rank = levels;
        o->elem = type_spelling(elem);
        o->dir = at->dir;
        edit *e = edit_begin(&g->e, g->a.nodes[body].start + 1, g->a.nodes[body].start + 1);
        edit_litf(e, " dvmh_array *const %s = dvmh_array_of(__FILE__, __LINE__, %s);", o->desc, name);
    }
}

/* Whether a jump lands in block after offset (a declaration's end) from
 * before it or from outside the block: a goto to a label there, a switch
 * whose case is there, any computed goto. Such a jump would bypass a
 * cleanup declared at offset, which C forbids. */
static bool jump_into(gen *g, int block, size_t offset)
{
    size_t end = g->a.nodes[block].end;
    int fn = ast_ancestor(&g->a, block, CXCursor_FunctionDecl);
    if (fn < 0)
        return true;
    for (int n = fn + 1; n < g->a.count && g->a.nodes[n].start < g->a.nodes[fn].end; n++) {
        const node *nd = &g->a.nodes[n];
        if (ast_child_towards(&g->a, fn, n) < 0)
            break;
        if (nd->kind == CXCursor_IndirectGotoStmt)
            return true;
        if (nd->kind == CXCursor_GotoStmt) {
            size_t to = ast_goto_target(&g->a, n);
            bool from_inside = nd->start >= offset && nd->start < end;
            if (to >= offset && to < end && !from_inside)
                return true;
        }
        if ((nd->kind == CXCursor_CaseStmt || nd->kind == CXCursor_DefaultStmt) &&
            nd->start >= offset && nd->start < end) {
            int sw = ast_ancestor(&g->a, n, CXCursor_SwitchStmt);
            if (sw < 0 || g->a.nodes[sw].start < offset)
                return true;
        }
    }
    return false;
}

/* Automatic arrays begin a new lifetime each time their declaration runs:
 * the runtime must forget what it knew of that memory (a region may have
 * left the previous lifetime's values on an accelerator), so each one is
 * followed by DVMH_DATA_FRESH (nearly free while no ordinary data is
 * tracked), and their lifetime's end forgets them again (DVMH_DATA_SCOPE,
 * a cleanup: else a get_actual of everything would copy a dead array's
 * values from an accelerator over the variables that use its memory
 * later), unless a jump lands after the declaration from before it. Not inside
 * parallel loop bodies, which run on devices. */
static void fresh_locals(gen *g)
{
    for (int n = 0; n < g->a.count; n++) {
        node *nd = &g->a.nodes[n];
        if (nd->kind != CXCursor_DeclStmt || nd->from_macro || nd->parent < 0 ||
            g->a.nodes[nd->parent].kind != CXCursor_CompoundStmt ||
            ast_ancestor(&g->a, n, CXCursor_FunctionDecl) < 0 || gen_in_parallel_loop(g, nd->start))
            continue;
        strbuf calls = {0};
        for (int c = nd->first_child; c >= 0; c = g->a.nodes[c].next_sibling) {
            node *v = &g->a.nodes[c];
            if (v->kind != CXCursor_VarDecl || gen_find_obj(g, c) ||
                clang_Cursor_getStorageClass(v->cursor) != CX_SC_None)
                continue;
            enum CXTypeKind k = clang_getCanonicalType(clang_getCursorType(v->cursor)).kind;
            if (k != CXType_ConstantArray && k != CXType_VariableArray)
                continue;
            char *name = ast_spelling(v);
            if (!jump_into(g, nd->parent, nd->end))
                sb_printf(&calls, " DVMH_DATA_SCOPE(dvmh_scope_%s, %s, sizeof(%s));", name, name, name);
            sb_printf(&calls, " DVMH_DATA_FRESH(%s, sizeof(%s));", name, name);
            free(name);
        }
        if (calls.len) {
            size_t after = ast_stmt_end(&g->a, n);
            edit *e = edit_begin(&g->e, after, after);
            edit_lit(e, calls.s);
        }
        free(calls.s);
    }
}

void decl_directive(gen *g, attached *at)
{
    if (!at->dir || at->node < 0)
        return;
    if (at->dir->kind == DIR_ARRAY || at->dir->kind == DIR_TEMPLATE)
        decl_group(g, at);
    else if (at->dir->kind == DIR_INHERIT)
        declare_inherit(g, at);
}

void decl_fresh_locals(gen *g)
{
    fresh_locals(g);
}
