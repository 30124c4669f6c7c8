/* dir_clause.c: the parsers of the clauses several directives share. */
#include "alloc.h"
#include "dir_parser.h"
#include "strbuf.h"

#include <stdlib.h>
#include <string.h>

/* A bound of a section, or a width (what names a width): a width that is
 * a negative number is an error at its location. */
static char *range_bound(parser *p, const char *stops, const char *what)
{
    int first = p->pos;
    char *text = lex_expression(p, stops, what);
    if (text && strstr(what, "width") && p->pos - first == 2 && p->toks[first].kind == TOK_PUNCT &&
        p->text[p->toks[first].start] == '-' && p->toks[first + 1].kind == TOK_NUMBER &&
        strtod(p->text + p->toks[first + 1].start, NULL) != 0)
        lex_error(p, lex_loc(p, p->toks[first].start), "%s must not be negative, found '%s'", what, text);
    return text;
}

/* [lo:hi] / [e] / [] repeated: sections or widths. Sections (allow_empty)
 * may leave a bound out, as in the DVM system: [:] is [], [:hi] starts at
 * 0 (C arrays do) and [lo:] runs to the end of the dimension (hi NULL, for
 * the code generator, which knows the size). */
int clause_ranges(parser *p, dir_range *out, bool allow_empty, const char *what)
{
    int rank = 0;
    while (!p->failed && lex_is_punct(p, "[")) {
        if (rank == DIR_MAX_RANK) {
            lex_error(p, lex_here(p), "too many dimensions (at most %d)", DIR_MAX_RANK);
            return rank;
        }
        dir_range *r = &out[rank++];
        r->loc = lex_here(p);
        p->pos++;
        if (lex_is_punct(p, "]")) {
            if (!allow_empty)
                lex_error(p, lex_here(p), "expected %s, found ']'", what);
            p->pos++;
            continue;
        }
        if (allow_empty && lex_is_punct(p, ":")) {
            p->pos++;
            if (!lex_is_punct(p, "]")) {
                r->lo = xstrdup("0");
                r->hi = range_bound(p, "]", what);
            }
            lex_expect(p, "]", "after a subscript");
            continue;
        }
        r->lo = range_bound(p, ":]", what);
        if (lex_is_punct(p, ":")) {
            p->pos++;
            if (!(allow_empty && lex_is_punct(p, "]")))
                r->hi = range_bound(p, "]", what);
        } else if (r->lo) {
            r->hi = xstrdup(r->lo);
        }
        lex_expect(p, "]", "after a subscript");
    }
    return rank;
}

static void clause_var_add(dir_var_list *l, dir_var v)
{
    l->items = xrealloc(l->items, sizeof(dir_var) * (size_t)(l->count + 1));
    l->items[l->count++] = v;
}

/* name [sections] [(corner)] items separated by commas, up to ')'; with
 * allow_out, out(items) or (DVM's form) out: item. */
