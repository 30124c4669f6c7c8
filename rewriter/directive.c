/* directive.c: lexer and recursive-descent parser of `#pragma dvm` texts. */
#include "alloc.h"
#include "directive.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef enum tok_kind { TOK_END, TOK_IDENT, TOK_NUMBER, TOK_PUNCT, TOK_STRING } tok_kind;

typedef struct token {
    tok_kind kind;
    size_t start, end;              /* offsets in the text */
} token;

typedef struct parser {
    const char *text;
    const unsigned *line_map, *col_map;
    const char *file;
    diag_list *diags;
    token *toks;
    int count, pos;
    bool failed;
    directive *d;
} parser;

/* ---- lexing ---- */

static int lex(parser *p)
{
    const char *t = p->text;
    size_t n = strlen(t), i = 0;
    int cap = 64;
    p->toks = xmalloc(sizeof(token) * (size_t)cap);
    p->count = 0;
    for (;;) {
        while (i < n && isspace((unsigned char)t[i]))
            i++;
        if (p->count + 1 >= cap) {
            cap *= 2;
            p->toks = xrealloc(p->toks, sizeof(token) * (size_t)cap);
        }
        token *k = &p->toks[p->count];
        k->start = i;
        if (i >= n) {
            k->kind = TOK_END;
            k->end = i;
            p->count++;
            return 0;
        }
        unsigned char c = (unsigned char)t[i];
        if (isalpha(c) || c == '_') {
            while (i < n && (isalnum((unsigned char)t[i]) || t[i] == '_'))
                i++;
            k->kind = TOK_IDENT;
        } else if (isdigit(c) || (c == '.' && isdigit((unsigned char)t[i + 1]))) {
            while (i < n && (isalnum((unsigned char)t[i]) || t[i] == '.' || t[i] == '_' ||
                             ((t[i] == '+' || t[i] == '-') && (t[i - 1] == 'e' || t[i - 1] == 'E'))))
                i++;
            k->kind = TOK_NUMBER;
        } else if (c == '"' || c == '\'') {
            i++;
            while (i < n && (unsigned char)t[i] != c) {
                if (t[i] == '\\' && i + 1 < n)
                    i++;
                i++;
            }
            if (i < n)
                i++;
            k->kind = TOK_STRING;
        } else {
            static const char *two[] = {"<<", ">>", "<=", ">=", "==", "!=", "&&", "||", "->",
                                        "++", "--", NULL};
            k->kind = TOK_PUNCT;
            i++;
            for (int q = 0; two[q]; q++)
                if (t[i - 1] == two[q][0] && t[i] == two[q][1]) {
                    i++;
                    break;
                }
        }
        k->end = i;
        p->count++;
    }
}

static token *peek(parser *p)
{
    return &p->toks[p->pos];
}

static dir_loc loc_of(parser *p, size_t offset)
{
    dir_loc l = {p->line_map[offset], p->col_map[offset]};
    return l;
}

static dir_loc here(parser *p)
{
    return loc_of(p, peek(p)->start);
}

static bool is_punct(parser *p, const char *s)
{
    token *k = peek(p);
    size_t len = strlen(s);
    return k->kind == TOK_PUNCT && k->end - k->start == len && !strncmp(p->text + k->start, s, len);
}

static bool is_ident(parser *p, const char *s)
{
    token *k = peek(p);
    size_t len = strlen(s);
    return k->kind == TOK_IDENT && k->end - k->start == len && !strncmp(p->text + k->start, s, len);
}

static char *tok_text(parser *p, token *k)
{
    return xstrndup(p->text + k->start, k->end - k->start);
}

