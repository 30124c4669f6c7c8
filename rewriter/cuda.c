/* cuda.c: CUDA handlers: for each parallel loop a kernel (in the CUDA file)
 * and a launcher (an ordinary dvmh_handler in the C file) that splits the
 * piece over a grid, reduces block by block, and runs across loops as
 * wavefronts; functions the bodies call get __device__ copies. */
#include "alloc.h"
#include "cuda.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Library functions a kernel may call (CUDA's math library; also with an
 * 'f' suffix). */
static const char *const device_library[] = {
    "sqrt", "cbrt", "rsqrt", "hypot", "fabs", "fmax", "fmin", "fdim", "fma", "fmod",
    "remainder", "copysign", "exp", "exp2", "exp10", "expm1", "log", "log2", "log10",
    "log1p", "pow", "sin", "cos", "tan", "asin", "acos", "atan", "atan2", "sinh",
    "cosh", "tanh", "asinh", "acosh", "atanh", "floor", "ceil", "round", "trunc",
    "rint", "nearbyint", "lround", "llround", "lrint", "llrint", "erf", "erfc",
    "lgamma", "tgamma", "ldexp", "abs", "labs", "llabs", NULL};

static bool device_library_function(const char *name)
{
    for (int k = 0; device_library[k]; k++) {
        size_t n = strlen(device_library[k]);
        if (!strncmp(name, device_library[k], n) && (!name[n] || (name[n] == 'f' && !name[n + 1])))
            return true;
    }
    return false;
}

static char *cursor_name(CXCursor c)
{
    CXString s = clang_getCursorSpelling(c);
    char *r = xstrdup(clang_getCString(s));
    clang_disposeString(s);
    return r;
}

/* The node of a function's definition in the main file, or -1. */
static int function_definition(gen *g, CXCursor callee)
{
    CXCursor def = clang_getCursorDefinition(callee);
    if (clang_Cursor_isNull(def))
        return -1;
    for (int n = 0; n < g->a.count; n++)
        if (g->a.nodes[n].kind == CXCursor_FunctionDecl && g->a.nodes[n].parent == -1 &&
            clang_equalCursors(g->a.nodes[n].cursor, def))
            return n;
    return -1;
}

static bool is_file_scope_var(gen *g, int decl)
{
    return decl >= 0 && g->a.nodes[decl].kind == CXCursor_VarDecl &&
           ast_ancestor(&g->a, decl, CXCursor_FunctionDecl) < 0;
}

/* Checks what the nodes in [start, end) call; functions defined in this
 * file join 'fns' (and are checked in turn). why: the first reason the
 * code cannot run on a GPU. */
static bool check_calls(gen *g, size_t start, size_t end, int **fns, int *nfns, bool in_function,
                        char *why, size_t why_size)
{
    for (int n = 0; n < g->a.count; n++) {
        node *nd = &g->a.nodes[n];
        if (nd->start < start || nd->end > end)
            continue;
        if (in_function && nd->kind == CXCursor_DeclRefExpr) {
            int decl = ast_referenced(&g->a, n);
            if (is_file_scope_var(g, decl)) {
                char *v = ast_spelling(&g->a.nodes[decl]);
                snprintf(why, why_size, "a function it calls uses the global variable '%s'", v);
                free(v);
                return false;
            }
        }
        if (nd->kind != CXCursor_CallExpr)
            continue;
        CXCursor callee = clang_getCursorReferenced(nd->cursor);
        if (clang_Cursor_isNull(callee) || clang_getCursorKind(callee) != CXCursor_FunctionDecl) {
            snprintf(why, why_size, "a call through a function pointer cannot run on the GPU");
            return false;
        }
        char *name = cursor_name(callee);
        int def = function_definition(g, callee);
        if (def >= 0) {
            bool known = false;
            for (int k = 0; k < *nfns; k++)
                known |= (*fns)[k] == def;
            if (!known) {
                *fns = xrealloc(*fns, sizeof(int) * (size_t)(*nfns + 1));
                (*fns)[(*nfns)++] = def;
                if (!check_calls(g, g->a.nodes[def].start, g->a.nodes[def].end, fns, nfns, true,
                                 why, why_size)) {
                    free(name);
                    return false;
                }
            }
        } else if (!device_library_function(name)) {
            snprintf(why, why_size, "the call to '%s' cannot run on the GPU (only functions defined "
                     "in this file and the math library can)", name);
            free(name);
            return false;
        }
        free(name);
    }
    return true;
}

/* Whether an expression's text names a local variable of a function (a
 * launcher, placed before the function, cannot see it). */
static bool names_local(gen *g, const char *text, size_t at, char **which)
{
    for (const char *p = text; *p;) {
        if (isalpha((unsigned char)*p) || *p == '_') {
            const char *s = p;
            while (isalnum((unsigned char)*p) || *p == '_')
                p++;
            char *id = xstrndup(s, (size_t)(p - s));
            int decl = ast_lookup(&g->a, id, at);
            if (decl >= 0 && !is_file_scope_var(g, decl)) {
                *which = id;
                return true;
            }
            free(id);
        } else {
            p++;
        }
    }
    return false;
}

/* Element type spelled for CUDA C++. */
/* The launcher's iteration counts along x, y, z: the innermost thread
 * dimension, the next, the product of the rest ({a, b, c}); k0's count is
 * the wavefront step's (dvmh_cnt). */
static void thread_counts(strbuf *h, const int *tdims, int nt, int k0)
{
    sb_add(h, "{");
    for (int slot = 0; slot < 2; slot++) {
        int t = nt - 1 - slot;
        if (t < 0)
            sb_add(h, "1, ");
        else if (tdims[t] == k0)
            sb_add(h, "dvmh_cnt, ");
        else
            sb_printf(h, "dvmh_n[%d], ", tdims[t]);
    }
    sb_add(h, "1");
    for (int t = 0; t + 2 < nt; t++) {
        if (tdims[t] == k0)
            sb_add(h, " * dvmh_cnt");
        else
            sb_printf(h, " * dvmh_n[%d]", tdims[t]);
    }
    sb_add(h, "}");
}

/* The kernels of a loop, its body's instances (params: the body's
 * parameter declarations): striding along x, y and z (0), one iteration
 * per thread (7), and, for reductions, whose grids are cut along z first,
 * striding along z only (3). */
static void kernel_wrappers(strbuf *kb, const char *handler, const char *params, bool strided_z)
{
    strbuf names = {0};
    /* each parameter's name: the last identifier before a top-level comma */
    int depth = 0;
    size_t last_start = 0, last_len = 0;
    for (size_t k = 0;; k++) {
        char ch = params[k];
        if (ch == '<')
            depth++;
        else if (ch == '>')
            depth--;
        else if ((isalpha((unsigned char)ch) || ch == '_') &&
                 (k == 0 || !(isalnum((unsigned char)params[k - 1]) || params[k - 1] == '_'))) {
            last_start = k;
            last_len = 1;
            while (isalnum((unsigned char)params[k + 1]) || params[k + 1] == '_')
                k++, last_len++;
        }
        if ((ch == ',' && depth == 0) || ch == 0) {
            sb_printf(&names, "%s%.*s", names.len ? ", " : "", (int)last_len, params + last_start);
            if (ch == 0)
                break;
        }
    }
    sb_printf(kb, "extern \"C\" __global__ void %s_kernel(%s)\n{\n    %s_body<0>(%s);\n}\n\n", handler,
              params, handler, names.s);
    sb_printf(kb, "extern \"C\" __global__ void %s_kernel1(%s)\n{\n    %s_body<7>(%s);\n}\n\n", handler,
              params, handler, names.s);
    if (strided_z)
        sb_printf(kb, "extern \"C\" __global__ void %s_kernel2(%s)\n{\n    %s_body<3>(%s);\n}\n\n", handler,
                  params, handler, names.s);
    free(names.s);
}

