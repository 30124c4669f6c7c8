/* reduction.c: the reduction clause of a parallel loop: checks and calls. */
#include "alloc.h"
#include "reduction.h"

#include <stdlib.h>
#include <string.h>

static const char *red_op_code[] = {"DVMH_RED_SUM", "DVMH_RED_PRODUCT", "DVMH_RED_MAX",
                                    "DVMH_RED_MIN", "DVMH_RED_AND", "DVMH_RED_OR",
                                    "DVMH_RED_XOR", "DVMH_RED_MAXLOC", "DVMH_RED_MINLOC"};

bool red_check(gen *g, const directive *d, size_t loop_start)
{
    bool ok = true;
    for (int k = 0; k < d->reduction_count; k++) {
        const dir_reduction *red = &d->reductions[k];
        int decl = ast_lookup(&g->a, red->var, loop_start);
        if (decl < 0) {
            gen_error_at(g, red->loc, "unknown reduction variable '%s'", red->var);
            ok = false;
            continue;
        }
        CXType t = clang_getCursorType(g->a.nodes[decl].cursor);
        while (t.kind == CXType_ConstantArray)  /* an array: every element */
            t = clang_getArrayElementType(t);
        if (!gen_type_code(t)) {
            gen_error_at(g, red->loc, "reduction variable '%s' must have an arithmetic type", red->var);
            ok = false;
        }
        if (red->loc_var && ast_lookup(&g->a, red->loc_var, loop_start) < 0) {
            gen_error_at(g, red->loc_var_loc, "unknown location variable '%s'", red->loc_var);
            ok = false;
        }
    }
    return ok;
}

/* maxloc(v, loc) without a count: every element of the location
 * variable (1 for a scalar, the product of the extents for an array). */
static char *loc_element_count(gen *g, const char *loc_var, size_t loop_start)
{
    int decl = ast_lookup(&g->a, loc_var, loop_start);
    long long n = 1;
    if (decl < 0)
        return str_printf("%lld", n); /* reported by red_check */
    CXType t = clang_getCursorType(g->a.nodes[decl].cursor);
    while (t.kind == CXType_ConstantArray) {
        n *= clang_getArraySize(t);
        t = clang_getArrayElementType(t);
    }
    return str_printf("%lld", n);
}

void red_calls(gen *g, const directive *d, size_t loop_start, const char *call, strbuf *out)
{
    for (int k = 0; k < d->reduction_count; k++) {
        const dir_reduction *red = &d->reductions[k];
        int decl = ast_lookup(&g->a, red->var, loop_start);
        CXType t = clang_getCursorType(g->a.nodes[decl].cursor);
        long long n = 1;   /* every element of an array of any rank */
        while (t.kind == CXType_ConstantArray) {
            n *= clang_getArraySize(t);
            t = clang_getArrayElementType(t);
        }
        const char *code = gen_type_code(t);
        char *count = str_printf("%lld", n);
        if (red->loc_var) {
            char *loc_count = red->loc_count ? xstrdup(red->loc_count)
                                             : loc_element_count(g, red->loc_var, loop_start);
            sb_printf(out, "    %s, %s, %s, &%s, %s, &%s, %s, sizeof(%s) / (%s));\n", call,
                      red_op_code[red->op], code, red->var, count, red->loc_var, loc_count,
                      red->loc_var, loc_count);
            free(loc_count);
        }
        else
            sb_printf(out, "    %s, %s, %s, &%s, %s, NULL, 0, 0);\n", call, red_op_code[red->op],
                      code, red->var, count);
        free(count);
    }
}
