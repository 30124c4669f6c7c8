/* dir_shadow.c: the parser of shadow_add, which names a set of extra
 * (shadow) elements of an indirectly distributed dimension:
 *   shadow_add(T[e1, e2, ... with T[@v]] = "name") include_to(A, B)
 * e1, e2, ...: the neighbours of element v (expressions using v). */
#include "alloc.h"
#include "dir_parser.h"

#include <stdlib.h>
#include <string.h>

char *lex_expect_string(parser *p, const char *what)
{
    if (p->failed)
        return NULL;
    token *k = lex_peek(p);
    if (k->kind != TOK_STRING || p->text[k->start] != '"' || k->end - k->start < 2) {
        lex_error(p, lex_here(p), "expected %s (a string), found %s", what, lex_found(p));
        return NULL;
    }
    p->pos++;
    if (k->end - k->start == 2) {
        lex_error(p, lex_loc(p, k->start), "%s must not be empty", what);
        return NULL;
    }
    return xstrndup(p->text + k->start + 1, k->end - k->start - 2);
}

/* The '@' variable of 'with T[@v]' after the expressions: found ahead,
 * so that the expressions may use it. */
static char *find_bound_var(parser *p)
{
    int depth = 0;
    for (int q = p->pos; p->toks[q].kind != TOK_END; q++) {
        token *k = &p->toks[q];
        if (k->kind == TOK_PUNCT && (p->text[k->start] == '(' || p->text[k->start] == '['))
            depth++;
        else if (k->kind == TOK_PUNCT && (p->text[k->start] == ')' || p->text[k->start] == ']'))
            depth--;
        if (depth < 0)
            return NULL;
        if (depth == 0 && k->kind == TOK_IDENT && k->end - k->start == 4 &&
            !strncmp(p->text + k->start, "with", 4) && p->toks[q + 1].kind == TOK_IDENT &&
            p->toks[q + 2].kind == TOK_PUNCT && p->text[p->toks[q + 2].start] == '[' &&
            p->toks[q + 3].kind == TOK_PUNCT && p->text[p->toks[q + 3].start] == '@' &&
            p->toks[q + 4].kind == TOK_IDENT)
            return lex_text(p, &p->toks[q + 4]);
    }
    return NULL;
}

/* One neighbour expression, up to ',' or 'with' at depth 0. */
static char *neighbour_expr(parser *p)
{
    int first = p->pos, depth = 0;
    for (;;) {
        token *k = lex_peek(p);
        if (k->kind == TOK_END)
            break;
        if (depth == 0 && lex_is_ident(p, "with"))
            break;
        if (k->kind == TOK_PUNCT && k->end - k->start == 1) {
            char c = p->text[k->start];
            if (depth == 0 && (c == ',' || c == ']' || c == ')'))
                break;
            if (c == '(' || c == '[')
                depth++;
            if (c == ')' || c == ']')
                depth--;
        }
        p->pos++;
    }
    if (p->pos == first) {
        lex_error(p, lex_here(p), "expected a neighbour expression, found %s", lex_found(p));
        return NULL;
    }
    expr_check(p, first, p->pos, "a neighbour expression");
    if (p->failed)
        return NULL;
    return xstrndup(p->text + p->toks[first].start, p->toks[p->pos - 1].end - p->toks[first].start);
}

static bool parse_with(parser *p, directive *d)
{
    if (!lex_is_ident(p, "with")) {
        lex_error(p, lex_here(p), "expected 'with %s[@...]' after the neighbour expressions, "
                  "found %s", d->sa_target, lex_found(p));
        return false;
    }
    p->pos++;
    dir_loc at;
    char *name = lex_expect_ident(p, "the template's or array's name", &at);
    if (!name)
        return false;
    bool same = !strcmp(name, d->sa_target);
    free(name);
    if (!same) {
        lex_error(p, at, "'with' must name '%s', the object of shadow_add", d->sa_target);
        return false;
    }
    if (!lex_expect(p, "[", "after the name") || !lex_expect(p, "@", "before the element's name"))
        return false;
    free(lex_expect_ident(p, "the element's name", NULL));
    if (!lex_expect(p, "]", "after the element's name"))
        return false;
    if (lex_is_punct(p, "[")) {
        lex_error(p, lex_here(p), "not supported yet: shadow_add on a multi-dimensional "
                  "template or array");
        return false;
    }
    return true;
}

static void parse_include_to(parser *p, directive *d)
{
    if (!lex_is_ident(p, "include_to"))
        return;
    p->pos++;
    if (!lex_expect(p, "(", "after 'include_to'"))
        return;
    for (;;) {
        d->names = xrealloc(d->names, sizeof(char *) * (size_t)(d->name_count + 1));
        d->name_locs = xrealloc(d->name_locs, sizeof(dir_loc) * (size_t)(d->name_count + 1));
        d->names[d->name_count] = lex_expect_ident(p, "an array name", &d->name_locs[d->name_count]);
        if (!d->names[d->name_count])
            return;
        d->name_count++;
        if (!lex_is_punct(p, ","))
            break;
        p->pos++;
    }
    lex_expect(p, ")", "to close 'include_to'");
}

void dir_parse_shadow_add(parser *p, directive *d)
{
    if (!lex_expect(p, "(", "after 'shadow_add'"))
        return;
    d->sa_target = lex_expect_ident(p, "a template or array name", &d->sa_target_loc);
    if (!d->sa_target || !lex_expect(p, "[", "after the template's or array's name"))
        return;
    d->sa_var = find_bound_var(p);
    if (!d->sa_var) {
        lex_error(p, lex_here(p), "expected the neighbour expressions and 'with %s[@name]'",
                  d->sa_target);
        return;
    }
    char *bound[1] = {d->sa_var};
    p->bound = bound;
    p->bound_count = 1;
    for (;;) {
        char *e = neighbour_expr(p);
        if (!e)
            break;
        d->sa_exprs = xrealloc(d->sa_exprs, sizeof(char *) * (size_t)(d->sa_expr_count + 1));
        d->sa_exprs[d->sa_expr_count++] = e;
        if (!lex_is_punct(p, ","))
            break;
        p->pos++;
    }
    p->bound = NULL;
    p->bound_count = 0;
    if (p->failed || !parse_with(p, d) || !lex_expect(p, "]", "to close the neighbours") ||
        !lex_expect(p, "=", "before the shadow edge's name"))
        return;
    d->sa_name = lex_expect_string(p, "the shadow edge's name");
    if (!d->sa_name || !lex_expect(p, ")", "to close 'shadow_add'"))
        return;
    parse_include_to(p, d);
}
