/* dir_affine.c: a mapping subscript as a*v+b, for the subscripts the
 * quick forms of dir_clause.c do not take: parentheses ('(i)', '2*(i+1)'),
 * unary signs, sums and products with the variable on either side, and
 * the program's macros that bring the variable ('A[IDX(i)]' with
 * '#define IDX(i) ((i) + OFF)', or an object-like macro naming it),
 * expanded as the preprocessor would (arguments substituted as they are;
 * a macro is not expanded again inside its own expansion). Macros that
 * bring no loop variable stay as they are written. */
#include "alloc.h"
#include "dir_parser.h"
#include "strbuf.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct atok {
    tok_kind kind;
    char *text;
} atok;

typedef struct alist {
    atok *t;
    int n, cap;
} alist;

/* One of a and b: an integer when lit, else a C expression */
typedef struct term {
    bool lit;
    long long v;
    char *text;
} term;

typedef struct lin {
    term a, b;
} lin;

typedef struct affine {
    parser *p;
    char *const *vars;
    int var_count;
    const char *var;                /* the variable of the subscript */
    const char *active[32];         /* macros being expanded */
    int nactive;
    bool failed;
} affine;

static void al_add(alist *l, tok_kind kind, const char *text)
{
    l->t = xgrow(l->t, &l->cap, l->n + 1);
    l->t[l->n].kind = kind;
    l->t[l->n++].text = xstrdup(text);
}

static void al_free(alist *l)
{
    for (int k = 0; k < l->n; k++)
        free(l->t[k].text);
    free(l->t);
    memset(l, 0, sizeof *l);
}

static bool is_punct(const atok *t, const char *s)
{
    return t->kind == TOK_PUNCT && !strcmp(t->text, s);
}

static bool is_var(const affine *f, const atok *t)
{
    if (t->kind != TOK_IDENT)
        return false;
    for (int k = 0; k < f->var_count; k++)
        if (f->vars[k] && !strcmp(f->vars[k], t->text))
            return true;
    return false;
}

static bool mentions_var(const affine *f, const alist *l, int lo, int hi)
{
    for (int k = lo; k < hi; k++)
        if (is_var(f, &l->t[k]))
            return true;
    return false;
}

static tok_kind kind_of_text(const char *s)
{
    if ((s[0] >= 'a' && s[0] <= 'z') || (s[0] >= 'A' && s[0] <= 'Z') || s[0] == '_')
        return TOK_IDENT;
    if ((s[0] >= '0' && s[0] <= '9') || (s[0] == '.' && s[1] >= '0' && s[1] <= '9'))
        return TOK_NUMBER;
    if (s[0] == '"' || s[0] == '\'')
        return TOK_STRING;
    return TOK_PUNCT;
}

static void expand(affine *f, const alist *in, alist *out);

/* The invocation of macro m at in->t[*at] (advanced past it) expanded into
 * out; false when it is not one (a function-like name without '(') or
 * cannot be (# or ##, variadic, nested too deep). */
static bool expand_macro(affine *f, const alist *in, int *at, const dir_macro *m, alist *out)
{
    int q = *at + 1;
    alist args[DIR_MACRO_MAX_PARAMS];
    int nargs = 0;
    memset(args, 0, sizeof args);
    if (m->function_like) {
        if (q >= in->n || !is_punct(&in->t[q], "("))
            return false;
        q++;
        int depth = 0;
        alist cur = {0};
        for (; q < in->n; q++) {
            const atok *t = &in->t[q];
            if (depth == 0 && (is_punct(t, ",") || is_punct(t, ")"))) {
                if (nargs == DIR_MACRO_MAX_PARAMS) {
                    al_free(&cur);
                    break;
                }
                args[nargs++] = cur;
                memset(&cur, 0, sizeof cur);
                if (is_punct(t, ")"))
                    break;
                continue;
            }
            if (is_punct(t, "(") || is_punct(t, "["))
                depth++;
            else if (is_punct(t, ")") || is_punct(t, "]"))
                depth--;
            al_add(&cur, t->kind, t->text);
        }
        al_free(&cur);
        bool fits = q < in->n && is_punct(&in->t[q], ")") &&
                    (nargs == m->nparams || (m->nparams == 0 && nargs == 1 && !args[0].n));
        if (!fits) {
            for (int k = 0; k < nargs; k++)
                al_free(&args[k]);
            return false;
        }
        q++;
    }
    /* the arguments are expanded before substitution */
    for (int k = 0; k < nargs; k++) {
        alist e = {0};
        expand(f, &args[k], &e);
        al_free(&args[k]);
        args[k] = e;
    }
    alist body = {0};
    for (int k = 0; k < m->nbody; k++) {
        int param = -1;
        for (int j = 0; j < m->nparams; j++)
            if (!strcmp(m->body[k], m->params[j]))
                param = j;
        if (param >= 0) {
            for (int j = 0; j < args[param].n; j++)
                al_add(&body, args[param].t[j].kind, args[param].t[j].text);
        } else {
            al_add(&body, kind_of_text(m->body[k]), m->body[k]);
        }
    }
    for (int k = 0; k < nargs; k++)
        al_free(&args[k]);
    f->active[f->nactive++] = in->t[*at].text;
    expand(f, &body, out);
    f->nactive--;
    al_free(&body);
    *at = q;
    return true;
}

