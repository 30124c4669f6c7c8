/* edit.h: text edits of the original source. An edit replaces a range by
 * pieces: literal text, or other ranges of the source rendered with their
 * own edits (so rewrites nest: an array reference inside an index of
 * another). A #line marker follows every edit that changes the number of
 * lines, so the rest of the file keeps the user's line numbers. */
#ifndef CDVMH_EDIT_H
#define CDVMH_EDIT_H

#include "strbuf.h"

#include <stdbool.h>
#include <stddef.h>

typedef struct edit_piece {
    char *literal;                  /* NULL: the source range [start, end) */
    size_t start, end;
} edit_piece;

typedef struct edit {
    size_t start, end;
    edit_piece *pieces;
    int count;
    int seq;
} edit;

typedef struct edit_list {
    const char *text;               /* the original source */
    size_t text_len;
    const char *file;               /* for #line markers */
    edit *items;
    int count, capacity;
    bool sorted;
} edit_list;

/* Starts an edit of [start, end) (start == end: an insertion). */
edit *edit_begin(edit_list *l, size_t start, size_t end);
void edit_lit(edit *e, const char *s);
void edit_litf(edit *e, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void edit_range(edit *e, size_t start, size_t end);
/* Whether some edit already starts exactly at [start, end). */
bool edit_exists(const edit_list *l, size_t start, size_t end);

/* Wraps [start, end) (an expression) in prefix and suffix: around the
 * edit that already replaces exactly that range, if there is one (two
 * edits of one range would expand each other without end). */
void edit_wrap(edit_list *l, size_t start, size_t end, const char *prefix, const char *suffix);

/* The text of [start, end) with every edit inside it applied. */
void edit_render(edit_list *l, strbuf *out, size_t start, size_t end, bool line_markers);
unsigned edit_line_of(const edit_list *l, size_t offset);
void edit_list_free(edit_list *l);

#endif
