/* ast.h: the main file's syntax tree as a flat array of libclang cursors
 * with parent/child links and file offsets, plus the questions the code
 * generator asks of it (declarations in scope, types, tokens). */
#ifndef CDVMH_AST_H
#define CDVMH_AST_H

#include <clang-c/Index.h>
#include <stdbool.h>
#include <stddef.h>

typedef struct node {
    CXCursor cursor;
    enum CXCursorKind kind;
    size_t start, end;              /* offsets in the main file */
    bool from_macro;                /* extent comes out of a macro expansion */
    /* a file-scope variable declared in an included header (headers.c):
     * start = end = the main file's #include through which it came */
    bool foreign;
    int header;                     /* foreign: its header (headers.c's table) */
    size_t hstart;                  /* foreign: its offset in that header */
    int parent;                     /* -1: the translation unit */
    int first_child, next_sibling;  /* -1: none */
} node;

typedef struct ast {
    CXTranslationUnit tu;
    CXFile file;
    const char *text;
    size_t text_len;
    node *nodes;
    int count, capacity;
} ast;

void ast_build(ast *a);
/* Adds a file-scope declaration of an included header (see node). */
int ast_add_foreign(ast *a, CXCursor c, size_t at, int header, size_t hstart);
/* Whether offset of file lies in a range the preprocessor skipped. */
bool ast_in_skipped_range(CXTranslationUnit tu, CXFile file, size_t offset);
void ast_free(ast *a);

/* The 1-based line and column of offset in text (len bytes), and of an
 * offset of the main file. */
void text_line_col(const char *text, size_t len, size_t offset, unsigned *line, unsigned *col);
void ast_line_col(const ast *a, size_t offset, unsigned *line, unsigned *col);
char *ast_text(const ast *a, size_t start, size_t end);
/* The node of the main file's definition of function f (a declaration or
 * a reference's target), or -1. */
int ast_function_definition(const ast *a, CXCursor f);
/* A node out of a macro expansion that stands in one of the macro's
 * arguments in the main file (A[i][j] in Max(A[i][j], e)): the range of
 * that text, which every expansion of the argument shares. spelled: its
 * first and last tokens must be written there (a reference), else other
 * macros may expand within it (a subscript N - 1 - i). False for a node
 * of a macro's definition, one across arguments, or one not from a macro
 * at all. */
bool ast_macro_arg_range(const ast *a, int n, bool spelled, size_t *start, size_t *end);
/* The text of reference ref and of its count subscripts idx: where they
 * stand, or, inside a macro, where the macro's argument spells them
 * (ast_macro_arg_range, the subscripts within the reference); false when
 * a macro's definition spells them. */
bool ast_reference_text(const ast *a, int ref, const int *idx, int count, size_t *rs, size_t *re,
                        size_t *is, size_t *ie);
char *ast_spelling(const node *n);
char *type_spelling(CXType t);
/* The node declaring what a reference names (canonical), or -1. */
int ast_referenced(const ast *a, int n);
int ast_find_decl(const ast *a, CXCursor decl);
/* The declaration of a variable named name visible at offset, or -1. */
int ast_lookup(const ast *a, const char *name, size_t offset);
/* The nearest ancestor of n of the given kind, or -1. */
int ast_ancestor(const ast *a, int n, enum CXCursorKind kind);
/* The parent of n, skipping implicit casts and parentheses upwards: the
 * expression that really contains n. */
int ast_real_parent(const ast *a, int n);
/* The child of p on the way down to n. */
int ast_child_towards(const ast *a, int p, int n);
/* The offset of the label goto statement j jumps to. */
size_t ast_goto_target(const ast *a, int j);
/* The full chain of [] on the reference ref: its top subscript node (ref
 * itself when there is none); idx receives up to max index nodes, *subs
 * the number of subscripts. */
int ast_subscript_chain(const ast *a, int ref, int *idx, int max, int *subs);
int ast_nth_child(const ast *a, int n, int index);
int ast_last_child(const ast *a, int n);
int ast_child_count(const ast *a, int n);
/* Skips blanks and comments forward from offset. */
size_t ast_skip_blanks(const ast *a, size_t offset);
/* The end of a statement, including the ';' that ends an expression. */
size_t ast_stmt_end(const ast *a, int n);

#endif