/* in with the macros that bring a loop variable expanded. */
static void expand(affine *f, const alist *in, alist *out)
{
    const dir_scope *s = f->p->scope;
    for (int k = 0; k < in->n;) {
        const atok *t = &in->t[k];
        dir_macro m;
        bool active = false;
        for (int j = 0; j < f->nactive; j++)
            active |= !strcmp(f->active[j], t->text);
        if (t->kind != TOK_IDENT || active || is_var(f, t) || !s || !s->macro ||
            f->nactive == (int)(sizeof f->active / sizeof f->active[0]) ||
            !s->macro(s->ctx, t->text, &m)) {
            al_add(out, t->kind, t->text);
            k++;
            continue;
        }
        bool hashes = false;
        for (int j = 0; j < m.nbody; j++)
            hashes |= m.body[j][0] == '#';
        alist e = {0};
        int next = k;
        if (!hashes && expand_macro(f, in, &next, &m, &e) && mentions_var(f, &e, 0, e.n)) {
            for (int j = 0; j < e.n; j++)
                al_add(out, e.t[j].kind, e.t[j].text);
            k = next;
        } else {
            al_add(out, t->kind, t->text);
            k++;
        }
        al_free(&e);
        dir_macro_free(&m);
    }
}

static term t_lit(long long v)
{
    return (term){true, v, NULL};
}

static char *t_str(const term *t)
{
    return t->lit ? str_printf("%lld", t->v) : xstrdup(t->text);
}

static void t_free(term *t)
{
    free(t->text);
    t->text = NULL;
}

/* (x) op (y) as text (both consumed) */
static term t_join(term x, const char *op, term y)
{
    char *a = t_str(&x), *b = t_str(&y);
    term r = {false, 0, str_printf("(%s) %s (%s)", a, op, b)};
    free(a);
    free(b);
    t_free(&x);
    t_free(&y);
    return r;
}

/* x + y (both consumed) */
static term t_add(term x, term y)
{
    long long s;
    if (x.lit && y.lit && !__builtin_add_overflow(x.v, y.v, &s))
        return t_lit(s);
    if (x.lit && x.v == 0) {
        t_free(&x);
        return y;
    }
    if (y.lit && y.v == 0) {
        t_free(&y);
        return x;
    }
    return t_join(x, "+", y);
}

static term t_neg(term x)
{
    if (x.lit && x.v != LLONG_MIN)
        return t_lit(-x.v);
    char *a = t_str(&x);
    term r = {false, 0, str_printf("-(%s)", a)};
    free(a);
    t_free(&x);
    return r;
}

static term t_mul(term x, term y)
{
    long long s;
    if (x.lit && y.lit && !__builtin_mul_overflow(x.v, y.v, &s))
        return t_lit(s);
    if ((x.lit && x.v == 0) || (y.lit && y.v == 0)) {
        t_free(&x);
        t_free(&y);
        return t_lit(0);
    }
    if (x.lit && x.v == 1) {
        t_free(&x);
        return y;
    }
    if (y.lit && y.v == 1) {
        t_free(&y);
        return x;
    }
    return t_join(x, "*", y);
}

static term t_copy(const term *t)
{
    return (term){t->lit, t->v, t->text ? xstrdup(t->text) : NULL};
}

/* A range without the variable: its text (an integer when it is one). */
static lin lin_const(const alist *l, int lo, int hi)
{
    if (hi - lo == 1 && l->t[lo].kind == TOK_NUMBER) {
        char *end;
        long long v = strtoll(l->t[lo].text, &end, 10);
        if (!*end && l->t[lo].text[0] != '0')
            return (lin){t_lit(0), t_lit(v)};
        if (!strcmp(l->t[lo].text, "0"))
            return (lin){t_lit(0), t_lit(0)};
    }
    strbuf b = {0};
    for (int k = lo; k < hi; k++)
        sb_printf(&b, "%s%s", k > lo ? " " : "", l->t[k].text);
    return (lin){t_lit(0), (term){false, 0, sb_take(&b)}};
}

static void lin_free(lin *x)
{
    t_free(&x->a);
    t_free(&x->b);
}

static bool operand_end(const atok *t)
{
    return t->kind == TOK_IDENT || t->kind == TOK_NUMBER || t->kind == TOK_STRING ||
           is_punct(t, ")") || is_punct(t, "]");
}

static lin lin_of(affine *f, const alist *l, int lo, int hi);

static lin lin_fail(affine *f)
{
    f->failed = true;
    return (lin){t_lit(0), t_lit(0)};
}