static char *cu_type(CXType t)
{
    if (clang_getCanonicalType(t).kind == CXType_Bool)
        return xstrdup("bool");
    return type_spelling(t);
}

typedef struct cuda_red {
    const dir_reduction *r;
    char *elem, *loc_elem;          /* CUDA spellings */
    long long count, loc_count;
    char *decl, *loc_decl;          /* "double m", "int loc[2]" (host C) */
} cuda_red;

static bool red_shape(gen *g, size_t at, const char *var, char **elem, long long *count,
                      char **decl)
{
    int d = ast_lookup(&g->a, var, at);
    if (d < 0)
        return false;
    CXType t = clang_getCursorType(g->a.nodes[d].cursor);
    *decl = gen_decl_text(t, var);
    *count = 1;
    if (t.kind == CXType_ConstantArray) {
        *count = clang_getArraySize(t);
        t = clang_getArrayElementType(t);
        if (t.kind == CXType_ConstantArray)
            return false;
    }
    if (clang_getCanonicalType(t).kind == CXType_LongDouble)
        return false;
    *elem = cu_type(t);
    return true;
}

/* One data reference in the body: its subscripts (outermost first). */
static bool rewrite_accesses(gen *g, const loop_plan *l, edit_list *el, char *why, size_t why_size)
{
    for (int n = 0; n < g->a.count; n++) {
        node *nd = &g->a.nodes[n];
        if (nd->kind != CXCursor_DeclRefExpr || nd->start < l->body_start || nd->end > l->body_end)
            continue;
        int decl = ast_referenced(&g->a, n);
        int k;
        for (k = 0; k < l->ndata; k++)
            if (l->data[k].decl == decl)
                break;
        if (k == l->ndata)
            continue;
        const loop_data *dt = &l->data[k];
        if (dt->rank < 2)
            continue;
        int cur = n, level = 0, idx[DIR_MAX_RANK];
        for (;;) {
            int p = g->a.nodes[cur].parent;
            if (p < 0)
                break;
            if (g->a.nodes[p].kind == CXCursor_UnexposedExpr) {
                cur = p;
                continue;
            }
            if (g->a.nodes[p].kind == CXCursor_ArraySubscriptExpr && g->a.nodes[p].first_child == cur &&
                level < dt->rank) {
                idx[level++] = g->a.nodes[cur].next_sibling;
                cur = p;
                continue;
            }
            break;
        }
        if (level != dt->rank || g->a.nodes[cur].from_macro) {
            snprintf(why, why_size, level != dt->rank
                         ? "'%s' is used without all of its %d subscripts"
                         : "'%s' is subscripted inside a macro", dt->name, dt->rank);
            return false;
        }
        edit *e = edit_begin(el, g->a.nodes[cur].start, g->a.nodes[cur].end);
        edit_litf(e, "%s[", dt->name);
        for (int d = 0; d < dt->rank; d++) {
            edit_lit(e, d + 1 < dt->rank ? "(dvmh_idx)(" : "(");
            edit_range(e, g->a.nodes[idx[d]].start, g->a.nodes[idx[d]].end);
            if (d + 1 < dt->rank)
                edit_litf(e, ") * dvmh_s%d_%d + ", k, d);
            else
                edit_lit(e, ")]");
        }
    }
    return true;
}

static const char *red_code_names[] = {"DVMH_RED_SUM", "DVMH_RED_PRODUCT", "DVMH_RED_MAX",
                                       "DVMH_RED_MIN", "DVMH_RED_AND", "DVMH_RED_OR",
                                       "DVMH_RED_XOR", "DVMH_RED_MAXLOC", "DVMH_RED_MINLOC"};

/* Across widths: m[d], the largest dependence distance along loop dim d,
 * as text. */
static bool across_widths(const loop_plan *l, char *m[DIR_MAX_RANK], char *why,
                          size_t why_size)
{
    const directive *d = l->dir;
    strbuf w[DIR_MAX_RANK];
    memset(w, 0, sizeof w);
    bool ok = true;
    for (int k = 0; k < d->across.count && ok; k++) {
        const dir_var *v = &d->across.items[k];
        const dir_ref *map = dir_loop_mapping(d, v->name);
        if (!map) {
            snprintf(why, why_size, "not supported yet: across on '%s', which is not mapped onto "
                     "the loop by 'on' or 'tie'", v->name);
            ok = false;
            break;
        }
        if (!v->rank) {
            snprintf(why, why_size, "not supported yet: across(%s) without widths", v->name);
            ok = false;
            break;
        }
        for (int ad = 0; ad < map->rank && ad < v->rank; ad++) {
            if (map->index[ad].kind != DIR_INDEX_LINEAR)
                continue;
            for (int ld = 0; ld < l->rank; ld++) {
                if (strcmp(d->loop_vars[ld], map->index[ad].var))
                    continue;
                const char *lo = v->range[ad].lo ? v->range[ad].lo : "0";
                const char *hi = v->range[ad].hi ? v->range[ad].hi : "0";
                if (w[ld].len) {
                    char *prev = sb_take(&w[ld]);
                    sb_printf(&w[ld], "dvmh_max(%s, dvmh_max((%s), (%s)))", prev, lo, hi);
                    free(prev);
                } else {
                    sb_printf(&w[ld], "dvmh_max((%s), (%s))", lo, hi);
                }
            }
        }
    }
    for (int ld = 0; ld < l->rank; ld++) {
        m[ld] = ok && w[ld].len ? sb_take(&w[ld]) : NULL;
        free(w[ld].s);
        if (ok && l->dims[ld].dep && !m[ld]) {
            snprintf(why, why_size, "not supported yet: the dependency along '%s' has no width",
                     l->dims[ld].var);
            ok = false;
        }
    }
    if (!ok)
        for (int ld = 0; ld < l->rank; ld++) {
            free(m[ld]);
            m[ld] = NULL;
        }
    return ok;
}

