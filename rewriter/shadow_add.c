/* shadow_add.c: the code of shadow_add. Each process evaluates the
 * neighbour expressions for every index v it owns of the indirectly
 * distributed dimension (references to distributed arrays read their
 * local copies: the elements aligned with v are owned there), and the
 * runtime learns from the values which elements each process needs from
 * which owner. */
#include "alloc.h"
#include "region.h"
#include "shadow_add.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* The end of the bracket group starting at s[at] == '[' (after its ']'). */
static size_t group_end(const char *s, size_t at)
{
    int depth = 0;
    for (size_t k = at; s[k]; k++) {
        if (s[k] == '[' || s[k] == '(')
            depth++;
        else if ((s[k] == ']' || s[k] == ')') && --depth == 0)
            return k + 1;
    }
    return strlen(s);
}

/* expr with every element reference A[i][j] of a distributed array A
 * replaced by the host copy's element; the arrays are listed in used
 * (their host copies are made actual first). False after an error. */
static bool host_expr(gen *g, const attached *at, const char *expr, strbuf *out, dobj **used,
                      int *used_count)
{
    const directive *d = at->dir;
    size_t n = strlen(expr), k = 0;
    while (k < n) {
        if (!isalpha((unsigned char)expr[k]) && expr[k] != '_') {
            sb_printf(out, "%c", expr[k++]);
            continue;
        }
        size_t start = k;
        while (k < n && (isalnum((unsigned char)expr[k]) || expr[k] == '_'))
            k++;
        char *name = xstrndup(expr + start, k - start);
        dobj *o = strcmp(name, d->sa_var) ? gen_lookup_obj(g, name, at->pragma->start) : NULL;
        if (!o || o->is_template) {
            sb_add(out, name);
            free(name);
            continue;
        }
        size_t q = k;
        int subs = 0;
        strbuf args = {0};
        while (q < n && isspace((unsigned char)expr[q]))
            q++;
        while (q < n && expr[q] == '[' && subs < o->rank) {
            size_t e = group_end(expr, q);
            char *inner = xstrndup(expr + q + 1, e - q - 2);
            sb_add(&args, ", ");
            bool ok = host_expr(g, at, inner, &args, used, used_count);
            free(inner);
            if (!ok) {
                free(args.s);
                free(name);
                return false;
            }
            subs++;
            q = e;
            while (q < n && isspace((unsigned char)expr[q]))
                q++;
        }
        if (subs != o->rank)
            gen_error_at(g, d->loc, "shadow_add: the neighbour expressions may use '%s' only as "
                         "whole elements (%d subscripts)", name, o->rank);
        else if (o->rank > 4)
            gen_error_at(g, d->loc, "not supported yet: shadow_add reading the %d-dimensional "
                         "array '%s'", o->rank, name);
        if (subs != o->rank || o->rank > 4) {
            free(args.s);
            free(name);
            return false;
        }
        sb_printf(out, "DVMH_AT%d(%s, %s%s)", o->rank, o->desc, o->elem, args.s);
        free(args.s);
        free(name);
        k = q;
        int u;
        for (u = 0; u < *used_count && used[u] != o; u++)
            ;
        if (u == *used_count && *used_count < 16)
            used[(*used_count)++] = o;
    }
    return true;
}

static bool placed_outside(gen *g, const attached *at)
{
    if (gen_in_parallel_loop(g, at->pragma->start)) {
        gen_error_at(g, at->dir->loc, "'shadow_add' inside a parallel loop is not allowed");
        return false;
    }
    if (region_enclosing(g, at->pragma->start)) {
        gen_error_at(g, at->dir->loc, "'shadow_add' inside a region is not allowed");
        return false;
    }
    return true;
}

void shadow_add_gen(gen *g, attached *at)
{
    const directive *d = at->dir;
    strbuf b = {0};
    dobj *t = placed_outside(g, at) ? gen_lookup_obj(g, d->sa_target, at->pragma->start) : NULL;
    if (placed_outside(g, at) && !t)
        gen_error_at(g, d->sa_target_loc, "'%s' in 'shadow_add' is not a template or a "
                     "distributed array", d->sa_target);
    else if (t && t->rank != 1)
        gen_error_at(g, d->sa_target_loc, "not supported yet: shadow_add on the %d-dimensional "
                     "'%s'", t->rank, d->sa_target);
    if (!t || t->rank != 1) {
        gen_replace_pragma(g, at, &b);
        return;
    }
    dobj *incl[64];
    for (int k = 0; k < d->name_count && k < 64; k++) {
        incl[k] = gen_lookup_obj(g, d->names[k], at->pragma->start);
        if (!incl[k] || incl[k]->is_template) {
            gen_error_at(g, d->name_locs[k], "'%s' in 'include_to' is not a distributed array",
                         d->names[k]);
            gen_replace_pragma(g, at, &b);
            return;
        }
    }
    dobj *used[16];
    int used_count = 0;
    strbuf points = {0};
    for (int k = 0; k < d->sa_expr_count; k++) {
        sb_add(&points, "        dvmh_shadow_add_point(dvmh_E, (dvmh_idx)(");
        if (!host_expr(g, at, d->sa_exprs[k], &points, used, &used_count)) {
            free(points.s);
            gen_replace_pragma(g, at, &b);
            return;
        }
        sb_add(&points, "));\n");
    }
    sb_printf(&b, "{\n    dvmh_shadow_edge *dvmh_E = dvmh_shadow_add_begin(__FILE__, __LINE__, %s, "
              "\"%s\");\n", t->desc, d->sa_name);
    for (int u = 0; u < used_count; u++)
        sb_printf(&b, "    dvmh_get_actual_array(__FILE__, __LINE__, %s, NULL);\n", used[u]->desc);
    sb_printf(&b, "    for (dvmh_idx dvmh_k = 0; dvmh_k < dvmh_shadow_add_owned_count(dvmh_E); "
              "dvmh_k++) {\n        dvmh_idx %s = dvmh_shadow_add_owned(dvmh_E, dvmh_k);\n%s"
              "    }\n", d->sa_var, points.s ? points.s : "");
    for (int k = 0; k < d->name_count && k < 64; k++)
        sb_printf(&b, "    dvmh_shadow_add_include(dvmh_E, %s);\n", incl[k]->desc);
    sb_add(&b, "    dvmh_shadow_add_end(dvmh_E);\n}");
    free(points.s);
    gen_replace_pragma(g, at, &b);
}