static lin lin_of(affine *f, const alist *l, int lo, int hi)
{
    if (f->failed || lo >= hi)
        return lin_fail(f);
    if (!mentions_var(f, l, lo, hi))
        return lin_const(l, lo, hi);
    /* ( e ) */
    if (is_punct(&l->t[lo], "(")) {
        int depth = 0, k = lo;
        for (; k < hi; k++) {
            if (is_punct(&l->t[k], "(") || is_punct(&l->t[k], "["))
                depth++;
            else if (is_punct(&l->t[k], ")") || is_punct(&l->t[k], "]"))
                depth--;
            if (!depth)
                break;
        }
        if (k == hi - 1)
            return lin_of(f, l, lo + 1, hi - 1);
    }
    /* the operators at depth 0: + and - split first (the last one), then
     * * / %; any other operator there (a shift, a comparison, ?:) makes
     * the range something else */
    int depth = 0, add = -1, mul = -1;
    for (int k = lo; k < hi; k++) {
        const atok *t = &l->t[k];
        if (is_punct(t, "(") || is_punct(t, "[")) {
            depth++;
            continue;
        }
        if (is_punct(t, ")") || is_punct(t, "]")) {
            depth--;
            continue;
        }
        if (depth || t->kind != TOK_PUNCT)
            continue;
        bool binary = k > lo && operand_end(&l->t[k - 1]);
        if ((is_punct(t, "+") || is_punct(t, "-")) && binary)
            add = k;
        else if ((is_punct(t, "*") || is_punct(t, "/") || is_punct(t, "%")) && binary)
            mul = k;
        else if (binary || !(is_punct(t, "+") || is_punct(t, "-")))
            return lin_fail(f);
    }
    if (add >= 0) {
        lin x = lin_of(f, l, lo, add), y = lin_of(f, l, add + 1, hi);
        if (is_punct(&l->t[add], "-")) {
            y.a = t_neg(y.a);
            y.b = t_neg(y.b);
        }
        return (lin){t_add(x.a, y.a), t_add(x.b, y.b)};
    }
    if (mul >= 0) {
        if (!is_punct(&l->t[mul], "*"))
            return lin_fail(f); /* a quotient or remainder of the variable */
        lin x = lin_of(f, l, lo, mul), y = lin_of(f, l, mul + 1, hi);
        if (f->failed || (!(x.a.lit && x.a.v == 0) && !(y.a.lit && y.a.v == 0))) {
            lin_free(&x);
            lin_free(&y);
            return lin_fail(f);
        }
        if (!(x.a.lit && x.a.v == 0)) {
            lin t = x;
            x = y;
            y = t;
        }
        /* x is the constant c: c * (a v + b) */
        term c = x.b;
        lin r = {t_mul(t_copy(&c), y.a), t_mul(t_copy(&c), y.b)};
        t_free(&c);
        t_free(&x.a);
        return r;
    }
    if (is_punct(&l->t[lo], "+"))
        return lin_of(f, l, lo + 1, hi);
    if (is_punct(&l->t[lo], "-")) {
        lin x = lin_of(f, l, lo + 1, hi);
        return (lin){t_neg(x.a), t_neg(x.b)};
    }
    if (hi - lo == 1 && is_var(f, &l->t[lo]))
        return (lin){t_lit(1), t_lit(0)};
    return lin_fail(f);
}

/* The parser's tokens first..last-1 (raw) and with the macros that bring
 * a variable expanded (l). */
static void affine_tokens(affine *f, int first, int last, alist *raw, alist *l)
{
    for (int k = first; k < last; k++) {
        char *t = lex_text(f->p, &f->p->toks[k]);
        al_add(raw, f->p->toks[k].kind, t);
        free(t);
    }
    expand(f, raw, l);
}

int affine_macro_vars(parser *p, int first, int last, char *const *vars, int var_count)
{
    affine f = {.p = p, .vars = vars, .var_count = var_count};
    alist raw = {0}, l = {0};
    affine_tokens(&f, first, last, &raw, &l);
    int before = 0, after = 0;
    for (int k = 0; k < raw.n; k++)
        before += is_var(&f, &raw.t[k]);
    for (int k = 0; k < l.n; k++)
        after += is_var(&f, &l.t[k]);
    al_free(&raw);
    al_free(&l);
    return after - before;
}

int affine_index(parser *p, int first, int last, char *const *vars, int var_count, char **var,
                 char **a, char **b)
{
    affine f = {.p = p, .vars = vars, .var_count = var_count};
    alist raw = {0}, l = {0};
    affine_tokens(&f, first, last, &raw, &l);
    al_free(&raw);
    *var = NULL;
    int result = AFFINE_CONST;
    for (int k = 0; k < l.n; k++)
        if (is_var(&f, &l.t[k])) {
            if (*var && strcmp(*var, l.t[k].text)) {
                result = AFFINE_TWO_VARS;
                break;
            }
            if (!*var)
                *var = xstrdup(l.t[k].text);
        }
    if (result == AFFINE_CONST && *var) {
        f.var = *var;
        lin x = lin_of(&f, &l, 0, l.n);
        if (f.failed || (x.a.lit && x.a.v == 0)) {
            result = AFFINE_NOT;
        } else {
            result = AFFINE_LINEAR;
            *a = t_str(&x.a);
            *b = t_str(&x.b);
        }
        lin_free(&x);
    } else if (result == AFFINE_CONST) {
        lin x = lin_const(&l, 0, l.n);
        *b = t_str(&x.b);
        lin_free(&x);
    }
    al_free(&l);
    return result;
}