char *cuda_gen_loop(gen *g, const loop_plan *l)
{
    const directive *d = l->dir;
    char why[512] = "";
    int rank = l->rank;
    edit_list el = {0};
    el.text = g->a.text;
    el.text_len = g->a.text_len;
    el.file = g->file;
    cuda_red reds[16];
    int nreds = 0;
    int *fns = NULL, nfns = 0;
    char *m[DIR_MAX_RANK] = {NULL};
    char *launcher = NULL;
    int last_dep = -1;
    bool any_dep = false;

    /* what may stop the loop from running on a GPU */
    if (!check_calls(g, l->body_start, l->body_end, &fns, &nfns, false, why, sizeof why))
        goto no_cuda;
    for (int k = 0; k < rank; k++) {
        if (l->dims[k].dep) {
            any_dep = true;
            last_dep = k;
            if (l->dims[k].outer_bounds) {
                snprintf(why, sizeof why, "not supported yet: across along '%s', whose bounds use "
                         "outer loop variables", l->dims[k].var);
                goto no_cuda;
            }
        }
    }
    if (any_dep && !across_widths(l, m, why, sizeof why))
        goto no_cuda;
    for (int k = 0; k < rank; k++) {
        char *local = NULL;
        if (m[k] && names_local(g, m[k], l->loop_start, &local)) {
            snprintf(why, sizeof why, "not supported yet: an across width uses the local variable '%s'",
                     local);
            free(local);
            goto no_cuda;
        }
    }
    for (int k = 0; k < d->cuda_block_rank; k++) {
        char *local = NULL;
        if (names_local(g, d->cuda_block[k], l->loop_start, &local)) {
            snprintf(why, sizeof why, "not supported yet: cuda_block uses the local variable '%s'",
                     local);
            free(local);
            goto no_cuda;
        }
    }
    if (d->reduction_count > 16) {
        snprintf(why, sizeof why, "not supported yet: more than 16 reductions in one loop");
        goto no_cuda;
    }
    for (int k = 0; k < d->reduction_count; k++) {
        cuda_red *r = &reds[nreds++];
        memset(r, 0, sizeof *r);
        r->r = &d->reductions[k];
        if (!red_shape(g, l->loop_start, r->r->var, &r->elem, &r->count, &r->decl) ||
            (r->r->loc_var && !red_shape(g, l->loop_start, r->r->loc_var, &r->loc_elem,
                                         &r->loc_count, &r->loc_decl))) {
            snprintf(why, sizeof why, "not supported yet: reduction variable '%s' of this type "
                     "on the GPU", r->r->var);
            goto no_cuda;
        }
        if (r->r->loc_var && r->count != 1) {
            snprintf(why, sizeof why, "not supported yet: %s of an array variable on the GPU",
                     dir_red_op_name(r->r->op));
            goto no_cuda;
        }
        if (!r->loc_elem) {
            r->loc_elem = xstrdup("char");
            r->loc_count = 0;
        }
    }
    if (!rewrite_accesses(g, l, &el, why, sizeof why))
        goto no_cuda;

    /* ---- the kernel ---- */
    int tdims[DIR_MAX_RANK], nt = 0;
    for (int k = 0; k < rank; k++)
        if (!l->dims[k].outer_bounds && k != last_dep)
            tdims[nt++] = k;
    /* A wavefront with more than one dependent dimension: along the
     * outermost (k0) only the points of step t's hyperplane get threads,
     * dvmh_cnt of them from dvmh_from (the others would find the last
     * dependent index out of range). */
    int k0 = -1;
    for (int t = 0; t < nt && k0 < 0; t++)
        if (l->dims[tdims[t]].dep)
            k0 = tdims[t];
    strbuf kb = {0};
    /* The body is a template: dvmh_ONE's bits 0, 1, 2 say that the grid
     * covers the iterations along x, y, z, so that each thread runs one
     * there instead of looping with the grid's stride (far fewer
     * registers); the launcher picks the instance. */
    sb_printf(&kb, "template <int dvmh_ONE> __device__ __forceinline__ void %s_body(", l->handler);
    size_t params_at = kb.len;
    for (int k = 0; k < rank; k++)
        sb_printf(&kb, "%sconst dvmh_idx dvmh_lo%d, const dvmh_idx dvmh_hi%d, const dvmh_idx dvmh_st%d, "
                       "const dvmh_idx dvmh_n%d", k ? ",\n    " : "", k, k, k, k);
    for (int k = 0; k < l->ndata; k++) {
        const loop_data *dt = &l->data[k];
        for (int dd = 1; dd < dt->rank; dd++)
            sb_printf(&kb, ",\n    const dvmh_idx dvmh_e%d_%d", k, dd);
        sb_printf(&kb, ",\n    %s%s *const __restrict__ %s", dt->write ? "" : "const ", dt->elem,
                  dt->name);
    }
    for (int k = 0; k < l->nscalars; k++) {
        char *ts = cu_type(clang_getCursorType(g->a.nodes[l->scalars[k].decl].cursor));
        sb_printf(&kb, ",\n    const %s %s", ts, l->scalars[k].name);
        free(ts);
    }
    for (int k = 0; k < nreds; k++) {
        sb_printf(&kb, ",\n    const dvmh_vals<%s, %lld> dvmh_init%d, %s *const dvmh_part%d", reds[k].elem,
                  reds[k].count, k, reds[k].elem, k);
        if (reds[k].loc_count)
            sb_printf(&kb, ",\n    const dvmh_vals<%s, %lld> dvmh_initloc%d", reds[k].loc_elem,
                      reds[k].loc_count, k);
        sb_printf(&kb, ", %s *const dvmh_partloc%d", reds[k].loc_elem, k);
    }
    if (any_dep) {
        sb_add(&kb, ",\n    const dvmh_idx dvmh_t");
        for (int k = 0; k < rank; k++)
            if (l->dims[k].dep && k != last_dep)
                sb_printf(&kb, ", const dvmh_idx dvmh_w%d", k);
        if (k0 >= 0)
            sb_add(&kb, ", const dvmh_idx dvmh_from, const dvmh_idx dvmh_cnt");
    }
    char *params = xstrndup(kb.s + params_at, kb.len - params_at);
    sb_add(&kb, ")\n{\n");
    for (int k = 0; k < rank; k++)
        sb_printf(&kb, "    (void)dvmh_hi%d; (void)dvmh_n%d;\n", k, k);
    for (int k = 0; k < l->ndata; k++) {
        const loop_data *dt = &l->data[k];
        for (int dd = dt->rank - 2; dd >= 0; dd--) {
            if (dd == dt->rank - 2)
                sb_printf(&kb, "    const dvmh_idx dvmh_s%d_%d = dvmh_e%d_%d;\n", k, dd, k, dd + 1);
            else
                sb_printf(&kb, "    const dvmh_idx dvmh_s%d_%d = dvmh_s%d_%d * dvmh_e%d_%d;\n", k, dd, k,
                          dd + 1, k, dd + 1);
        }
    }
    loop_private_decls(g, l, &kb);
    for (int k = 0; k < nreds; k++) {
        sb_printf(&kb, "    %s;\n    memcpy(&%s, &dvmh_init%d, sizeof(%s));\n", reds[k].decl,
                  reds[k].r->var, k, reds[k].r->var);
        if (reds[k].loc_count)
            sb_printf(&kb, "    %s;\n    memcpy(&%s, &dvmh_initloc%d, sizeof(%s));\n", reds[k].loc_decl,
                      reds[k].r->loc_var, k, reds[k].r->loc_var);
    }
    /* thread dims: the innermost on x, the next on y, the rest folded on z;
     * dvmh_c<k> threads along loop dimension k */
    for (int t = 0; t < nt; t++) {
        if (tdims[t] == k0)
            sb_printf(&kb, "    const dvmh_idx dvmh_c%d = dvmh_cnt;\n", k0);
        else
            sb_printf(&kb, "    const dvmh_idx dvmh_c%d = dvmh_n%d;\n", tdims[t], tdims[t]);
    }
    if (nt)
        sb_printf(&kb, "    const dvmh_idx dvmh_nx = dvmh_c%d;\n", tdims[nt - 1]);
    else
        sb_add(&kb, "    const dvmh_idx dvmh_nx = 1;\n");
    if (nt >= 2)
        sb_printf(&kb, "    const dvmh_idx dvmh_ny = dvmh_c%d;\n", tdims[nt - 2]);
    else
        sb_add(&kb, "    const dvmh_idx dvmh_ny = 1;\n");
    sb_add(&kb, "    const dvmh_idx dvmh_nz = 1");
    for (int t = 0; t + 2 < nt; t++)
        sb_printf(&kb, " * dvmh_c%d", tdims[t]);
    sb_add(&kb, ";\n");
    sb_add(&kb, "    for (dvmh_idx dvmh_z = blockIdx.z * (dvmh_idx)blockDim.z + threadIdx.z; dvmh_z < dvmh_nz;\n"
                "         dvmh_z = (dvmh_ONE & 4) ? dvmh_nz : dvmh_z + (dvmh_idx)gridDim.z * blockDim.z)\n"
                "    for (dvmh_idx dvmh_y = blockIdx.y * (dvmh_idx)blockDim.y + threadIdx.y; dvmh_y < dvmh_ny;\n"
                "         dvmh_y = (dvmh_ONE & 2) ? dvmh_ny : dvmh_y + (dvmh_idx)gridDim.y * blockDim.y)\n"
                "    for (dvmh_idx dvmh_x = blockIdx.x * (dvmh_idx)blockDim.x + threadIdx.x; dvmh_x < dvmh_nx;\n"
                "         dvmh_x = (dvmh_ONE & 1) ? dvmh_nx : dvmh_x + (dvmh_idx)gridDim.x * blockDim.x) {\n");
#define FROM(k) ((k) == k0 ? " + dvmh_from" : "")
    if (nt >= 1)
        sb_printf(&kb, "        const dvmh_idx dvmh_i%d = dvmh_x%s;\n", tdims[nt - 1], FROM(tdims[nt - 1]));
    if (nt >= 2)
        sb_printf(&kb, "        const dvmh_idx dvmh_i%d = dvmh_y%s;\n", tdims[nt - 2], FROM(tdims[nt - 2]));
    if (nt == 3)
        sb_printf(&kb, "        const dvmh_idx dvmh_i%d = dvmh_z%s;\n", tdims[0], FROM(tdims[0]));
    if (nt > 3) {
        sb_add(&kb, "        dvmh_idx dvmh_r = dvmh_z;\n");
        for (int t = nt - 3; t >= 0; t--)
            sb_printf(&kb, "        const dvmh_idx dvmh_i%d = dvmh_r %% dvmh_c%d%s;\n        dvmh_r /= dvmh_c%d;\n",
                      tdims[t], tdims[t], FROM(tdims[t]), tdims[t]);
    }
#undef FROM
    if (nt == 0)
        sb_add(&kb, "        (void)dvmh_x; (void)dvmh_y; (void)dvmh_z;\n");
    else if (nt == 1)
        sb_add(&kb, "        (void)dvmh_y; (void)dvmh_z;\n");
    else if (nt == 2)
        sb_add(&kb, "        (void)dvmh_z;\n");
    if (any_dep) {
        /* the wavefront: the last dependent dimension follows from t */
        sb_printf(&kb, "        const dvmh_idx dvmh_i%d = dvmh_t", last_dep);
        for (int k = 0; k < rank; k++)
            if (l->dims[k].dep && k != last_dep)
                sb_printf(&kb, " - dvmh_w%d * dvmh_i%d", k, k);
        sb_printf(&kb, ";\n        if (dvmh_i%d < 0 || dvmh_i%d >= dvmh_n%d)\n            continue;\n",
                  last_dep, last_dep, last_dep);
    }
    for (int k = 0; k < rank; k++)
        if (!l->dims[k].outer_bounds)
            sb_printf(&kb, "        const %s %s = (%s)(dvmh_lo%d + dvmh_i%d * dvmh_st%d);\n", l->dims[k].type,
                      l->dims[k].var, l->dims[k].type, k, k, k);
    char pad[64];
    int depth = 0;
    for (int k = 0; k < rank; k++) {
        const loop_dim *cd = &l->dims[k];
        if (!cd->outer_bounds)
            continue;
        snprintf(pad, sizeof pad, "%*s", 8 + 4 * depth++, "");
        sb_printf(&kb, "%sfor (%s %s = dvmh_%s_first(%s, dvmh_lo%d, %s); %s %s dvmh_%s(%s, dvmh_hi%d); %s += %s)\n",
                  pad, cd->type, cd->var, cd->down ? "down" : "up", cd->lb, k, cd->step, cd->var,
                  cd->down ? ">=" : "<=", cd->down ? "max" : "min", cd->hi, k, cd->var, cd->step);
    }
    unsigned bline, bcol;
    ast_line_col(&g->a, l->body_start, &bline, &bcol);
    sb_printf(&kb, "#line %u \"%s\"\n", bline, g->file);
    for (unsigned c = 1; c < bcol; c++)
        sb_add(&kb, " ");
    edit_render(&el, &kb, l->body_start, l->body_end, false);
    sb_add(&kb, "\n    }\n");
    for (int k = 0; k < nreds; k++) {
        const cuda_red *r = &reds[k];
        bool var_array = r->decl[strlen(r->decl) - 1] == ']';
        bool loc_array = r->loc_decl && r->loc_decl[strlen(r->loc_decl) - 1] == ']';
        sb_printf(&kb, "    dvmh_block_reduce<%s, %s, %lld, %s, %lld>(%s%s, ", red_code_names[r->r->op],
                  r->elem, r->count, r->loc_elem, r->loc_count, var_array ? "" : "&", r->r->var);
        if (r->loc_decl)
            sb_printf(&kb, "%s%s", loc_array ? "" : "&", r->r->loc_var);
        else
            sb_add(&kb, "(const char *)0");
        sb_printf(&kb, ", dvmh_part%d, dvmh_partloc%d);\n", k, k);
    }
    sb_add(&kb, "}\n\n");
    kernel_wrappers(&kb, l->handler, params, nreds > 0);
    free(params);
    /* grid-level reductions: one block combines the blocks' results */
    for (int k = 0; k < nreds; k++)
        sb_printf(&kb, "extern \"C\" __global__ void %s_red%d(const dvmh_vals<%s, %lld> dvmh_init, %s *dvmh_part,\n"
                       "    %s *dvmh_partloc, unsigned dvmh_nparts, int dvmh_first, %s *dvmh_res, %s *dvmh_resloc)\n"
                       "{\n    dvmh_grid_reduce<%s, %s, %lld, %s, %lld>(dvmh_init, dvmh_part, dvmh_partloc, dvmh_nparts,\n"
                       "        dvmh_first, dvmh_res, dvmh_resloc);\n}\n\n",
                  l->handler, k, reds[k].elem, reds[k].count, reds[k].elem, reds[k].loc_elem, reds[k].elem,
                  reds[k].loc_elem, red_code_names[reds[k].r->op], reds[k].elem, reds[k].count,
                  reds[k].loc_elem, reds[k].loc_count);
    sb_add(&g->cuda, kb.s);
    free(kb.s);
    for (int k = 0; k < nfns; k++) {
        bool known = false;
        for (int j = 0; j < g->device_fn_count; j++)
            known |= g->device_fns[j] == fns[k];
        if (!known) {
            g->device_fns = xrealloc(g->device_fns, sizeof(int) * (size_t)(g->device_fn_count + 1));
            g->device_fns[g->device_fn_count++] = fns[k];
        }
    }

    /* ---- the launcher ---- */
    {
        strbuf h = {0};
        size_t lsize = strlen(l->handler) + 8;
        launcher = xmalloc(lsize);
        snprintf(launcher, lsize, "%s_cuda", l->handler);
        sb_printf(&h, "#ifdef DVMH_CUDA_HANDLERS\nstatic void %s(dvmh_piece *dvmh_P)\n{\n", launcher);
        sb_add(&h, "    dvmh_idx dvmh_n[DVMH_MAX_RANK];\n    int dvmh_empty = 0;\n");
        sb_printf(&h, "    for (int d = 0; d < %d; d++) {\n"
                      "        dvmh_n[d] = (dvmh_P->hi[d] - dvmh_P->lo[d]) / dvmh_P->step[d] + 1;\n"
                      "        if (dvmh_n[d] <= 0)\n            dvmh_empty = 1;\n    }\n", rank);
        for (int k = 0; k < nreds; k++) {
            sb_printf(&h, "    %s;\n", reds[k].decl);
            if (reds[k].loc_decl)
                sb_printf(&h, "    %s;\n", reds[k].loc_decl);
            sb_printf(&h, "    dvmh_red_init(dvmh_P, %d, &%s, %s%s);\n", k, reds[k].r->var,
                      reds[k].loc_decl ? "&" : "", reds[k].loc_decl ? reds[k].r->loc_var : "NULL");
        }
        if (any_dep) {
            sb_add(&h, "    dvmh_idx dvmh_t = 0, dvmh_last = 0;\n");
            /* weights: each dependent dim outweighs every dependence
             * distance along the dependent dims inside it */
            for (int k = rank - 1; k >= 0; k--) {
                if (!l->dims[k].dep)
                    continue;
                if (k == last_dep) {
                    sb_printf(&h, "    const dvmh_idx dvmh_w%d = 1;\n", k);
                } else {
                    sb_printf(&h, "    const dvmh_idx dvmh_w%d = 1", k);
                    for (int e = k + 1; e < rank; e++)
                        if (l->dims[e].dep)
                            sb_printf(&h, " + dvmh_w%d * (%s)", e, m[e]);
                    sb_add(&h, ";\n");
                }
                sb_printf(&h, "    dvmh_last += dvmh_w%d * (dvmh_n[%d] - 1);\n", k, k);
            }
            if (k0 >= 0) {
                /* how far the dimensions after k0 reach: with it, step t's
                 * points along k0 */
                sb_printf(&h, "    const dvmh_idx dvmh_rest = dvmh_last - dvmh_w%d * (dvmh_n[%d] - 1);\n", k0, k0);
                sb_add(&h, "    dvmh_idx dvmh_from = 0, dvmh_cnt = 0;\n");
            }
        }
        /* block shape: cuda_block, else the runtime's choice (0) */
        if (d->cuda_block_rank)
            sb_printf(&h, "    unsigned dvmh_block[3] = {(unsigned)(%s), (unsigned)(%s), (unsigned)(%s)};\n",
                      d->cuda_block[0], d->cuda_block_rank > 1 ? d->cuda_block[1] : "1",
                      d->cuda_block_rank > 2 ? d->cuda_block[2] : "1");
        else
            sb_add(&h, "    unsigned dvmh_block[3] = {0, 0, 0};\n");
        sb_add(&h, "    dvmh_idx dvmh_count[3] = ");
        thread_counts(&h, tdims, nt, -1);
        sb_add(&h, ";\n    unsigned dvmh_grid[3] = {1, 1, 1}, dvmh_blocks = 1;\n");
        /* what one block's reduction results take */
        sb_add(&h, "    const size_t dvmh_red_bytes = 0");
        for (int k = 0; k < nreds; k++) {
            sb_printf(&h, " + sizeof(%s)", reds[k].r->var);
            if (reds[k].loc_decl)
                sb_printf(&h, " + sizeof(%s)", reds[k].r->loc_var);
        }
        sb_add(&h, ";\n");
        /* and what each thread's values take in shared memory (the largest
         * reduction: they are combined one after another) */
        sb_add(&h, "    size_t dvmh_red_thread = 0;\n");
        for (int k = 0; k < nreds; k++) {
            char size[256];
            snprintf(size, sizeof size, "sizeof(%s)%s%s%s", reds[k].r->var, reds[k].loc_decl ? " + sizeof(" : "",
                     reds[k].loc_decl ? reds[k].r->loc_var : "", reds[k].loc_decl ? ")" : "");
            sb_printf(&h, "    if (dvmh_red_thread < %s)\n        dvmh_red_thread = %s;\n", size, size);
        }
        sb_printf(&h, "    const char *dvmh_kernel = \"%s_kernel\";\n", l->handler);
        sb_printf(&h, "    if (!dvmh_empty)\n        dvmh_blocks = dvmh_cuda_config(dvmh_P, &dvmh_cuda_module_%s, "
                      "dvmh_kernel, %d, dvmh_count, dvmh_red_bytes,\n            dvmh_red_thread, dvmh_block, dvmh_grid);\n",
                  g->base, any_dep ? 1 : 0);
        sb_printf(&h, "    const int dvmh_covered = dvmh_cuda_covered(dvmh_count, dvmh_block, dvmh_grid);\n"
                      "    if (dvmh_covered == 7)\n"
                      "        dvmh_kernel = \"%s_kernel1\"; /* one iteration per thread */\n", l->handler);
        if (nreds)
            sb_printf(&h, "    else if ((dvmh_covered & 3) == 3)\n"
                          "        dvmh_kernel = \"%s_kernel2\"; /* a loop along z only */\n", l->handler);
        if (nreds) {
            sb_add(&h, "    size_t dvmh_shared = 0;\n");
            sb_add(&h, "    unsigned dvmh_red_block[3] = {dvmh_cuda_red_threads(dvmh_P, dvmh_red_thread), 1, 1};\n");
            sb_add(&h, "    size_t dvmh_threads = (size_t)dvmh_block[0] * dvmh_block[1] * dvmh_block[2];\n");
            sb_add(&h, "    if (dvmh_threads < dvmh_red_block[0])\n        dvmh_threads = dvmh_red_block[0];\n");
            for (int k = 0; k < nreds; k++) {
                const char *loc = reds[k].loc_decl ? reds[k].r->loc_var : NULL;
                sb_printf(&h, "    if (dvmh_shared < dvmh_cuda_red_shared(dvmh_threads, "
                              "sizeof(%s), %s%s%s))\n"
                              "        dvmh_shared = dvmh_cuda_red_shared(dvmh_threads, "
                              "sizeof(%s), %s%s%s);\n",
                          reds[k].r->var, loc ? "sizeof(" : "0", loc ? loc : "", loc ? ")" : "",
                          reds[k].r->var, loc ? "sizeof(" : "0", loc ? loc : "", loc ? ")" : "");
                /* the blocks' results, then the result */
                sb_printf(&h, "    char *dvmh_part%d = dvmh_cuda_alloc(dvmh_P, ((size_t)dvmh_blocks + 1) * sizeof(%s));\n",
                          k, reds[k].r->var);
                sb_printf(&h, "    char *dvmh_res%d = dvmh_part%d + (size_t)dvmh_blocks * sizeof(%s);\n", k, k,
                          reds[k].r->var);
                if (loc) {
                    sb_printf(&h, "    char *dvmh_partloc%d = dvmh_cuda_alloc(dvmh_P, ((size_t)dvmh_blocks + 1) * sizeof(%s));\n",
                              k, loc);
                    sb_printf(&h, "    char *dvmh_resloc%d = dvmh_partloc%d + (size_t)dvmh_blocks * sizeof(%s);\n",
                              k, k, loc);
                } else {
                    sb_printf(&h, "    char *dvmh_partloc%d = NULL, *dvmh_resloc%d = NULL;\n", k, k);
                }
            }
        } else {
            sb_add(&h, "    const size_t dvmh_shared = 0;\n    (void)dvmh_blocks; (void)dvmh_red_bytes; (void)dvmh_red_thread;\n");
        }
        sb_add(&h, "    void *dvmh_args[] = {");
        bool first = true;
#define ARGP(...)                                                                                  \
    do {                                                                                           \
        sb_add(&h, first ? "" : ",\n        ");                                                    \
        sb_printf(&h, __VA_ARGS__);                                                                \
        first = false;                                                                             \
    } while (0)
        for (int k = 0; k < rank; k++)
            ARGP("&dvmh_P->lo[%d], &dvmh_P->hi[%d], &dvmh_P->step[%d], &dvmh_n[%d]", k, k, k, k);
        for (int k = 0; k < l->ndata; k++) {
            for (int dd = 1; dd < l->data[k].rank; dd++)
                ARGP("&dvmh_P->ext[%d][%d]", k, dd);
            ARGP("&dvmh_P->data[%d]", k);
        }
        for (int k = 0; k < l->nscalars; k++)
            ARGP("dvmh_P->scalar[%d]", k);
        for (int k = 0; k < nreds; k++) {
            ARGP("&%s, &dvmh_part%d", reds[k].r->var, k);
            if (reds[k].loc_decl)
                ARGP("&%s", reds[k].r->loc_var);
            ARGP("&dvmh_partloc%d", k);
        }
        if (any_dep) {
            ARGP("&dvmh_t");
            for (int k = 0; k < rank; k++)
                if (l->dims[k].dep && k != last_dep)
                    ARGP("(void *)&dvmh_w%d", k);
            if (k0 >= 0)
                ARGP("&dvmh_from, &dvmh_cnt");
        }
#undef ARGP
        sb_add(&h, "};\n    (void)dvmh_args;\n");
        if (nreds) {
            sb_add(&h, "    int dvmh_first = 1;\n");
            sb_add(&h, "    static const unsigned dvmh_one[3] = {1, 1, 1};\n");
        }
        sb_add(&h, "    if (!dvmh_empty) {\n");
        const char *ind = "        ";
        const char *grid = "dvmh_grid", *blocks = "dvmh_blocks";
        if (any_dep) {
            sb_add(&h, "        for (dvmh_t = 0; dvmh_t <= dvmh_last; dvmh_t++) {\n");
            ind = "            ";
        }
        if (k0 >= 0) {
            /* step t's points along k0, and the grid for them (no larger
             * than the one configured) */
            sb_printf(&h, "            dvmh_from = dvmh_t <= dvmh_rest ? 0 : (dvmh_t - dvmh_rest + dvmh_w%d - 1) / dvmh_w%d;\n"
                          "            dvmh_cnt = dvmh_t / dvmh_w%d < dvmh_n[%d] - 1 ? dvmh_t / dvmh_w%d : dvmh_n[%d] - 1;\n"
                          "            dvmh_cnt -= dvmh_from - 1;\n"
                          "            if (dvmh_cnt <= 0)\n                continue;\n",
                      k0, k0, k0, k0, k0, k0);
            sb_add(&h, "            const dvmh_idx dvmh_tcount[3] = ");
            thread_counts(&h, tdims, nt, k0);
            sb_add(&h, ";\n"
                       "            unsigned dvmh_tgrid[3];\n"
                       "            unsigned dvmh_tblocks = dvmh_cuda_step_grid(dvmh_tcount, dvmh_block, dvmh_grid, dvmh_tgrid);\n");
            if (!nreds)
                sb_add(&h, "            (void)dvmh_tblocks;\n");
            grid = "dvmh_tgrid";
            blocks = "dvmh_tblocks";
        }
        sb_printf(&h, "%sdvmh_cuda_launch(dvmh_P, &dvmh_cuda_module_%s, dvmh_kernel, %s, dvmh_block,\n"
                      "%s    dvmh_shared, dvmh_args);\n",
                  ind, g->base, grid, ind);
        for (int k = 0; k < nreds; k++) {
            sb_printf(&h, "%s{\n%s    void *dvmh_red_args[] = {&%s, &dvmh_part%d, &dvmh_partloc%d, &%s, "
                          "&dvmh_first, &dvmh_res%d, &dvmh_resloc%d};\n",
                      ind, ind, reds[k].r->var, k, k, blocks, k, k);
            sb_printf(&h, "%s    dvmh_cuda_launch(dvmh_P, &dvmh_cuda_module_%s, \"%s_red%d\", dvmh_one, dvmh_red_block,\n"
                          "%s        dvmh_shared, dvmh_red_args);\n%s}\n",
                      ind, g->base, l->handler, k, ind, ind);
        }
        if (nreds)
            sb_printf(&h, "%sdvmh_first = 0;\n", ind);
        if (any_dep)
            sb_add(&h, "        }\n");
        /* the results reach the host while the host runs its own piece */
        for (int k = 0; k < nreds; k++)
            sb_printf(&h, "        dvmh_cuda_red_result(dvmh_P, %d, dvmh_res%d, sizeof(%s), dvmh_resloc%d, %s%s%s);\n",
                      k, k, reds[k].r->var, k, reds[k].loc_decl ? "sizeof(" : "0",
                      reds[k].loc_decl ? reds[k].r->loc_var : "", reds[k].loc_decl ? ")" : "");
        sb_add(&h, "    }");
        if (nreds) {
            /* nothing to run: the identities */
            sb_add(&h, " else {\n");
            for (int k = 0; k < nreds; k++)
                sb_printf(&h, "        dvmh_red_put(dvmh_P, %d, 0, &%s, %s%s);\n", k, reds[k].r->var,
                          reds[k].loc_decl ? "&" : "", reds[k].loc_decl ? reds[k].r->loc_var : "NULL");
            sb_add(&h, "    }");
        }
        sb_add(&h, "\n");
        for (int k = 0; k < nreds; k++) {
            sb_printf(&h, "    dvmh_cuda_free(dvmh_P, dvmh_part%d);\n", k);
            if (reds[k].loc_decl)
                sb_printf(&h, "    dvmh_cuda_free(dvmh_P, dvmh_partloc%d);\n", k);
        }
        sb_add(&h, "}\n#endif\n\n");
        edit *he = edit_begin(&g->e, l->fn_start, l->fn_start);
        edit_lit(he, h.s);
        free(h.s);
    }
    gen_remark(g, l->loop_start, "parallel loop: CUDA handler '%s' generated (kernel '%s_kernel'%s)",
               launcher, l->handler, any_dep ? ", wavefront over the dependent dimensions" : "");
    goto done;

no_cuda:
    gen_remark(g, l->loop_start, "parallel loop: no CUDA handler: %s; the loop runs on the host", why);
done:
    for (int k = 0; k < nreds; k++) {
        free(reds[k].elem);
        free(reds[k].loc_elem);
        free(reds[k].decl);
        free(reds[k].loc_decl);
    }
    for (int k = 0; k < rank; k++)
        free(m[k]);
    free(fns);
    edit_list_free(&el);
    return launcher;
}

