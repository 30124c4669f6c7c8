/* cuda_extern.c: device code across files. A kernel may call a function
 * of another file when a user header declares it: the CUDA file then
 * declares it __device__ and is compiled as relocatable device code
 * (nvcc -rdc=true). A file defines device versions of its functions that
 * a user header declares (non-static, not inline, not main, with a body
 * that can run on a GPU) for the kernels of other files. The runtime links
 * the program's relocatable images at run time (lib/gpu/link.c). */
#include "alloc.h"
#include "cuda.h"
#include "cuda_plan.h"

#include <stdlib.h>
#include <string.h>

static char *name_of(CXCursor c)
{
    CXString s = clang_getCursorSpelling(c);
    char *r = xstrdup(clang_getCString(s));
    clang_disposeString(s);
    return r;
}

/* Where the function is first declared: 1 a user header, 0 the main
 * file, -1 a system header. */
static int first_declared(CXCursor fn)
{
    CXSourceLocation loc = clang_getCursorLocation(clang_getCanonicalCursor(fn));
    if (clang_Location_isInSystemHeader(loc))
        return -1;
    return clang_Location_isFromMainFile(loc) ? 0 : 1;
}

/* The types a device function of another file may take and return: no
 * pointers to functions (a host function's address means nothing there). */
static bool device_passable(CXType t)
{
    t = clang_getCanonicalType(t);
    while (t.kind == CXType_Pointer || t.kind == CXType_ConstantArray ||
           t.kind == CXType_IncompleteArray) {
        t = t.kind == CXType_Pointer ? clang_getPointeeType(t) : clang_getArrayElementType(t);
        t = clang_getCanonicalType(t);
        if (t.kind == CXType_FunctionProto || t.kind == CXType_FunctionNoProto)
            return false;
    }
    return t.kind != CXType_LongDouble;
}

static bool signature_passable(CXType ft)
{
    if (!device_passable(clang_getResultType(ft)))
        return false;
    int n = clang_getNumArgTypes(ft);
    for (int k = 0; k < n; k++)
        if (!device_passable(clang_getArgType(ft, (unsigned)k)))
            return false;
    return true;
}

bool cuda_extern_callee(gen *g, cuda_plan *c, CXCursor callee, const char *name)
{
    (void)g;
    int where = first_declared(callee);
    if (where < 0 || clang_getCursorLinkage(callee) != CXLinkage_External || !strcmp(name, "main"))
        return cuda_refuse(c, "the call to '%s' cannot run on the GPU (only functions defined "
                              "in this file and the math library can)", name);
    if (where == 0)
        return cuda_refuse(c, "the call to '%s' cannot run on the GPU (a function of another "
                              "file can when a header declares it)", name);
    CXType ft = clang_getCursorType(callee);
    if (ft.kind != CXType_FunctionProto || clang_isFunctionTypeVariadic(ft))
        return cuda_refuse(c, "the call to '%s' cannot run on the GPU (a function of another "
                              "file needs a prototype without '...')", name);
    if (!signature_passable(ft))
        return cuda_refuse(c, "the call to '%s' cannot run on the GPU (it takes or returns a "
                              "pointer to a function or a long double)", name);
    CXCursor canon = clang_getCanonicalCursor(callee);
    for (int k = 0; k < c->nneeds; k++)
        if (clang_equalCursors(c->needs[k], canon))
            return true;
    c->needs = xgrow(c->needs, &c->needs_cap, c->nneeds + 1);
    c->needs[c->nneeds++] = canon;
    return true;
}

static void add_device_fn(gen *g, int fn)
{
    for (int j = 0; j < g->device_fn_count; j++)
        if (g->device_fns[j] == fn)
            return;
    g->device_fns = xgrow(g->device_fns, &g->device_fn_cap, g->device_fn_count + 1);
    g->device_fns[g->device_fn_count++] = fn;
}

void cuda_plan_merge(gen *g, const cuda_plan *c)
{
    for (int k = 0; k < c->nfns; k++)
        add_device_fn(g, c->fns[k]);
    for (int k = 0; k < c->nneeds; k++) {
        bool known = false;
        for (int j = 0; j < g->nimports && !known; j++)
            known = clang_equalCursors(g->imports[j], c->needs[k]);
        if (!known) {
            g->imports = xgrow(g->imports, &g->imports_cap, g->nimports + 1);
            g->imports[g->nimports++] = c->needs[k];
        }
    }
}