static void clause_vars(parser *p, dir_var_list *l, bool widths, bool allow_out)
{
    for (;;) {
        dir_var v;
        memset(&v, 0, sizeof v);
        bool out_item = false;
        if (allow_out && lex_is_ident(p, "out") && p->toks[p->pos + 1].kind == TOK_PUNCT &&
            p->text[p->toks[p->pos + 1].start] == ':') {
            p->pos += 2;
            out_item = true;
        }
        if (!out_item && allow_out && lex_is_ident(p, "out") && p->toks[p->pos + 1].kind == TOK_PUNCT &&
            p->text[p->toks[p->pos + 1].start] == '(') {
            p->pos += 2;
            dir_var_list inner = {0};
            clause_vars(p, &inner, widths, false);
            lex_expect(p, ")", "after the out(...) list");
            for (int k = 0; k < inner.count; k++) {
                inner.items[k].out = true;
                clause_var_add(l, inner.items[k]);
            }
            free(inner.items);
        } else {
            v.name = lex_expect_ident(p, "a variable name", &v.loc);
            if (!v.name)
                return;
            if (widths && lex_is_punct(p, "[") && p->toks[p->pos + 1].kind == TOK_STRING) {
                /* shadow_renew(A["name"]): a shadow edge added by shadow_add;
                 * A["e1", "e2"] (DVM's form) is A["e1"], A["e2"] */
                p->pos++;
                for (;;) {
                    v.edge = lex_expect_string(p, "the name of a shadow edge");
                    clause_var_add(l, v);
                    if (!v.edge || !lex_is_punct(p, ",") || p->toks[p->pos + 1].kind != TOK_STRING)
                        break;
                    p->pos++;
                    v.name = xstrdup(v.name);
                }
                if (!p->failed)
                    lex_expect(p, "]", "after the name of the shadow edge");
                if (p->failed)
                    return;
                if (lex_is_punct(p, ",")) {
                    p->pos++;
                    continue;
                }
                return;
            }
            v.rank = clause_ranges(p, v.range, !widths, widths ? "a width" : "a section bound");
            v.out = out_item;
            /* in the list at once, so that an error below frees it with the rest */
            clause_var_add(l, v);
            if (!p->failed && lex_is_punct(p, "(")) {
                p->pos++;
                if (!lex_is_ident(p, "corner")) {
                    lex_error(p, lex_here(p), "expected 'corner', found %s", lex_found(p));
                    return;
                }
                p->pos++;
                lex_expect(p, ")", "after 'corner'");
                l->items[l->count - 1].corner = true;
            }
        }
        if (p->failed)
            return;
        if (lex_is_punct(p, ",")) {
            p->pos++;
            continue;
        }
        return;
    }
}

static bool clause_name_in(const char *name, char *const *names, int count)
{
    for (int k = 0; k < count; k++)
        if (names[k] && !strcmp(names[k], name))
            return true;
    return false;
}

/* The subscript by dir_affine.c (parentheses, macros): false when it is
 * not a*v+b either (the caller reports it). */
static bool clause_affine_index(parser *p, dir_index *ix, int first, int last, char *const *vars,
                                int var_count)
{
    char *var = NULL, *a = NULL, *b = NULL;
    int r = affine_index(p, first, last, vars, var_count, &var, &a, &b);
    if (r == AFFINE_TWO_VARS) {
        lex_error(p, ix->loc, "an index may use only one loop variable, once");
        free(var);
        return true;
    }
    if (r == AFFINE_NOT) {
        free(var);
        return false;
    }
    if (r == AFFINE_CONST) {
        ix->kind = DIR_INDEX_CONST;
        ix->b = b;
        return true;
    }
    ix->kind = DIR_INDEX_LINEAR;
    ix->var = var;
    ix->a = a;
    ix->b = b;
    return true;
}

/* A subscript of a mapping reference: a*v+b, v*a+b, v+b, b+v, a constant
 * or empty, and what dir_affine.c makes of others (parentheses, macros
 * that bring the variable); vars are the names that may appear. */