/* ---- the CUDA file ---- */

static const char prelude[] =
    "/* CUDA handlers generated by cdvmh: compile with nvcc -fatbin. */\n"
    "#include <stdint.h>\n"
    "#include <string.h>\n"
    "#include <math.h>\n"
    "typedef int64_t dvmh_idx;\n"
    "#define restrict __restrict__\n"
    "#define _Bool bool\n"
    "#ifndef _DVMH\n#define _DVMH 1\n#endif\n"
    "enum { DVMH_RED_SUM, DVMH_RED_PRODUCT, DVMH_RED_MAX, DVMH_RED_MIN, DVMH_RED_AND, DVMH_RED_OR,\n"
    "       DVMH_RED_XOR, DVMH_RED_MAXLOC, DVMH_RED_MINLOC };\n"
    "template <typename dvmh_T, int dvmh_N> struct dvmh_vals { dvmh_T dvmh_v[dvmh_N]; };\n"
    "__device__ __forceinline__ dvmh_idx dvmh_min(dvmh_idx dvmh_a, dvmh_idx dvmh_b) { return dvmh_a < dvmh_b ? dvmh_a : dvmh_b; }\n"
    "__device__ __forceinline__ dvmh_idx dvmh_max(dvmh_idx dvmh_a, dvmh_idx dvmh_b) { return dvmh_a > dvmh_b ? dvmh_a : dvmh_b; }\n"
    "__device__ __forceinline__ dvmh_idx dvmh_up_first(dvmh_idx dvmh_s, dvmh_idx dvmh_lo, dvmh_idx dvmh_st)\n"
    "{ return dvmh_s >= dvmh_lo ? dvmh_s : dvmh_s + (dvmh_lo - dvmh_s + dvmh_st - 1) / dvmh_st * dvmh_st; }\n"
    "__device__ __forceinline__ dvmh_idx dvmh_down_first(dvmh_idx dvmh_s, dvmh_idx dvmh_hi, dvmh_idx dvmh_st)\n"
    "{ return dvmh_s <= dvmh_hi ? dvmh_s : dvmh_s - (dvmh_s - dvmh_hi + (-dvmh_st) - 1) / (-dvmh_st) * (-dvmh_st); }\n"
    "/* dvmh_a = dvmh_a op dvmh_b; maxloc/minloc: dvmh_b wins only when strictly better */\n"
    "template <int dvmh_OP, typename dvmh_T, int dvmh_N, typename dvmh_Loc, int dvmh_M>\n"
    "__device__ __forceinline__ void dvmh_combine(dvmh_T *dvmh_a, dvmh_Loc *dvmh_al, const dvmh_T *dvmh_b, const dvmh_Loc *dvmh_bl)\n"
    "{\n"
    "    if constexpr (dvmh_OP == DVMH_RED_MAXLOC || dvmh_OP == DVMH_RED_MINLOC) {\n"
    "        if (dvmh_OP == DVMH_RED_MAXLOC ? dvmh_b[0] > dvmh_a[0] : dvmh_b[0] < dvmh_a[0]) {\n"
    "            dvmh_a[0] = dvmh_b[0];\n"
    "            for (int dvmh_m = 0; dvmh_m < dvmh_M; dvmh_m++)\n"
    "                dvmh_al[dvmh_m] = dvmh_bl[dvmh_m];\n"
    "        }\n"
    "    } else {\n"
    "        (void)dvmh_al; (void)dvmh_bl;\n"
    "        for (int dvmh_k = 0; dvmh_k < dvmh_N; dvmh_k++) {\n"
    "            if constexpr (dvmh_OP == DVMH_RED_SUM) dvmh_a[dvmh_k] = dvmh_a[dvmh_k] + dvmh_b[dvmh_k];\n"
    "            else if constexpr (dvmh_OP == DVMH_RED_PRODUCT) dvmh_a[dvmh_k] = dvmh_a[dvmh_k] * dvmh_b[dvmh_k];\n"
    "            else if constexpr (dvmh_OP == DVMH_RED_MAX) dvmh_a[dvmh_k] = dvmh_b[dvmh_k] > dvmh_a[dvmh_k] ? dvmh_b[dvmh_k] : dvmh_a[dvmh_k];\n"
    "            else if constexpr (dvmh_OP == DVMH_RED_MIN) dvmh_a[dvmh_k] = dvmh_b[dvmh_k] < dvmh_a[dvmh_k] ? dvmh_b[dvmh_k] : dvmh_a[dvmh_k];\n"
    "            else if constexpr (dvmh_OP == DVMH_RED_AND) dvmh_a[dvmh_k] = dvmh_a[dvmh_k] & dvmh_b[dvmh_k];\n"
    "            else if constexpr (dvmh_OP == DVMH_RED_OR) dvmh_a[dvmh_k] = dvmh_a[dvmh_k] | dvmh_b[dvmh_k];\n"
    "            else dvmh_a[dvmh_k] = dvmh_a[dvmh_k] ^ dvmh_b[dvmh_k];\n"
    "        }\n"
    "    }\n"
    "}\n"
    "/* The block's threads combine their values (tree in shared memory);\n"
    " * thread 0 writes the block's result to dvmh_part[block]. */\n"
    "template <int dvmh_OP, typename dvmh_T, int dvmh_N, typename dvmh_Loc, int dvmh_M>\n"
    "__device__ void dvmh_block_reduce(const dvmh_T *dvmh_v, const dvmh_Loc *dvmh_vl, dvmh_T *dvmh_part, dvmh_Loc *dvmh_partl)\n"
    "{\n"
    "    extern __shared__ unsigned long long dvmh_shared[];\n"
    "    const unsigned dvmh_n = blockDim.x * blockDim.y * blockDim.z;\n"
    "    const unsigned dvmh_tid = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);\n"
    "    dvmh_T *dvmh_sv = (dvmh_T *)dvmh_shared;\n"
    "    dvmh_Loc *dvmh_sl = (dvmh_Loc *)(dvmh_shared + (dvmh_n * dvmh_N * sizeof(dvmh_T) + 7) / 8);\n"
    "    for (int dvmh_k = 0; dvmh_k < dvmh_N; dvmh_k++)\n"
    "        dvmh_sv[dvmh_tid * dvmh_N + dvmh_k] = dvmh_v[dvmh_k];\n"
    "    for (int dvmh_k = 0; dvmh_k < dvmh_M; dvmh_k++)\n"
    "        dvmh_sl[dvmh_tid * dvmh_M + dvmh_k] = dvmh_vl[dvmh_k];\n"
    "    __syncthreads();\n"
    "    unsigned dvmh_s = 1;\n"
    "    while (dvmh_s < dvmh_n)\n"
    "        dvmh_s <<= 1;\n"
    "    for (dvmh_s >>= 1; dvmh_s > 0; dvmh_s >>= 1) {\n"
    "        if (dvmh_tid < dvmh_s && dvmh_tid + dvmh_s < dvmh_n)\n"
    "            dvmh_combine<dvmh_OP, dvmh_T, dvmh_N, dvmh_Loc, dvmh_M>(dvmh_sv + dvmh_tid * dvmh_N, dvmh_sl + dvmh_tid * dvmh_M, dvmh_sv + (dvmh_tid + dvmh_s) * dvmh_N, dvmh_sl + (dvmh_tid + dvmh_s) * dvmh_M);\n"
    "        __syncthreads();\n"
    "    }\n"
    "    if (dvmh_tid == 0) {\n"
    "        const unsigned dvmh_b = blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);\n"
    "        for (int dvmh_k = 0; dvmh_k < dvmh_N; dvmh_k++)\n"
    "            dvmh_part[(size_t)dvmh_b * dvmh_N + dvmh_k] = dvmh_sv[dvmh_k];\n"
    "        for (int dvmh_k = 0; dvmh_k < dvmh_M; dvmh_k++)\n"
    "            dvmh_partl[(size_t)dvmh_b * dvmh_M + dvmh_k] = dvmh_sl[dvmh_k];\n"
    "    }\n"
    "    __syncthreads();\n"
    "}\n"
    "/* One block combines dvmh_nparts block results into dvmh_res (with what dvmh_res holds\n"
    " * unless dvmh_first: the earlier wavefront steps). */\n"
    "template <int dvmh_OP, typename dvmh_T, int dvmh_N, typename dvmh_Loc, int dvmh_M>\n"
    "__device__ void dvmh_grid_reduce(const dvmh_vals<dvmh_T, dvmh_N> dvmh_init, dvmh_T *dvmh_part, dvmh_Loc *dvmh_partl, unsigned dvmh_nparts,\n"
    "                                 int dvmh_first, dvmh_T *dvmh_res, dvmh_Loc *dvmh_resl)\n"
    "{\n"
    "    dvmh_T dvmh_v[dvmh_N];\n"
    "    dvmh_Loc dvmh_vl[dvmh_M > 0 ? dvmh_M : 1] = {};\n"
    "    for (int dvmh_k = 0; dvmh_k < dvmh_N; dvmh_k++)\n"
    "        dvmh_v[dvmh_k] = dvmh_init.dvmh_v[dvmh_k];\n"
    "    for (unsigned dvmh_p = threadIdx.x; dvmh_p < dvmh_nparts; dvmh_p += blockDim.x)\n"
    "        dvmh_combine<dvmh_OP, dvmh_T, dvmh_N, dvmh_Loc, dvmh_M>(dvmh_v, dvmh_vl, dvmh_part + (size_t)dvmh_p * dvmh_N, dvmh_partl + (size_t)dvmh_p * dvmh_M);\n"
    "    dvmh_block_reduce<dvmh_OP, dvmh_T, dvmh_N, dvmh_Loc, dvmh_M>(dvmh_v, dvmh_vl, dvmh_part, dvmh_partl);\n"
    "    if (threadIdx.x == 0) {\n"
    "        if (dvmh_first) {\n"
    "            for (int dvmh_k = 0; dvmh_k < dvmh_N; dvmh_k++)\n"
    "                dvmh_res[dvmh_k] = dvmh_part[dvmh_k];\n"
    "            for (int dvmh_k = 0; dvmh_k < dvmh_M; dvmh_k++)\n"
    "                dvmh_resl[dvmh_k] = dvmh_partl[dvmh_k];\n"
    "        } else {\n"
    "            dvmh_combine<dvmh_OP, dvmh_T, dvmh_N, dvmh_Loc, dvmh_M>(dvmh_res, dvmh_resl, dvmh_part, dvmh_partl);\n"
    "        }\n"
    "    }\n"
    "}\n";

