/* dir_parser.h: the directive parser's state, shared by its three files. */
#ifndef CDVMH_DIR_PARSER_H
#define CDVMH_DIR_PARSER_H

#include "directive.h"

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
    int count, cap, pos;
    bool failed;                    /* after an error every call returns at once:
                                     * only the first error is reported */
    directive *d;
    const dir_scope *scope;         /* NULL: names are not checked */
    char *const *bound;             /* the variables a mapping index may use */
    int bound_count;
    bool any_type;                  /* the expression may be an array (genblock) */
} parser;

/* dir_lex.c: tokens, and questions about the current one */
void lex_tokens(parser *p);
token *lex_peek(parser *p);
dir_loc lex_loc(parser *p, size_t offset);
dir_loc lex_here(parser *p);
bool lex_is_punct(parser *p, const char *s);
bool lex_is_ident(parser *p, const char *s);
char *lex_text(parser *p, token *k);
void lex_error(parser *p, dir_loc l, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* The current token for "expected X, found Y" messages. */
const char *lex_found(parser *p);
const char *lex_found_at(parser *p, int index);
bool lex_expect(parser *p, const char *s, const char *context);
char *lex_expect_ident(parser *p, const char *what, dir_loc *loc);
/* An expression up to a stop punctuation at bracket depth 0: its text. */
char *lex_expression(parser *p, const char *stops, const char *what);

/* dir_expr.c: tokens first..last-1 must be one C expression whose names
 * the scope knows; what names it in messages. */
void expr_check(parser *p, int first, int last, const char *what);

/* dir_affine.c: tokens first..last-1 as a mapping subscript over one of
 * vars, with parentheses and the macros that bring a variable (expanded
 * through the parser's scope): AFFINE_LINEAR sets *var, *a, *b (a*var+b),
 * AFFINE_CONST *b (no variable), AFFINE_NOT: not of that form,
 * AFFINE_TWO_VARS: two variables. */
enum { AFFINE_LINEAR, AFFINE_CONST, AFFINE_NOT, AFFINE_TWO_VARS };
int affine_index(parser *p, int first, int last, char *const *vars, int var_count, char **var,
                 char **a, char **b);
/* How many more times the variables appear in first..last-1 once the
 * macros that bring them are expanded (0: no such macro). */
int affine_macro_vars(parser *p, int first, int last, char *const *vars, int var_count);

/* dir_clause.c: the pieces several directives share */
/* [lo:hi] / [e] / [] repeated: sections or widths; the rank. */
int clause_ranges(parser *p, dir_range *out, bool allow_empty, const char *what);
/* name[i][j]: a mapping reference whose subscripts use vars. */
bool clause_mapping_ref(parser *p, dir_ref *r, char *const *vars, int var_count);
/* [i][j] (or [] where allowed): names in brackets; their count. */
int clause_names(parser *p, char **names, dir_loc *locs, bool allow_empty);
void clause_distribute(parser *p, directive *d);
void clause_align(parser *p, directive *d, bool realign);
void clause_reduction(parser *p, directive *d);
void clause_refs(parser *p, dir_ref **list, int *count, char *const *vars, int var_count,
                 const char *clause);
/* (A, B[1:2], ...): variables with optional sections or widths. */
void clause_paren_vars(parser *p, dir_var_list *l, bool widths, bool allow_out, const char *clause);
/* name[expr]: a subtask of a task array. */
bool clause_subtask(parser *p, char **name, dir_loc *loc, char **index);
/* (lo : hi): procs, onto. */
void clause_colon_pair(parser *p, const char *clause, char **lo, char **hi, dir_loc *loc);

/* dir_data.c: array_copy(A = B), localize(R => T[][:]), unlocalize(R, ...) */
void dir_parse_array_copy(parser *p, directive *d);
void dir_parse_localize(parser *p, directive *d);
void dir_parse_unlocalize(parser *p, directive *d);
/* dir_shadow.c: shadow_add(T[e, ... with T[@v]] = "name") include_to(A, ...) */
void dir_parse_shadow_add(parser *p, directive *d);
/* "text" at the current token: its contents (NULL and an error if not a
 * string); what names it. */
char *lex_expect_string(parser *p, const char *what);

#endif