static void clause_mapping_index(parser *p, dir_index *ix, char *const *vars, int var_count)
{
    memset(ix, 0, sizeof *ix);
    ix->loc = lex_here(p);
    if (lex_is_punct(p, "]")) {
        ix->kind = DIR_INDEX_EMPTY;
        return;
    }
    int first = p->pos;
    p->bound = vars;
    p->bound_count = var_count;
    char *text = lex_expression(p, "]", "an index expression");
    p->bound = NULL;
    p->bound_count = 0;
    if (!text)
        return;
    int last = p->pos; /* exclusive */
    int var_tok = -1, occurrences = 0;
    for (int k = first; k < last; k++)
        if (p->toks[k].kind == TOK_IDENT) {
            char *name = lex_text(p, &p->toks[k]);
            if (clause_name_in(name, vars, var_count)) {
                occurrences++;
                var_tok = k;
            }
            free(name);
        }
    if (occurrences > 1) {
        lex_error(p, lex_loc(p, p->toks[var_tok].start), "an index may use only one loop variable, once");
        free(text);
        return;
    }
    /* a macro may bring the variable: the general form then */
    if (affine_macro_vars(p, first, last, vars, var_count) > 0) {
        if (!clause_affine_index(p, ix, first, last, vars, var_count))
            lex_error(p, ix->loc, "index expression '%s' is not of the form a*i+b", text);
        free(text);
        return;
    }
    if (occurrences == 0) {
        ix->kind = DIR_INDEX_CONST;
        ix->b = text;
        return;
    }
    ix->kind = DIR_INDEX_LINEAR;
    ix->var = lex_text(p, &p->toks[var_tok]);
    /* coefficient: 'c *' before or '* c' after the variable */
    int lo = var_tok, hi = var_tok + 1;
    const char *t = p->text;
#define TOK_IS(k, ch) (p->toks[k].kind == TOK_PUNCT && p->toks[k].end - p->toks[k].start == 1 && \
                       t[p->toks[k].start] == (ch))
    if (var_tok - 2 >= first && TOK_IS(var_tok - 1, '*') &&
        (p->toks[var_tok - 2].kind == TOK_NUMBER || p->toks[var_tok - 2].kind == TOK_IDENT)) {
        ix->a = lex_text(p, &p->toks[var_tok - 2]);
        lo = var_tok - 2;
    } else if (hi + 1 < last + 1 && hi < last && TOK_IS(hi, '*') && hi + 1 < last &&
               (p->toks[hi + 1].kind == TOK_NUMBER || p->toks[hi + 1].kind == TOK_IDENT)) {
        ix->a = lex_text(p, &p->toks[hi + 1]);
        hi += 2;
    } else {
        ix->a = xstrdup("1");
    }
    if (lo - 1 >= first && TOK_IS(lo - 1, '-') && lo - 1 == first) {
        char *neg = str_printf("-(%s)", ix->a);
        free(ix->a);
        ix->a = neg;
        lo--;
    }
    /* the rest must be '+ e' / '- e' after, or 'e +' before */
    size_t tail_start = hi < last ? p->toks[hi].start : 0;
    bool ok = true;
    char *b = NULL;
    if (lo == first && hi == last) {
        b = xstrdup("0");
    } else if (lo == first && (TOK_IS(hi, '+') || TOK_IS(hi, '-')) && hi + 1 < last) {
        size_t end = p->toks[last - 1].end;
        b = str_printf("%c(%.*s)", t[tail_start], (int)(end - p->toks[hi + 1].start),
                       t + p->toks[hi + 1].start);
    } else if (hi == last && lo - 1 > first && TOK_IS(lo - 1, '+')) {
        b = xstrndup(t + p->toks[first].start, p->toks[lo - 2].end - p->toks[first].start);
    } else if (hi == last && lo - 1 > first && TOK_IS(lo - 1, '-')) {
        /* b - a*v */
        b = xstrndup(t + p->toks[first].start, p->toks[lo - 2].end - p->toks[first].start);
        char *neg = str_printf("-(%s)", ix->a);
        free(ix->a);
        ix->a = neg;
    } else {
        ok = false;
    }
#undef TOK_IS
    if (!ok) {
        /* parentheses, macros: the general form */
        dir_index general = {.loc = ix->loc};
        if (clause_affine_index(p, &general, first, last, vars, var_count)) {
            free(ix->var);
            free(ix->a);
            *ix = general;
        } else {
            lex_error(p, ix->loc, "index expression '%s' is not of the form a*%s+b", text, ix->var);
        }
        free(text);
        return;
    }
    ix->b = b;
    free(text);
}

/* X[..][..] with subscripts over vars. */
bool clause_mapping_ref(parser *p, dir_ref *r, char *const *vars, int var_count)
{
    memset(r, 0, sizeof *r);
    r->name = lex_expect_ident(p, "an array or template name", &r->loc);
    if (!r->name)
        return false;
    if (!lex_is_punct(p, "[")) {
        lex_error(p, lex_here(p), "expected '[' after '%s', found %s", r->name, lex_found(p));
        return false;
    }
    while (!p->failed && lex_is_punct(p, "[")) {
        if (r->rank == DIR_MAX_RANK) {
            lex_error(p, lex_here(p), "too many dimensions (at most %d)", DIR_MAX_RANK);
            return false;
        }
        p->pos++;
        clause_mapping_index(p, &r->index[r->rank++], vars, var_count);
        lex_expect(p, "]", "after an index");
    }
    return !p->failed;
}