static bool starts_directive(const char *t, size_t k, size_t len, size_t *after_hash)
{
    while (k < len && (t[k] == ' ' || t[k] == '\t'))
        k++;
    if (k >= len || t[k] != '#')
        return false;
    *after_hash = k + 1;
    return true;
}

static bool inside_any(gen *g, size_t off)
{
    for (int n = 0; n < g->a.count; n++)
        if (g->a.nodes[n].parent == -1 && off > g->a.nodes[n].start && off < g->a.nodes[n].end &&
            g->a.nodes[n].kind == CXCursor_FunctionDecl)
            return true;
    return false;
}

/* The user's preprocessor lines (not #pragma) and file-scope types, in
 * file order, with #line markers. */
static void user_preamble(gen *g, strbuf *out)
{
    const char *t = g->a.text;
    size_t len = g->a.text_len;
    for (size_t k = 0; k < len;) {
        size_t eol = k;
        while (eol < len && t[eol] != '\n')
            eol++;
        size_t h;
        if (starts_directive(t, k, len, &h) && !inside_any(g, k)) {
            size_t e = eol;
            while (e > k && e < len && t[e - 1] == '\\') {
                e++;
                while (e < len && t[e] != '\n')
                    e++;
            }
            while (h < e && (t[h] == ' ' || t[h] == '\t'))
                h++;
            bool pragma = !strncmp(t + h, "pragma", 6);
            bool self = !strncmp(t + h, "include", 7) && memmem(t + h, e - h, "dvmh.h", 6);
            if (!pragma && !self) {
                unsigned line, col;
                ast_line_col(&g->a, k, &line, &col);
                sb_printf(out, "#line %u \"%s\"\n", line, g->file);
                sb_addn(out, t + k, e - k);
                sb_add(out, "\n");
            }
            eol = e;
        }
        k = eol + 1;
    }
    /* types */
    size_t done_to = 0;
    for (int k = 0; k < g->a.count; k++) {
        node *nd = &g->a.nodes[k];
        if (nd->parent != -1 || nd->start < done_to || nd->from_macro)
            continue;
        if (nd->kind != CXCursor_TypedefDecl && nd->kind != CXCursor_StructDecl &&
            nd->kind != CXCursor_UnionDecl && nd->kind != CXCursor_EnumDecl)
            continue;
        if (!clang_isCursorDefinition(nd->cursor) && nd->kind != CXCursor_TypedefDecl)
            continue;
        unsigned line, col;
        ast_line_col(&g->a, nd->start, &line, &col);
        sb_printf(out, "#line %u \"%s\"\n", line, g->file);
        sb_addn(out, t + nd->start, nd->end - nd->start);
        sb_add(out, ";\n");
        done_to = nd->end;
    }
}

