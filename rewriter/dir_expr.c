/* dir_expr.c: checking an expression of a directive before the generator
 * pastes it into C: its syntax (a C expression over the directive's
 * tokens), its numbers, and, where the caller knows the C scope, its names:
 * each must be declared (or be a variable the directive binds), and a
 * name of an array, pointer, function or struct must be used as one
 * (subscripted, called, a member taken) where a value is expected. */
#include "dir_parser.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

typedef struct checker {
    parser *p;
    int q, last;                    /* current token, end (exclusive) */
    int sizeof_depth;               /* inside sizeof: names are not values */
} checker;

static bool ck_punct(checker *c, const char *s)
{
    if (c->q >= c->last)
        return false;
    token *k = &c->p->toks[c->q];
    size_t len = strlen(s);
    return k->kind == TOK_PUNCT && k->end - k->start == len && !strncmp(c->p->text + k->start, s, len);
}

static bool ck_ident(checker *c, int q, const char *s)
{
    if (q >= c->last)
        return false;
    token *k = &c->p->toks[q];
    size_t len = strlen(s);
    return k->kind == TOK_IDENT && k->end - k->start == len && !strncmp(c->p->text + k->start, s, len);
}

/* What the current token is ("end of directive" past the expression's end
 * when the directive ends there). */
static const char *ck_found(checker *c)
{
    return lex_found_at(c->p, c->q < c->last ? c->q : c->last);
}

static dir_loc ck_here(checker *c)
{
    return lex_loc(c->p, c->p->toks[c->q < c->last ? c->q : c->last].start);
}

static void ck_expected(checker *c, const char *what)
{
    lex_error(c->p, ck_here(c), "expected %s, found %s", what, ck_found(c));
}

static void ck_unexpected(checker *c, const char *context)
{
    lex_error(c->p, ck_here(c), "unexpected %s in %s", ck_found(c), context);
}

static const char *type_words[] = {"char", "short", "int", "long", "float", "double", "signed",
                                   "unsigned", "_Bool", "const", "volatile", "struct", "union",
                                   "enum", "void", NULL};

static bool is_type_word(checker *c, int q)
{
    for (int k = 0; type_words[k]; k++)
        if (ck_ident(c, q, type_words[k]))
            return true;
    return false;
}

/* A typedef name of the C scope. */
static bool is_typedef_name(checker *c, int q)
{
    parser *p = c->p;
    if (!p->scope || q >= c->last || p->toks[q].kind != TOK_IDENT)
        return false;
    char *name = lex_text(p, &p->toks[q]);
    bool type = p->scope->lookup(p->scope->ctx, name) == DIR_NAME_TYPE;
    free(name);
    return type;
}

/* '(' type-name ')' from c->q: words and '*' only, a type keyword or a
 * typedef name among them. */
static int type_name_end(checker *c)
{
    int q = c->q + 1;
    bool typed = false;
    while (q < c->last && (c->p->toks[q].kind == TOK_IDENT ||
                           (c->p->toks[q].kind == TOK_PUNCT && c->p->text[c->p->toks[q].start] == '*' &&
                            c->p->toks[q].end - c->p->toks[q].start == 1))) {
        typed |= is_type_word(c, q) || is_typedef_name(c, q);
        q++;
    }
    if (!typed || q >= c->last)
        return -1;
    token *k = &c->p->toks[q];
    return k->kind == TOK_PUNCT && c->p->text[k->start] == ')' && k->end - k->start == 1 ? q + 1 : -1;
}

/* A C number: an integer that fits in 64 bits or a floating constant,
 * with their suffixes. */
static bool number_ok(const char *s)
{
    char *end;
    errno = 0;
    bool hex = s[0] == '0' && (s[1] == 'x' || s[1] == 'X');
    if (hex && strchr(s, '.') && !strpbrk(s, "pP"))
        return false; /* a hexadecimal floating constant needs its exponent */
    if (strpbrk(s, hex ? ".pP" : ".eE")) {
        strtod(s, &end);
        if (end == s)
            return false;
        if (*end == 'f' || *end == 'F' || *end == 'l' || *end == 'L')
            end++;
        return *end == 0;
    }
    if (!isdigit((unsigned char)s[0]))
        return false;
    strtoull(s, &end, 0);
    if (errno == ERANGE || end == s + (hex ? 2 : 0))
        return false;
    int u = 0, l = 0;
    for (; *end; end++) {
        if ((*end == 'u' || *end == 'U') && !u++)
            continue;
        if ((*end == 'l' || *end == 'L') && l++ < 2)
            continue;
        return false;
    }
    return true;
}