/* [i][j] lists of loop variables or align dummies ([] allowed for align). */
int clause_names(parser *p, char **names, dir_loc *locs, bool allow_empty)
{
    int rank = 0;
    if (!lex_is_punct(p, "[")) {
        lex_error(p, lex_here(p), "expected '[', found %s", lex_found(p));
        return 0;
    }
    while (!p->failed && lex_is_punct(p, "[")) {
        if (rank == DIR_MAX_RANK) {
            lex_error(p, lex_here(p), "too many dimensions (at most %d)", DIR_MAX_RANK);
            return rank;
        }
        p->pos++;
        if (allow_empty && lex_is_punct(p, "]")) {
            names[rank++] = NULL;
            p->pos++;
            continue;
        }
        dir_loc l;
        names[rank] = lex_expect_ident(p, "a variable name", &l);
        if (locs)
            locs[rank] = l;
        rank++;
        lex_expect(p, "]", "after a variable name");
    }
    return rank;
}

void clause_distribute(parser *p, directive *d)
{
    while (!p->failed && lex_is_punct(p, "[")) {
        if (d->distr_rank == DIR_MAX_RANK) {
            lex_error(p, lex_here(p), "too many dimensions (at most %d)", DIR_MAX_RANK);
            return;
        }
        dir_distr *f = &d->distr[d->distr_rank++];
        p->pos++;
        f->loc = lex_here(p);
        if (lex_is_punct(p, "]")) {
            f->kind = DIR_DISTR_NONE;
        } else if (lex_is_punct(p, "*")) {
            f->kind = DIR_DISTR_NONE;
            p->pos++;
        } else if (lex_is_ident(p, "block")) {
            f->kind = DIR_DISTR_BLOCK;
            p->pos++;
        } else if (lex_is_ident(p, "wgtblock") || lex_is_ident(p, "genblock") || lex_is_ident(p, "multblock")) {
            char *name = lex_text(p, lex_peek(p));
            f->kind = !strcmp(name, "wgtblock") ? DIR_DISTR_WGTBLOCK
                      : !strcmp(name, "genblock") ? DIR_DISTR_GENBLOCK
                                                  : DIR_DISTR_MULTBLOCK;
            p->pos++;
            if (lex_expect(p, "(", "after the distribution format")) {
                p->any_type = f->kind != DIR_DISTR_MULTBLOCK;
                f->arg1 = lex_expression(p, ",)", "an argument");
                p->any_type = false;
                if (f->kind == DIR_DISTR_WGTBLOCK) {
                    if (lex_expect(p, ",", "between the weights and their count"))
                        f->arg2 = lex_expression(p, ")", "the number of weights");
                }
                lex_expect(p, ")", "after the format's arguments");
            }
            free(name);
        } else if (lex_is_ident(p, "indirect")) {
            f->kind = DIR_DISTR_INDIRECT;
            p->pos++;
            if (lex_expect(p, "(", "after 'indirect'")) {
                p->any_type = true;
                f->arg1 = lex_expression(p, ")", "the partition array");
                p->any_type = false;
                lex_expect(p, ")", "after the partition array");
            }
        } else if (lex_is_ident(p, "derived")) {
            lex_error(p, lex_here(p), "not supported yet: 'derived' distribution");
            return;
        } else {
            lex_error(p, lex_here(p), "unknown distribution format %s", lex_found(p));
            return;
        }
        lex_expect(p, "]", "after the distribution format");
    }
}

void clause_align(parser *p, directive *d, bool realign)
{
    if (!lex_expect(p, "(", realign ? "after 'realign'" : "after 'align'"))
        return;
    if (realign)
        d->realign_array = lex_expect_ident(p, "the name of the array to realign", NULL);
    d->align_rank = clause_names(p, d->align_dummy, NULL, true);
    if (p->failed)
        return;
    if (!lex_is_ident(p, "with")) {
        lex_error(p, lex_here(p), "expected 'with', found %s", lex_found(p));
        return;
    }
    p->pos++;
    clause_mapping_ref(p, &d->align_target, d->align_dummy, d->align_rank);
    lex_expect(p, ")", "to close the alignment");
    d->has_align = true;
}