char *cuda_file_text(gen *g)
{
    if (!g->cuda.len)
        return NULL;
    strbuf out = {0};
    sb_add(&out, prelude);
    user_preamble(g, &out);
    /* device copies of the functions the loops call: declarations first */
    for (int k = 0; k < g->device_fn_count; k++) {
        node *fn = &g->a.nodes[g->device_fns[k]];
        int body = -1;
        for (int c = fn->first_child; c >= 0; c = g->a.nodes[c].next_sibling)
            if (g->a.nodes[c].kind == CXCursor_CompoundStmt)
                body = c;
        if (body < 0)
            continue;
        char *head = ast_text(&g->a, fn->start, g->a.nodes[body].start);
        sb_printf(&out, "__device__ %s;\n", head);
        free(head);
    }
    for (int k = 0; k < g->device_fn_count; k++) {
        node *fn = &g->a.nodes[g->device_fns[k]];
        unsigned line, col;
        ast_line_col(&g->a, fn->start, &line, &col);
        sb_printf(&out, "#line %u \"%s\"\n__device__ ", line, g->file);
        sb_addn(&out, g->a.text + fn->start, fn->end - fn->start);
        sb_add(&out, "\n");
    }
    sb_add(&out, "\n");
    sb_add(&out, g->cuda.s);
    return sb_take(&out);
}

char *cuda_module_decl(gen *g)
{
    strbuf b = {0};
    sb_printf(&b, "#ifdef DVMH_CUDA_HANDLERS\n/* the device image is defined at the end of the file */\n"
                  "static dvmh_cuda_module dvmh_cuda_module_%s;\n#endif\n",
              g->base);
    return sb_take(&b);
}