static void ck_expr(checker *c);
static void ck_cond(checker *c);
static void ck_unary(checker *c);

/* A name where a value is wanted: declared, and used as what it is. */
static void ck_name(checker *c, bool deref)
{
    parser *p = c->p;
    int q = c->q;
    if (is_type_word(c, q) && !c->sizeof_depth) {
        ck_expected(c, "an operand");
        return;
    }
    c->q++;
    if (!p->scope || c->sizeof_depth)
        return;
    char *name = lex_text(p, &p->toks[q]);
    for (int k = 0; k < p->bound_count; k++)
        if (p->bound[k] && !strcmp(p->bound[k], name)) {
            free(name);
            return;
        }
    dir_name_kind kind = p->scope->lookup(p->scope->ctx, name);
    dir_loc at = lex_loc(p, p->toks[q].start);
    const char *use = NULL;
    if (kind == DIR_NAME_NONE)
        lex_error(p, at, "use of undeclared identifier '%s'", name);
    else if (kind == DIR_NAME_TYPE)
        lex_error(p, at, "'%s' is a type, not a value", name);
    else if (kind == DIR_NAME_ADDRESS && !p->any_type && !deref && !ck_punct(c, "[") && !ck_punct(c, "->"))
        use = "an array or pointer";
    else if (kind == DIR_NAME_FUNCTION && !p->any_type && !ck_punct(c, "("))
        use = "a function";
    else if (kind == DIR_NAME_RECORD && !p->any_type && !ck_punct(c, "."))
        use = "a struct or union";
    else if (kind == DIR_NAME_VALUE && deref && p->toks[q - 1].kind == TOK_PUNCT &&
             p->text[p->toks[q - 1].start] == '*')
        lex_error(p, at, "'%s' is not a pointer: '*' cannot apply to it", name);
    if (use)
        lex_error(p, at, "'%s' is %s, not a value: %s", name, use,
                  p->bound_count ? "an index must be an integer" : "expected an integer expression");
    free(name);
}

static void ck_primary(checker *c, bool deref)
{
    parser *p = c->p;
    if (c->q >= c->last) {
        ck_expected(c, "an operand");
        return;
    }
    token *k = &p->toks[c->q];
    if (k->kind == TOK_IDENT) {
        ck_name(c, deref);
    } else if (k->kind == TOK_NUMBER) {
        char *s = lex_text(p, k);
        if (!number_ok(s))
            lex_error(p, lex_loc(p, k->start), "invalid number '%s' in the directive", s);
        free(s);
        c->q++;
    } else if (k->kind == TOK_STRING) {
        while (c->q < c->last && p->toks[c->q].kind == TOK_STRING)
            c->q++;
    } else if (ck_punct(c, "(")) {
        c->q++;
        ck_expr(c);
        if (!p->failed && !ck_punct(c, ")"))
            ck_unexpected(c, "the expression: expected ')'");
        c->q++;
    } else {
        ck_expected(c, "an operand");
    }
}

/* Whether the parenthesized tokens from q (at '(') hold no name: a
 * constant, which '*' cannot apply to. */
static bool parens_constant(checker *c, int q)
{
    int depth = 0;
    for (; q < c->last; q++) {
        token *k = &c->p->toks[q];
        if (k->kind == TOK_IDENT)
            return false;
        if (k->kind == TOK_PUNCT && k->end - k->start == 1) {
            char ch = c->p->text[k->start];
            depth += ch == '(' ? 1 : ch == ')' ? -1 : 0;
            if (!depth)
                return true;
        }
    }
    return false;
}