static bool has_body(gen *g, int fn)
{
    for (int c = g->a.nodes[fn].first_child; c >= 0; c = g->a.nodes[c].next_sibling)
        if (g->a.nodes[c].kind == CXCursor_CompoundStmt)
            return true;
    return false;
}

/* Whether function definition fn is one other files may call from their
 * kernels: a user header declares it, it is not static, inline or main. */
static bool exportable(gen *g, int fn, char *name)
{
    CXCursor cur = g->a.nodes[fn].cursor;
    return g->a.nodes[fn].parent == -1 && !g->a.nodes[fn].from_macro && has_body(g, fn) &&
           clang_getCursorLinkage(cur) == CXLinkage_External && first_declared(cur) == 1 &&
           !clang_Cursor_isFunctionInlined(cur) && strcmp(name, "main") != 0;
}

void cuda_exports(gen *g)
{
    if (g->exports_done)
        return;
    g->exports_done = true;
    for (int n = 0; n < g->a.count; n++) {
        if (g->a.nodes[n].kind != CXCursor_FunctionDecl)
            continue;
        char *name = name_of(g->a.nodes[n].cursor);
        if (!exportable(g, n, name)) {
            free(name);
            continue;
        }
        cuda_plan c = {.last_dep = -1, .k0 = -1};
        CXType ft = clang_getCursorType(g->a.nodes[n].cursor);
        bool ok = ft.kind == CXType_FunctionProto && !clang_isFunctionTypeVariadic(ft)
                      ? signature_passable(ft) || cuda_refuse(&c, "it takes or returns a pointer "
                                                                  "to a function or a long double")
                      : cuda_refuse(&c, "it has no prototype or takes '...'");
        if (ok) {
            c.fns = xgrow(c.fns, &c.fns_cap, 1);
            c.fns[c.nfns++] = n;
            ok = cuda_check_calls(g, &c, g->a.nodes[n].start, g->a.nodes[n].end, true);
        }
        if (ok) {
            cuda_plan_merge(g, &c);
            g->exports = xgrow(g->exports, &g->exports_cap, g->nexports + 1);
            g->exports[g->nexports++] = n;
            gen_remark(g, g->a.nodes[n].start, "function '%s': device version for the parallel "
                       "loops of other files", name);
        } else {
            gen_remark(g, g->a.nodes[n].start, "function '%s': no device version for the parallel "
                       "loops of other files: %s", name, c.why);
        }
        free(c.fns);
        free(c.needs);
        free(c.why);
        free(name);
    }
}

bool cuda_relocatable(const gen *g)
{
    return g->nimports > 0 || g->nexports > 0;
}

void cuda_import_decls(gen *g, strbuf *out)
{
    if (g->nimports)
        sb_add(out, "/* functions of other files (relocatable device code) */\n");
    for (int k = 0; k < g->nimports; k++) {
        CXType ft = clang_getCursorType(g->imports[k]);
        char *name = name_of(g->imports[k]);
        char *res = cuda_type(clang_getResultType(ft));
        sb_printf(out, "__device__ %s %s(", res, name);
        int n = clang_getNumArgTypes(ft);
        for (int a = 0; a < n; a++) {
            char *t = cuda_type(clang_getArgType(ft, (unsigned)a));
            sb_printf(out, "%s%s", a ? ", " : "", t);
            free(t);
        }
        sb_add(out, n ? ");\n" : "void);\n");
        free(res);
        free(name);
    }
}

char *cuda_needs_list(const gen *g)
{
    strbuf b = {0};
    sb_add(&b, " ");
    for (int k = 0; k < g->nimports; k++) {
        char *name = name_of(g->imports[k]);
        sb_printf(&b, "%s ", name);
        free(name);
    }
    return sb_take(&b);
}

char *cuda_gives_list(const gen *g)
{
    strbuf b = {0};
    sb_add(&b, " ");
    for (int k = 0; k < g->nexports; k++) {
        char *name = name_of(g->a.nodes[g->exports[k]].cursor);
        sb_printf(&b, "%s ", name);
        free(name);
    }
    return sb_take(&b);
}
