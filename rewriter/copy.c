/* copy.c: the standalone directives on whole distributed arrays:
 * array_copy(DST = SRC) becomes a runtime call; localize and unlocalize
 * are checked and leave no code (indices stay global here, see
 * docs/language.md). */
#include "alloc.h"
#include "copy.h"
#include "region.h"

#include <stdlib.h>
#include <string.h>

/* The element type of o's declaration and its extents (-1: not known at
 * compile time: a pointer, an inherit parameter); *count of them. */
static CXType shape_of(gen *g, const dobj *o, long long *dims, int *count)
{
    CXType t = clang_getCanonicalType(clang_getCursorType(g->a.nodes[o->decl].cursor));
    *count = 0;
    for (;;) {
        if (t.kind == CXType_Pointer) {
            t = clang_getCanonicalType(clang_getPointeeType(t));
            dims[(*count)++] = -1;
        } else if (t.kind == CXType_ConstantArray || t.kind == CXType_IncompleteArray ||
                   t.kind == CXType_VariableArray) {
            dims[(*count)++] = t.kind == CXType_ConstantArray ? clang_getArraySize(t) : -1;
            t = clang_getCanonicalType(clang_getArrayElementType(t));
        } else {
            return t;
        }
        if (*count == DIR_MAX_RANK + 1)
            return t;
    }
}

/* The distributed array (not a template) named by d->names[k]; NULL after
 * an error. */
static dobj *named_array(gen *g, const attached *at, int k, const char *role)
{
    const directive *d = at->dir;
    dobj *o = gen_lookup_obj(g, d->names[k], at->pragma->start);
    if (!o || o->is_template) {
        gen_error_at(g, d->name_locs[k], "'%s' %s '%s' is not a distributed array", d->names[k],
                     role, dir_kind_name(d->kind));
        return NULL;
    }
    return o;
}

static bool placed_outside(gen *g, const attached *at)
{
    const char *name = dir_kind_name(at->dir->kind);
    if (gen_in_parallel_loop(g, at->pragma->start)) {
        gen_error_at(g, at->dir->loc, "'%s' inside a parallel loop is not allowed", name);
        return false;
    }
    if (region_enclosing(g, at->pragma->start)) {
        gen_error_at(g, at->dir->loc, "'%s' inside a region is not allowed", name);
        return false;
    }
    return true;
}

static void array_copy_gen(gen *g, const attached *at, strbuf *b)
{
    const directive *d = at->dir;
    dobj *dst = named_array(g, at, 0, "in");
    dobj *src = named_array(g, at, 1, "in");
    if (!dst || !src)
        return;
    long long dd[DIR_MAX_RANK + 1], sd[DIR_MAX_RANK + 1];
    int dn, sn;
    CXType de = shape_of(g, dst, dd, &dn), se = shape_of(g, src, sd, &sn);
    if (dst->rank != src->rank) {
        gen_error_at(g, d->name_locs[1], "'array_copy' between arrays of different shapes: '%s' "
                     "has %d dimension%s, '%s' %d", dst->name, dst->rank, dst->rank == 1 ? "" : "s",
                     src->name, src->rank);
        return;
    }
    if (!clang_equalTypes(de, se)) {
        gen_error_at(g, d->name_locs[1], "'array_copy' between arrays of different element "
                     "types ('%s' and '%s')", dst->elem, src->elem);
        return;
    }
    for (int k = 0; k < dn && k < sn; k++)
        if (dd[k] >= 0 && sd[k] >= 0 && dd[k] != sd[k]) {
            gen_error_at(g, d->name_locs[1], "'array_copy' between arrays of different shapes: "
                         "dimension %d of '%s' has %lld elements, of '%s' %lld", k + 1,
                         dst->name, dd[k], src->name, sd[k]);
            return;
        }
    sb_printf(b, "dvmh_array_copy(__FILE__, __LINE__, %s, %s);", dst->desc, src->desc);
}

/* localize(REF => TARGET[..][:][..]): the indices in REF refer to the
 * marked dimension of TARGET. Every dimension this compiler distributes is
 * addressed by global indices, so there is nothing to renumber: the
 * directive is checked as the DVM system checks it and leaves no code. */
static void localize_check(gen *g, const attached *at)
{
    const directive *d = at->dir;
    dobj *ref = named_array(g, at, 0, "in");
    dobj *target = named_array(g, at, 1, "in");
    if (!ref || !target)
        return;
    long long dims[DIR_MAX_RANK + 1];
    int n;
    CXType el = shape_of(g, ref, dims, &n);
    if (el.kind != CXType_Int && el.kind != CXType_Long && el.kind != CXType_LongLong) {
        CXString s = clang_getTypeSpelling(el);
        gen_error_at(g, d->name_locs[0], "'localize' of '%s', whose elements are '%s': only "
                     "arrays of int, long or long long hold indices", ref->name,
                     clang_getCString(s));
        clang_disposeString(s);
        return;
    }
    if (d->localize_rank == 0 && target->rank != 1)
        gen_error_at(g, d->name_locs[1], "'%s' has %d dimensions: mark the one the indices refer "
                     "to with ':' ('%s[][:]')", target->name, target->rank, target->name);
    else if (d->localize_rank && d->localize_rank != target->rank)
        gen_error_at(g, d->name_locs[1], "'localize' gives %d dimensions for '%s', which has %d",
                     d->localize_rank, target->name, target->rank);
}

void copy_gen(gen *g, attached *at)
{
    const directive *d = at->dir;
    strbuf b = {0};
    if (placed_outside(g, at)) {
        if (d->kind == DIR_ARRAY_COPY)
            array_copy_gen(g, at, &b);
        else if (d->kind == DIR_LOCALIZE)
            localize_check(g, at);
        else
            for (int k = 0; k < d->name_count; k++)
                named_array(g, at, k, "in");
    }
    gen_replace_pragma(g, at, &b);
}