static void ck_postfix(checker *c, bool deref)
{
    /* only a name (a function, a macro) may be called */
    bool callable = c->q < c->last && c->p->toks[c->q].kind == TOK_IDENT;
    ck_primary(c, deref);
    while (!c->p->failed && c->q < c->last) {
        if (ck_punct(c, "(") && !callable) {
            ck_unexpected(c, "the expression: only a function can be called");
        } else if (ck_punct(c, "[")) {
            callable = false;
            c->q++;
            int saved = c->sizeof_depth;
            ck_expr(c);
            c->sizeof_depth = saved;
            if (!c->p->failed && !ck_punct(c, "]"))
                ck_unexpected(c, "the subscript: expected ']'");
            c->q++;
        } else if (ck_punct(c, "(")) {
            callable = false;
            c->q++;
            while (!c->p->failed && !ck_punct(c, ")")) {
                ck_cond(c);
                if (ck_punct(c, ","))
                    c->q++;
                else if (!c->p->failed && !ck_punct(c, ")"))
                    ck_unexpected(c, "the arguments: expected ',' or ')'");
            }
            c->q++;
        } else if (ck_punct(c, ".") || ck_punct(c, "->")) {
            c->q++;
            if (c->q >= c->last || c->p->toks[c->q].kind != TOK_IDENT)
                ck_expected(c, "a member name");
            c->q++;
        } else if (ck_punct(c, "++") || ck_punct(c, "--")) {
            c->q++;
        } else {
            return;
        }
    }
}

static void ck_unary(checker *c)
{
    static const char *ops[] = {"-", "+", "!", "~", "*", "&", "++", "--", NULL};
    for (int k = 0; ops[k]; k++)
        if (ck_punct(c, ops[k])) {
            bool deref = ops[k][0] == '*' || ops[k][0] == '&';
            if (ops[k][0] == '&' && !ops[k][1] && !c->p->any_type && !c->sizeof_depth) {
                lex_error(c->p, ck_here(c), "'&' gives an address, not a value");
                return;
            }
            c->q++;
            if (deref && c->q < c->last && (c->p->toks[c->q].kind == TOK_NUMBER ||
                                            (ck_punct(c, "(") && parens_constant(c, c->q)))) {
                lex_error(c->p, ck_here(c), "'*' cannot apply to a number");
                return;
            }
            if (deref && c->q < c->last && c->p->toks[c->q].kind == TOK_IDENT) {
                ck_postfix(c, true);
                return;
            }
            ck_unary(c);
            return;
        }
    if (ck_ident(c, c->q, "sizeof")) {
        c->q++;
        c->sizeof_depth++;
        if (ck_punct(c, "(") && type_name_end(c) > 0)
            c->q = type_name_end(c);
        else
            ck_unary(c);
        c->sizeof_depth--;
        return;
    }
    if (ck_punct(c, "(")) {
        int end = type_name_end(c);
        if (end > 0) {
            c->q = end;
            ck_unary(c);
            return;
        }
    }
    ck_postfix(c, false);
}

static bool ck_binary_op(checker *c)
{
    static const char *ops[] = {"*", "/", "%", "+", "-", "<<", ">>", "<", ">", "<=", ">=", "==",
                                "!=", "&", "^", "|", "&&", "||", NULL};
    for (int k = 0; ops[k]; k++)
        if (ck_punct(c, ops[k]))
            return true;
    return false;
}

static void ck_cond(checker *c)
{
    ck_unary(c);
    while (!c->p->failed && ck_binary_op(c)) {
        c->q++;
        ck_unary(c);
    }
    if (!c->p->failed && ck_punct(c, "?")) {
        c->q++;
        ck_expr(c);
        if (!c->p->failed && !ck_punct(c, ":"))
            ck_unexpected(c, "the expression: expected ':'");
        c->q++;
        ck_cond(c);
    }
}

static void ck_expr(checker *c)
{
    ck_cond(c);
    while (!c->p->failed && ck_punct(c, ",")) {
        c->q++;
        ck_cond(c);
    }
}

void expr_check(parser *p, int first, int last, const char *what)
{
    checker c = {p, first, last, 0};
    ck_cond(&c);
    if (!p->failed && c.q < last)
        lex_error(p, lex_loc(p, p->toks[c.q].start), "unexpected %s in %s",
                  lex_found_at(p, c.q), what);
}