static void error_at(parser *p, dir_loc l, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void error_at(parser *p, dir_loc l, const char *fmt, ...)
{
    if (p->failed)
        return;
    char buf[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    diag_error(p->diags, p->file, l.line, l.col, "%s", buf);
    p->failed = true;
}

/* Describes the current token for "expected X, found Y" messages. */
static const char *found(parser *p)
{
    static char buf[64];
    token *k = peek(p);
    if (k->kind == TOK_END)
        return "end of directive";
    snprintf(buf, sizeof buf, "'%.*s'", (int)(k->end - k->start > 40 ? 40 : k->end - k->start),
             p->text + k->start);
    return buf;
}

static bool expect(parser *p, const char *s, const char *context)
{
    if (p->failed)
        return false;
    if (is_punct(p, s)) {
        p->pos++;
        return true;
    }
    error_at(p, here(p), "expected '%s' %s, found %s", s, context, found(p));
    return false;
}

static char *expect_ident(parser *p, const char *what, dir_loc *loc)
{
    if (p->failed)
        return NULL;
    if (peek(p)->kind != TOK_IDENT) {
        error_at(p, here(p), "expected %s, found %s", what, found(p));
        return NULL;
    }
    if (loc)
        *loc = here(p);
    return tok_text(p, &p->toks[p->pos++]);
}

/* An expression up to a stop punctuation at bracket depth 0; its text. */
static char *expression(parser *p, const char *stops, const char *what)
{
    if (p->failed)
        return NULL;
    int depth = 0, first = p->pos;
    for (;;) {
        token *k = peek(p);
        if (k->kind == TOK_END)
            break;
        if (k->kind == TOK_PUNCT && k->end - k->start == 1) {
            char c = p->text[k->start];
            if (depth == 0 && strchr(stops, c))
                break;
            if (c == '(' || c == '[')
                depth++;
            if (c == ')' || c == ']') {
                if (depth == 0)
                    break;
                depth--;
            }
        }
        p->pos++;
    }
    if (p->pos == first) {
        error_at(p, here(p), "expected %s, found %s", what, found(p));
        return NULL;
    }
    return xstrndup(p->text + p->toks[first].start, p->toks[p->pos - 1].end - p->toks[first].start);
}

/* ---- pieces shared by several directives ---- */

/* [lo:hi] / [e] / [] repeated: sections or widths. */
static int ranges(parser *p, dir_range *out, bool allow_empty, const char *what)
{
    int rank = 0;
    while (!p->failed && is_punct(p, "[")) {
        if (rank == DIR_MAX_RANK) {
            error_at(p, here(p), "too many dimensions (at most %d)", DIR_MAX_RANK);
            return rank;
        }
        dir_range *r = &out[rank++];
        r->loc = here(p);
        p->pos++;
        if (is_punct(p, "]")) {
            if (!allow_empty)
                error_at(p, here(p), "expected %s, found ']'", what);
            p->pos++;
            continue;
        }
        r->lo = expression(p, ":]", what);
        if (is_punct(p, ":")) {
            p->pos++;
            r->hi = expression(p, "]", what);
        } else if (r->lo) {
            r->hi = xstrdup(r->lo);
        }
        expect(p, "]", "after a subscript");
    }
    return rank;
}

static void var_list_add(dir_var_list *l, dir_var v)
{
    l->items = xrealloc(l->items, sizeof(dir_var) * (size_t)(l->count + 1));
    l->items[l->count++] = v;
}

/* name [sections] [(corner)] items separated by commas, up to ')'. */
static void var_list(parser *p, dir_var_list *l, bool widths, bool allow_out)
{
    for (;;) {
        dir_var v;
        memset(&v, 0, sizeof v);
        if (allow_out && is_ident(p, "out") && p->toks[p->pos + 1].kind == TOK_PUNCT &&
            p->text[p->toks[p->pos + 1].start] == '(') {
            p->pos += 2;
            dir_var_list inner = {0};
            var_list(p, &inner, widths, false);
            expect(p, ")", "after the out(...) list");
            for (int k = 0; k < inner.count; k++) {
                inner.items[k].out = true;
                var_list_add(l, inner.items[k]);
            }
            free(inner.items);
        } else {
            v.name = expect_ident(p, "a variable name", &v.loc);
            if (!v.name)
                return;
            v.rank = ranges(p, v.range, !widths, widths ? "a width" : "a section bound");
            /* in the list at once, so that an error below frees it with the rest */
            var_list_add(l, v);
            if (!p->failed && is_punct(p, "(")) {
                p->pos++;
                if (!is_ident(p, "corner")) {
                    error_at(p, here(p), "expected 'corner', found %s", found(p));
                    return;
                }
                p->pos++;
                expect(p, ")", "after 'corner'");
                l->items[l->count - 1].corner = true;
            }
        }
        if (p->failed)
            return;
        if (is_punct(p, ",")) {
            p->pos++;
            continue;
        }
        return;
    }
}

static bool is_name_in(const char *name, char *const *names, int count)
{
    for (int k = 0; k < count; k++)
        if (names[k] && !strcmp(names[k], name))
            return true;
    return false;
}

/* A subscript of a mapping reference: a*v+b, v*a+b, v+b, b+v, a constant
 * or empty; vars are the names that may appear. */
static void mapping_index(parser *p, dir_index *ix, char *const *vars, int var_count)
{
    memset(ix, 0, sizeof *ix);
    ix->loc = here(p);
    if (is_punct(p, "]")) {
        ix->kind = DIR_INDEX_EMPTY;
        return;
    }
    int first = p->pos;
    char *text = expression(p, "]", "an index expression");
    if (!text)
        return;
    int last = p->pos; /* exclusive */
    int var_tok = -1, occurrences = 0;
    for (int k = first; k < last; k++)
        if (p->toks[k].kind == TOK_IDENT) {
            char *name = tok_text(p, &p->toks[k]);
            if (is_name_in(name, vars, var_count)) {
                occurrences++;
                var_tok = k;
            }
            free(name);
        }
    if (occurrences == 0) {
        ix->kind = DIR_INDEX_CONST;
        ix->b = text;
        return;
    }
    dir_loc vloc = loc_of(p, p->toks[var_tok].start);
    if (occurrences > 1) {
        error_at(p, vloc, "an index may use only one loop variable, once");
        free(text);
        return;
    }
    ix->kind = DIR_INDEX_LINEAR;
    ix->var = tok_text(p, &p->toks[var_tok]);
    /* coefficient: 'c *' before or '* c' after the variable */
    int lo = var_tok, hi = var_tok + 1;
    const char *t = p->text;
#define TOK_IS(k, ch) (p->toks[k].kind == TOK_PUNCT && p->toks[k].end - p->toks[k].start == 1 && \
                       t[p->toks[k].start] == (ch))
    if (var_tok - 2 >= first && TOK_IS(var_tok - 1, '*') &&
        (p->toks[var_tok - 2].kind == TOK_NUMBER || p->toks[var_tok - 2].kind == TOK_IDENT)) {
        ix->a = tok_text(p, &p->toks[var_tok - 2]);
        lo = var_tok - 2;
    } else if (hi + 1 < last + 1 && hi < last && TOK_IS(hi, '*') && hi + 1 < last &&
               (p->toks[hi + 1].kind == TOK_NUMBER || p->toks[hi + 1].kind == TOK_IDENT)) {
        ix->a = tok_text(p, &p->toks[hi + 1]);
        hi += 2;
    } else {
        ix->a = xstrdup("1");
    }
    if (lo - 1 >= first && TOK_IS(lo - 1, '-') && lo - 1 == first) {
        char *neg = xmalloc(strlen(ix->a) + 4);
        sprintf(neg, "-(%s)", ix->a);
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
        b = xmalloc(end - tail_start + 4);
        sprintf(b, "%c(%.*s)", t[tail_start], (int)(end - p->toks[hi + 1].start),
                t + p->toks[hi + 1].start);
    } else if (hi == last && lo - 1 > first && TOK_IS(lo - 1, '+')) {
        b = xstrndup(t + p->toks[first].start, p->toks[lo - 2].end - p->toks[first].start);
    } else if (hi == last && lo - 1 > first && TOK_IS(lo - 1, '-')) {
        /* b - a*v */
        b = xstrndup(t + p->toks[first].start, p->toks[lo - 2].end - p->toks[first].start);
        char *neg = xmalloc(strlen(ix->a) + 4);
        sprintf(neg, "-(%s)", ix->a);
        free(ix->a);
        ix->a = neg;
    } else {
        ok = false;
    }
#undef TOK_IS
    if (!ok) {
        error_at(p, ix->loc, "index expression '%s' is not of the form a*%s+b", text, ix->var);
        free(text);
        return;
    }
    ix->b = b;
    free(text);
}

/* X[..][..] with subscripts over vars. */
static bool mapping_ref(parser *p, dir_ref *r, char *const *vars, int var_count)
{
    memset(r, 0, sizeof *r);
    r->name = expect_ident(p, "an array or template name", &r->loc);
    if (!r->name)
        return false;
    if (!is_punct(p, "[")) {
        error_at(p, here(p), "expected '[' after '%s', found %s", r->name, found(p));
        return false;
    }
    while (!p->failed && is_punct(p, "[")) {
        if (r->rank == DIR_MAX_RANK) {
            error_at(p, here(p), "too many dimensions (at most %d)", DIR_MAX_RANK);
            return false;
        }
        p->pos++;
        mapping_index(p, &r->index[r->rank++], vars, var_count);
        expect(p, "]", "after an index");
    }
    return !p->failed;
}

/* [i][j] lists of loop variables or align dummies ([] allowed for align). */
static int name_brackets(parser *p, char **names, dir_loc *locs, bool allow_empty)
{
    int rank = 0;
    if (!is_punct(p, "[")) {
        error_at(p, here(p), "expected '[', found %s", found(p));
        return 0;
    }
    while (!p->failed && is_punct(p, "[")) {
        if (rank == DIR_MAX_RANK) {
            error_at(p, here(p), "too many dimensions (at most %d)", DIR_MAX_RANK);
            return rank;
        }
        p->pos++;
        if (allow_empty && is_punct(p, "]")) {
            names[rank++] = NULL;
            p->pos++;
            continue;
        }
        dir_loc l;
        names[rank] = expect_ident(p, "a variable name", &l);
        if (locs)
            locs[rank] = l;
        rank++;
        expect(p, "]", "after a variable name");
    }
    return rank;
}

static void distribute_formats(parser *p, directive *d)
{
    while (!p->failed && is_punct(p, "[")) {
        if (d->distr_rank == DIR_MAX_RANK) {
            error_at(p, here(p), "too many dimensions (at most %d)", DIR_MAX_RANK);
            return;
        }
        dir_distr *f = &d->distr[d->distr_rank++];
        p->pos++;
        f->loc = here(p);
        if (is_punct(p, "]")) {
            f->kind = DIR_DISTR_NONE;
        } else if (is_punct(p, "*")) {
            f->kind = DIR_DISTR_NONE;
            p->pos++;
        } else if (is_ident(p, "block")) {
            f->kind = DIR_DISTR_BLOCK;
            p->pos++;
        } else if (is_ident(p, "wgtblock") || is_ident(p, "genblock") || is_ident(p, "multblock")) {
            char *name = tok_text(p, peek(p));
            f->kind = !strcmp(name, "wgtblock") ? DIR_DISTR_WGTBLOCK
                      : !strcmp(name, "genblock") ? DIR_DISTR_GENBLOCK
                                                  : DIR_DISTR_MULTBLOCK;
            p->pos++;
            if (expect(p, "(", "after the distribution format")) {
                f->arg1 = expression(p, ",)", "an argument");
                if (f->kind == DIR_DISTR_WGTBLOCK) {
                    if (expect(p, ",", "between the weights and their count"))
                        f->arg2 = expression(p, ")", "the number of weights");
                }
                expect(p, ")", "after the format's arguments");
            }
            free(name);
        } else if (is_ident(p, "indirect") || is_ident(p, "derived")) {
            char *name = tok_text(p, peek(p));
            error_at(p, here(p), "not supported yet: '%s' distribution", name);
            free(name);
            return;
        } else {
            error_at(p, here(p), "unknown distribution format %s", found(p));
            return;
        }
        expect(p, "]", "after the distribution format");
    }
}

static void align_clause(parser *p, directive *d, bool realign)
{
    if (!expect(p, "(", realign ? "after 'realign'" : "after 'align'"))
        return;
    if (realign)
        d->realign_array = expect_ident(p, "the name of the array to realign", NULL);
    d->align_rank = name_brackets(p, d->align_dummy, NULL, true);
    if (p->failed)
        return;
    if (!is_ident(p, "with")) {
        error_at(p, here(p), "expected 'with', found %s", found(p));
        return;
    }
    p->pos++;
    mapping_ref(p, &d->align_target, d->align_dummy, d->align_rank);
    expect(p, ")", "to close the alignment");
    d->has_align = true;
}

/* ---- directives ---- */

static void array_or_template(parser *p, directive *d)
{
    for (;;) {
        if (p->failed)
            return;
        if (is_punct(p, ",")) {
            p->pos++;
            continue;
        }
        if (peek(p)->kind == TOK_END)
            return;
        if (is_ident(p, "distribute")) {
            p->pos++;
            if (d->distr_rank) {
                error_at(p, here(p), "'distribute' given twice");
                return;
            }
            if (!is_punct(p, "[")) {
                error_at(p, here(p), "expected '[' after 'distribute', found %s", found(p));
                return;
            }
            distribute_formats(p, d);
        } else if (is_ident(p, "shadow") && d->kind == DIR_ARRAY) {
            p->pos++;
            if (!is_punct(p, "[")) {
                error_at(p, here(p), "expected '[' after 'shadow', found %s", found(p));
                return;
            }
            d->shadow_rank = ranges(p, d->shadow, false, "a shadow width");
        } else if (is_ident(p, "align") && d->kind == DIR_ARRAY) {
            p->pos++;
            align_clause(p, d, false);
        } else if (peek(p)->kind == TOK_IDENT) {
            char *name = tok_text(p, peek(p));
            error_at(p, here(p), "unknown clause '%s' in '%s' directive", name, dir_kind_name(d->kind));
            free(name);
        } else {
            error_at(p, here(p), "expected a clause, found %s", found(p));
        }
    }
}

static void template_dims(parser *p, directive *d)
{
    dir_range r[DIR_MAX_RANK];
    memset(r, 0, sizeof r);
    if (!is_punct(p, "[")) {
        error_at(p, here(p), "expected '[' with the template's sizes, found %s", found(p));
        return;
    }
    int rank = ranges(p, r, false, "a template size");
    for (int k = 0; k < rank; k++) {
        if (r[k].lo && r[k].hi && strcmp(r[k].lo, r[k].hi)) {
            error_at(p, r[k].loc, "a template size must be one expression");
        }
        d->dims[k] = r[k].lo;
        r[k].lo = NULL;
        free(r[k].hi);
    }
    d->dims_rank = rank;
}

static const char *red_names[] = {"sum", "product", "max", "min", "and", "or", "xor",
                                  "maxloc", "minloc"};

static void reduction_clause(parser *p, directive *d)
{
    if (!expect(p, "(", "after 'reduction'"))
        return;
    for (;;) {
        dir_loc oploc;
        char *op = expect_ident(p, "a reduction operation", &oploc);
        if (!op)
            return;
        int k;
        for (k = 0; k < 9 && strcmp(op, red_names[k]); k++)
            ;
        if (k == 9) {
            error_at(p, oploc, "reduction operation '%s' is not known", op);
            free(op);
            return;
        }
        free(op);
        d->reductions = xrealloc(d->reductions, sizeof(dir_reduction) * (size_t)(d->reduction_count + 1));
        dir_reduction *r = &d->reductions[d->reduction_count++];
        memset(r, 0, sizeof *r);
        r->op = (dir_red_op)k;
        if (!expect(p, "(", "after the reduction operation"))
            return;
        r->var = expect_ident(p, "a reduction variable", &r->loc);
        if (r->op == DIR_RED_MAXLOC || r->op == DIR_RED_MINLOC) {
            if (!expect(p, ",", "after the variable of maxloc/minloc"))
                return;
            r->loc_var = expect_ident(p, "the location array", &r->loc_var_loc);
            if (!expect(p, ",", "after the location array"))
                return;
            r->loc_count = expression(p, ")", "the number of location elements");
        }
        if (!expect(p, ")", "after the reduction variable"))
            return;
        if (is_punct(p, ",")) {
            p->pos++;
            continue;
        }
        expect(p, ")", "to close 'reduction'");
        return;
    }
}

static void ref_list(parser *p, dir_ref **list, int *count, char *const *vars, int var_count,
                     const char *clause)
{
    if (!expect(p, "(", clause))
        return;
    for (;;) {
        *list = xrealloc(*list, sizeof(dir_ref) * (size_t)(*count + 1));
        if (!mapping_ref(p, &(*list)[(*count)++], vars, var_count))
            return;
        if (is_punct(p, ",")) {
            p->pos++;
            continue;
        }
        expect(p, ")", "to close the list");
        return;
    }
}

static void paren_var_list(parser *p, dir_var_list *l, bool widths, bool allow_out, const char *clause)
{
    if (!expect(p, "(", clause))
        return;
    var_list(p, l, widths, allow_out);
    expect(p, ")", "to close the list");
}

static void parallel(parser *p, directive *d)
{
    if (!expect(p, "(", "after 'parallel'"))
        return;
    d->loop_rank = name_brackets(p, d->loop_vars, d->loop_var_locs, false);
    if (p->failed)
        return;
    if (is_ident(p, "on")) {
        p->pos++;
        d->has_on = true;
        mapping_ref(p, &d->on, d->loop_vars, d->loop_rank);
    }
    expect(p, ")", "after the loop variables");
    while (!p->failed && peek(p)->kind != TOK_END) {
        if (is_punct(p, ",")) {
            p->pos++;
            continue;
        }
        if (is_ident(p, "private")) {
            p->pos++;
            paren_var_list(p, &d->privates, false, false, "after 'private'");
        } else if (is_ident(p, "reduction")) {
            p->pos++;
            reduction_clause(p, d);
        } else if (is_ident(p, "shadow_renew")) {
            p->pos++;
            paren_var_list(p, &d->shadow_renew, true, false, "after 'shadow_renew'");
        } else if (is_ident(p, "across")) {
            p->pos++;
            paren_var_list(p, &d->across, true, true, "after 'across'");
        } else if (is_ident(p, "remote_access")) {
            p->pos++;
            ref_list(p, &d->remotes, &d->remote_count, d->loop_vars, d->loop_rank,
                     "after 'remote_access'");
        } else if (is_ident(p, "tie")) {
            p->pos++;
            ref_list(p, &d->ties, &d->tie_count, d->loop_vars, d->loop_rank, "after 'tie'");
        } else if (is_ident(p, "cuda_block")) {
            p->pos++;
            if (!expect(p, "(", "after 'cuda_block'"))
                return;
            for (;;) {
                if (d->cuda_block_rank == 3) {
                    error_at(p, here(p), "cuda_block takes at most 3 sizes");
                    return;
                }
                d->cuda_block[d->cuda_block_rank++] = expression(p, ",)", "a block size");
                if (is_punct(p, ",")) {
                    p->pos++;
                    continue;
                }
                break;
            }
            expect(p, ")", "to close 'cuda_block'");
        } else if (is_ident(p, "stage")) {
            p->pos++;
            if (expect(p, "(", "after 'stage'")) {
                d->stage = expression(p, ")", "the stage size");
                expect(p, ")", "to close 'stage'");
            }
        } else if (peek(p)->kind == TOK_IDENT) {
            char *name = tok_text(p, peek(p));
            error_at(p, here(p), "unknown clause '%s' in 'parallel' directive", name);
            free(name);
        } else {
            error_at(p, here(p), "expected a clause, found %s", found(p));
        }
    }
}

static void region(parser *p, directive *d)
{
    while (!p->failed && peek(p)->kind != TOK_END) {
        if (is_punct(p, ",")) {
            p->pos++;
            continue;
        }
        if (is_ident(p, "in")) {
            p->pos++;
            paren_var_list(p, &d->in, false, false, "after 'in'");
        } else if (is_ident(p, "out")) {
            p->pos++;
            paren_var_list(p, &d->out, false, false, "after 'out'");
        } else if (is_ident(p, "inout")) {
            p->pos++;
            paren_var_list(p, &d->inout, false, false, "after 'inout'");
        } else if (is_ident(p, "local")) {
            p->pos++;
            paren_var_list(p, &d->local, false, false, "after 'local'");
        } else if (is_ident(p, "async")) {
            p->pos++;
            d->async = true;
        } else if (is_ident(p, "targets")) {
            p->pos++;
            if (!expect(p, "(", "after 'targets'"))
                return;
            for (;;) {
                if (is_ident(p, "HOST") || is_ident(p, "host"))
                    d->targets |= DIR_TARGET_HOST;
                else if (is_ident(p, "CUDA") || is_ident(p, "cuda"))
                    d->targets |= DIR_TARGET_CUDA;
                else {
                    error_at(p, here(p), "unknown target %s (expected HOST or CUDA)", found(p));
                    return;
                }
                p->pos++;
                if (is_punct(p, ",")) {
                    p->pos++;
                    continue;
                }
                break;
            }
            expect(p, ")", "to close 'targets'");
        } else if (peek(p)->kind == TOK_IDENT) {
            char *name = tok_text(p, peek(p));
            error_at(p, here(p), "unknown clause '%s' in 'region' directive", name);
            free(name);
        } else {
            error_at(p, here(p), "expected a clause, found %s", found(p));
        }
    }
}

static void inherit(parser *p, directive *d)
{
    if (!expect(p, "(", "after 'inherit'"))
        return;
    for (;;) {
        d->names = xrealloc(d->names, sizeof(char *) * (size_t)(d->name_count + 1));
        d->name_locs = xrealloc(d->name_locs, sizeof(dir_loc) * (size_t)(d->name_count + 1));
        d->names[d->name_count] = expect_ident(p, "a parameter name", &d->name_locs[d->name_count]);
        if (!d->names[d->name_count])
            return;
        d->name_count++;
        if (is_punct(p, ",")) {
            p->pos++;
            continue;
        }
        expect(p, ")", "to close 'inherit'");
        return;
    }
}

static void trailing(parser *p);

/* name[expr]: a subtask of a task array. */
static bool subtask_ref(parser *p, char **name, dir_loc *loc, char **index)
{
    *name = expect_ident(p, "a task array name", loc);
    if (!*name)
        return false;
    if (!expect(p, "[", "after the task array's name"))
        return false;
    *index = expression(p, "]", "a subtask index");
    return expect(p, "]", "after the subtask index");
}

/* lo : hi inside parentheses (procs, onto). */
static void colon_pair(parser *p, const char *clause, char **lo, char **hi, dir_loc *loc)
{
    if (!expect(p, "(", clause))
        return;
    *loc = here(p);
    *lo = expression(p, ":)", "a processor count or number");
    if (!expect(p, ":", "between the two bounds"))
        return;
    *hi = expression(p, ")", "a processor count or number");
    expect(p, ")", "after the bounds");
}

static void task_decl(parser *p, directive *d)
{
    d->task_name = expect_ident(p, "a task array name", &d->task_loc);
    if (!d->task_name)
        return;
    if (!expect(p, "[", "with the number of subtasks"))
        return;
    d->task_size = expression(p, "]", "the number of subtasks");
    expect(p, "]", "after the number of subtasks");
    trailing(p);
}

static void map_clauses(parser *p, directive *d)
{
    if (!expect(p, "(", "after 'map'"))
        return;
    if (!subtask_ref(p, &d->task_name, &d->task_loc, &d->task_index))
        return;
    while (!p->failed && !is_punct(p, ")") && peek(p)->kind != TOK_END) {
        if (is_punct(p, ",")) {
            p->pos++;
        } else if (is_ident(p, "weight")) {
            p->pos++;
            if (expect(p, "(", "after 'weight'")) {
                d->weight = expression(p, ")", "the subtask's weight");
                expect(p, ")", "to close 'weight'");
            }
        } else if (is_ident(p, "procs")) {
            p->pos++;
            colon_pair(p, "after 'procs'", &d->procs_min, &d->procs_max, &d->procs_loc);
        } else if (is_ident(p, "onto")) {
            p->pos++;
            colon_pair(p, "after 'onto'", &d->onto_first, &d->onto_last, &d->onto_loc);
        } else if (is_ident(p, "time")) {
            p->pos++;
            if (!expect(p, "(", "after 'time'"))
                return;
            if (is_ident(p, "linear")) {
                p->pos++;
                d->time_model = DIR_TIME_LINEAR;
            } else if (is_ident(p, "amdahl")) {
                p->pos++;
                d->time_model = DIR_TIME_AMDAHL;
                if (expect(p, "(", "after 'amdahl'")) {
                    d->time_arg = expression(p, ")", "the serial fraction");
                    expect(p, ")", "after the serial fraction");
                }
            } else {
                d->time_model = DIR_TIME_USER;
                d->time_arg = expect_ident(p, "linear, amdahl(f) or a function name", NULL);
            }
            expect(p, ")", "to close 'time'");
        } else if (peek(p)->kind == TOK_IDENT) {
            char *name = tok_text(p, peek(p));
            error_at(p, here(p), "unknown clause '%s' in 'map' directive", name);
            free(name);
        } else {
            error_at(p, here(p), "expected a clause, found %s", found(p));
        }
    }
    expect(p, ")", "to close 'map'");
    if (!p->failed && d->onto_first && (d->weight || d->procs_min || d->time_arg))
        error_at(p, d->onto_loc, "'onto' maps a subtask by hand: it cannot be combined with "
                                 "'weight', 'procs' or 'time'");
    trailing(p);
}

static void task_region_clause(parser *p, directive *d)
{
    if (!expect(p, "(", "after 'task_region'"))
        return;
    d->task_name = expect_ident(p, "a task array name", &d->task_loc);
    expect(p, ")", "after the task array's name");
    trailing(p);
}

static void task_link(parser *p, directive *d)
{
    if (!expect(p, "(", "after 'task_link'"))
        return;
    if (!subtask_ref(p, &d->task_name, &d->task_loc, &d->task_index))
        return;
    if (!expect(p, ",", "between the two subtasks"))
        return;
    char *second = NULL;
    bool ok = subtask_ref(p, &second, &d->link_loc, &d->link_index);
    if (ok && strcmp(second, d->task_name))
        error_at(p, d->link_loc, "task_link joins subtasks of one task array ('%s' and '%s')",
                 d->task_name, second);
    free(second);
    if (!ok || !expect(p, ",", "before the data volume"))
        return;
    d->link_volume = expression(p, ")", "the data volume");
    expect(p, ")", "to close 'task_link'");
    trailing(p);
}

static const char *kind_names[DIR_KIND_COUNT] = {
    "template", "array", "inherit", "redistribute", "realign", "region", "parallel",
    "get_actual", "actual", "remote_access", "interval", "task", "map", "task_region",
    "task_link", "host_section", "array_copy", "shadow_add", "localize", "unlocalize",
    "instantiations"};

const char *dir_kind_name(dir_kind kind)
{
    return kind < DIR_KIND_COUNT ? kind_names[kind] : "?";
}

const char *dir_red_op_name(dir_red_op op)
{
    return red_names[op];
}

const dir_ref *dir_loop_mapping(const directive *d, const char *name)
{
    if (d->has_on && !strcmp(d->on.name, name))
        return &d->on;
    for (int t = 0; t < d->tie_count; t++)
        if (!strcmp(d->ties[t].name, name))
            return &d->ties[t];
    return NULL;
}


static void trailing(parser *p)
{
    if (!p->failed && peek(p)->kind != TOK_END)
        error_at(p, here(p), "unexpected %s at the end of '%s' directive", found(p),
                 dir_kind_name(p->d->kind));
}

directive *dir_parse(const char *text, const unsigned *line_map, const unsigned *col_map,
                     const char *file, diag_list *diags)
{
    parser p = {.text = text, .line_map = line_map, .col_map = col_map, .file = file,
                .diags = diags};
    lex(&p);
    directive *d = xcalloc(1, sizeof *d);
    p.d = d;
    d->loc = here(&p);
    token *k = peek(&p);
    if (k->kind != TOK_IDENT) {
        error_at(&p, d->loc, "expected a directive name after '#pragma dvm', found %s", found(&p));
        goto out;
    }
    char *name = tok_text(&p, k);
    int kind;
    for (kind = 0; kind < DIR_KIND_COUNT && strcmp(name, kind_names[kind]); kind++)
        ;
    if (kind == DIR_KIND_COUNT) {
        error_at(&p, d->loc, "unknown directive '%s'", name);
        free(name);
        goto out;
    }
    free(name);
    p.pos++;
    d->kind = (dir_kind)kind;
    switch (d->kind) {
    case DIR_TEMPLATE:
        template_dims(&p, d);
        array_or_template(&p, d);
        break;
    case DIR_ARRAY:
        array_or_template(&p, d);
        break;
    case DIR_INHERIT:
        inherit(&p, d);
        trailing(&p);
        break;
    case DIR_REDISTRIBUTE:
        if (expect(&p, "(", "after 'redistribute'")) {
            d->distr_target = expect_ident(&p, "an array or template name", NULL);
            if (!p.failed && !is_punct(&p, "["))
                error_at(&p, here(&p), "expected '[' with the new distribution, found %s", found(&p));
            distribute_formats(&p, d);
            expect(&p, ")", "to close 'redistribute'");
        }
        trailing(&p);
        break;
    case DIR_REALIGN:
        align_clause(&p, d, true);
        trailing(&p);
        break;
    case DIR_REGION:
        region(&p, d);
        break;
    case DIR_PARALLEL:
        parallel(&p, d);
        break;
    case DIR_GET_ACTUAL:
    case DIR_ACTUAL:
        if (is_punct(&p, "(")) {
            d->has_list = true;
            paren_var_list(&p, &d->list, false, false, "");
        }
        trailing(&p);
        break;
    case DIR_REMOTE_ACCESS:
        ref_list(&p, &d->remotes, &d->remote_count, NULL, 0, "after 'remote_access'");
        trailing(&p);
        break;
    case DIR_INTERVAL:
        if (is_punct(&p, "(")) {
            p.pos++;
            d->interval_id = expression(&p, ")", "the interval's number");
            expect(&p, ")", "to close 'interval'");
        }
        trailing(&p);
        break;
    case DIR_TASK:
        task_decl(&p, d);
        break;
    case DIR_MAP:
        map_clauses(&p, d);
        break;
    case DIR_TASK_REGION:
        task_region_clause(&p, d);
        break;
    case DIR_TASK_LINK:
        task_link(&p, d);
        break;
    default:
        /* recognised: the code generator reports them as not supported yet */
        break;
    }
out:
    free(p.toks);
    if (p.failed) {
        dir_free(d);
        return NULL;
    }
    return d;
}

static void free_ref(dir_ref *r)
{
    free(r->name);
    for (int k = 0; k < r->rank; k++) {
        free(r->index[k].var);
        free(r->index[k].a);
        free(r->index[k].b);
    }
}

static void free_vars(dir_var_list *l)
{
    for (int k = 0; k < l->count; k++) {
        free(l->items[k].name);
        for (int j = 0; j < l->items[k].rank; j++) {
            free(l->items[k].range[j].lo);
            free(l->items[k].range[j].hi);
        }
    }
    free(l->items);
}

void dir_free(directive *d)
{
    if (!d)
        return;
    for (int k = 0; k < d->distr_rank; k++) {
        free(d->distr[k].arg1);
        free(d->distr[k].arg2);
    }
    free(d->distr_target);
    for (int k = 0; k < d->dims_rank; k++)
        free(d->dims[k]);
    for (int k = 0; k < d->shadow_rank; k++) {
        free(d->shadow[k].lo);
        free(d->shadow[k].hi);
    }
    free(d->realign_array);
    for (int k = 0; k < d->align_rank; k++)
        free(d->align_dummy[k]);
    free_ref(&d->align_target);
    for (int k = 0; k < d->name_count; k++)
        free(d->names[k]);
    free(d->names);
    free(d->name_locs);
    for (int k = 0; k < d->loop_rank; k++)
        free(d->loop_vars[k]);
    free_ref(&d->on);
    free_vars(&d->privates);
    for (int k = 0; k < d->reduction_count; k++) {
        free(d->reductions[k].var);
        free(d->reductions[k].loc_var);
        free(d->reductions[k].loc_count);
    }
    free(d->reductions);
    free_vars(&d->shadow_renew);
    free_vars(&d->across);
    for (int k = 0; k < d->remote_count; k++)
        free_ref(&d->remotes[k]);
    free(d->remotes);
    for (int k = 0; k < d->tie_count; k++)
        free_ref(&d->ties[k]);
    free(d->ties);
    for (int k = 0; k < d->cuda_block_rank; k++)
        free(d->cuda_block[k]);
    free(d->stage);
    free_vars(&d->in);
    free_vars(&d->out);
    free_vars(&d->inout);
    free_vars(&d->local);
    free_vars(&d->list);
    free(d->interval_id);
    free(d->task_name);
    free(d->task_size);
    free(d->task_index);
    free(d->weight);
    free(d->procs_min);
    free(d->procs_max);
    free(d->onto_first);
    free(d->onto_last);
    free(d->time_arg);
    free(d->link_index);
    free(d->link_volume);
    free(d);
}