static const char *red_names[] = {"sum", "product", "max", "min", "and", "or", "xor",
                                  "maxloc", "minloc"};

void clause_reduction(parser *p, directive *d)
{
    if (!lex_expect(p, "(", "after 'reduction'"))
        return;
    /* reduction(): no reduction, as in the DVM system */
    if (lex_is_punct(p, ")")) {
        p->pos++;
        return;
    }
    for (;;) {
        dir_loc oploc;
        char *op = lex_expect_ident(p, "a reduction operation", &oploc);
        if (!op)
            return;
        int k;
        for (k = 0; k < 9 && strcmp(op, red_names[k]); k++)
            ;
        if (k == 9) {
            lex_error(p, oploc, "reduction operation '%s' is not known", op);
            free(op);
            return;
        }
        free(op);
        d->reductions = xrealloc(d->reductions, sizeof(dir_reduction) * (size_t)(d->reduction_count + 1));
        dir_reduction *r = &d->reductions[d->reduction_count++];
        memset(r, 0, sizeof *r);
        r->op = (dir_red_op)k;
        if (!lex_expect(p, "(", "after the reduction operation"))
            return;
        r->var = lex_expect_ident(p, "a reduction variable", &r->loc);
        if (r->op == DIR_RED_MAXLOC || r->op == DIR_RED_MINLOC) {
            if (!lex_expect(p, ",", "after the variable of maxloc/minloc"))
                return;
            r->loc_var = lex_expect_ident(p, "the location array", &r->loc_var_loc);
            /* the count is optional: all the elements of the location variable */
            if (lex_is_punct(p, ",")) {
                p->pos++;
                r->loc_count = lex_expression(p, ")", "the number of location elements");
            }
        }
        if (!lex_expect(p, ")", "after the reduction variable"))
            return;
        if (lex_is_punct(p, ",")) {
            p->pos++;
            continue;
        }
        lex_expect(p, ")", "to close 'reduction'");
        return;
    }
}

void clause_refs(parser *p, dir_ref **list, int *count, char *const *vars, int var_count,
                     const char *clause)
{
    if (!lex_expect(p, "(", clause))
        return;
    for (;;) {
        *list = xrealloc(*list, sizeof(dir_ref) * (size_t)(*count + 1));
        if (!clause_mapping_ref(p, &(*list)[(*count)++], vars, var_count))
            return;
        if (lex_is_punct(p, ",")) {
            p->pos++;
            continue;
        }
        lex_expect(p, ")", "to close the list");
        return;
    }
}

void clause_paren_vars(parser *p, dir_var_list *l, bool widths, bool allow_out, const char *clause)
{
    if (!lex_expect(p, "(", clause))
        return;
    /* an empty list, which the DVM system accepts: nothing listed */
    if (!lex_is_punct(p, ")"))
        clause_vars(p, l, widths, allow_out);
    lex_expect(p, ")", "to close the list");
}



/* name[expr]: a subtask of a task array. */
bool clause_subtask(parser *p, char **name, dir_loc *loc, char **index)
{
    *name = lex_expect_ident(p, "a task array name", loc);
    if (!*name)
        return false;
    if (!lex_expect(p, "[", "after the task array's name"))
        return false;
    *index = lex_expression(p, "]", "a subtask index");
    return lex_expect(p, "]", "after the subtask index");
}

/* lo : hi inside parentheses (procs, onto). */
void clause_colon_pair(parser *p, const char *clause, char **lo, char **hi, dir_loc *loc)
{
    if (!lex_expect(p, "(", clause))
        return;
    *loc = lex_here(p);
    *lo = lex_expression(p, ":)", "a processor count or number");
    if (!lex_expect(p, ":", "between the two bounds"))
        return;
    *hi = lex_expression(p, ")", "a processor count or number");
    lex_expect(p, ")", "after the bounds");
}


const char *dir_red_op_name(dir_red_op op)
{
    return red_names[op];
}
