/* dir_lex.c: the directive parser's lexer and its token questions. */
#include "alloc.h"
#include "dir_parser.h"
#include "strbuf.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Blanks and comments, which are blanks in a directive as anywhere in C. */
static size_t lex_skip_blanks(parser *p, size_t i, size_t n)
{
    const char *t = p->text;
    for (;;) {
        while (i < n && isspace((unsigned char)t[i]))
            i++;
        if (i + 1 < n && t[i] == '/' && t[i + 1] == '/')
            return n;
        if (!(i + 1 < n && t[i] == '/' && t[i + 1] == '*'))
            return i;
        const char *close = strstr(t + i + 2, "*/");
        if (!close) {
            lex_error(p, lex_loc(p, i), "unterminated '/*' comment in the directive");
            return n;
        }
        i = (size_t)(close - t) + 2;
    }
}

void lex_tokens(parser *p)
{
    const char *t = p->text;
    size_t n = strlen(t), i = 0;
    p->count = 0;
    for (;;) {
        i = lex_skip_blanks(p, i, n);
        p->toks = xgrow(p->toks, &p->cap, p->count + 1);
        token *k = &p->toks[p->count];
        k->start = i;
        if (i >= n) {
            k->kind = TOK_END;
            k->end = i;
            p->count++;
            return;
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

token *lex_peek(parser *p)
{
    return &p->toks[p->pos];
}

dir_loc lex_loc(parser *p, size_t offset)
{
    dir_loc l = {p->line_map[offset], p->col_map[offset]};
    return l;
}

dir_loc lex_here(parser *p)
{
    return lex_loc(p, lex_peek(p)->start);
}

bool lex_is_punct(parser *p, const char *s)
{
    token *k = lex_peek(p);
    size_t len = strlen(s);
    return k->kind == TOK_PUNCT && k->end - k->start == len && !strncmp(p->text + k->start, s, len);
}

bool lex_is_ident(parser *p, const char *s)
{
    token *k = lex_peek(p);
    size_t len = strlen(s);
    return k->kind == TOK_IDENT && k->end - k->start == len && !strncmp(p->text + k->start, s, len);
}

char *lex_text(parser *p, token *k)
{
    return xstrndup(p->text + k->start, k->end - k->start);
}

void lex_error(parser *p, dir_loc l, const char *fmt, ...)
{
    if (p->failed)
        return;
    va_list ap;
    va_start(ap, fmt);
    char *message = str_vprintf(fmt, ap);
    va_end(ap);
    diag_error(p->diags, p->file, l.line, l.col, "%s", message);
    free(message);
    p->failed = true;
}

/* At most 40 characters of the token: enough to recognise it. */
const char *lex_found(parser *p)
{
    return lex_found_at(p, p->pos);
}

const char *lex_found_at(parser *p, int index)
{
    static char buf[64];
    token *k = &p->toks[index];
    if (k->kind == TOK_END)
        return "end of directive";
    snprintf(buf, sizeof buf, "'%.*s'", (int)(k->end - k->start > 40 ? 40 : k->end - k->start),
             p->text + k->start);
    return buf;
}

bool lex_expect(parser *p, const char *s, const char *context)
{
    if (p->failed)
        return false;
    if (lex_is_punct(p, s)) {
        p->pos++;
        return true;
    }
    lex_error(p, lex_here(p), "expected '%s' %s, found %s", s, context, lex_found(p));
    return false;
}

char *lex_expect_ident(parser *p, const char *what, dir_loc *loc)
{
    if (p->failed)
        return NULL;
    if (lex_peek(p)->kind != TOK_IDENT) {
        lex_error(p, lex_here(p), "expected %s, found %s", what, lex_found(p));
        return NULL;
    }
    if (loc)
        *loc = lex_here(p);
    return lex_text(p, &p->toks[p->pos++]);
}

char *lex_expression(parser *p, const char *stops, const char *what)
{
    if (p->failed)
        return NULL;
    /* questions: conditional operators at depth 0 whose ':' is still to
     * come ('b ? 0 : 1 : 2' in onto(...) is the bound 'b ? 0 : 1') */
    int depth = 0, first = p->pos, questions = 0;
    for (;;) {
        token *k = lex_peek(p);
        if (k->kind == TOK_END)
            break;
        if (k->kind == TOK_PUNCT && k->end - k->start == 1) {
            char c = p->text[k->start];
            if (depth == 0 && c == '?')
                questions++;
            else if (depth == 0 && c == ':' && questions > 0) {
                questions--;
                p->pos++;
                continue;
            }
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
        lex_error(p, lex_here(p), "expected %s, found %s", what, lex_found(p));
        return NULL;
    }
    expr_check(p, first, p->pos, what);
    if (p->failed)
        return NULL;
    return xstrndup(p->text + p->toks[first].start, p->toks[p->pos - 1].end - p->toks[first].start);
}
