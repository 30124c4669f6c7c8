/* pragma.c: the pragma scanner (see pragma.h). */
#include "alloc.h"
#include "pragma.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

/* The length of the line splice at i: a backslash and the end of the line,
 * '\n' or (a file with DOS line endings) "\r\n", which the preprocessor
 * deletes before anything else, even inside a word; 0 if there is none. */
static size_t splice_at(const char *t, size_t len, size_t i)
{
    if (i + 1 < len && t[i] == '\\' && t[i + 1] == '\n')
        return 2;
    if (i + 2 < len && t[i] == '\\' && t[i + 1] == '\r' && t[i + 2] == '\n')
        return 3;
    return 0;
}

/* The end of the logical line from i (its '\n', or len), counting the
 * physical lines its splices join. */
static size_t rest_of_line(const char *t, size_t len, size_t i, unsigned *line, size_t *line_start)
{
    while (i < len && t[i] != '\n') {
        size_t n = splice_at(t, len, i);
        if (n) {
            i += n;
            (*line)++;
            *line_start = i;
        } else {
            i++;
        }
    }
    return i;
}

static size_t skip_splices(const char *t, size_t len, size_t i)
{
    for (size_t n; (n = splice_at(t, len, i)) > 0;)
        i += n;
    return i;
}

/* Word w at i, splices allowed between its letters (pra\<newline>gma);
 * *after: the offset after it. */
static bool word_at(const char *t, size_t len, size_t i, const char *w, size_t *after)
{
    for (; *w; w++) {
        i = skip_splices(t, len, i);
        if (i >= len || t[i] != *w)
            return false;
        i++;
    }
    size_t next = skip_splices(t, len, i);
    if (next < len && (isalnum((unsigned char)t[next]) || t[next] == '_'))
        return false;
    *after = i;
    return true;
}

/* Skips blanks and line splices on one logical line. */
static size_t skip_blanks(const char *t, size_t len, size_t i)
{
    for (;;) {
        while (i < len && (t[i] == ' ' || t[i] == '\t'))
            i++;
        size_t n = splice_at(t, len, i);
        if (!n)
            return i;
        i += n;
    }
}

/* The end of the logical line that starts at i (its last character, not
 * the newline): backslash-newlines continue it, and so does a block comment
 * that spans lines, as in C, where comments become blanks before
 * directives are read. Strings are skipped so that no comment starts in
 * them. */
static size_t logical_line_end(const char *t, size_t len, size_t i)
{
    while (i < len && t[i] != '\n') {
        size_t n = splice_at(t, len, i);
        if (n) {
            i += n;
        } else if (t[i] == '/' && i + 1 < len && t[i + 1] == '*') {
            i += 2;
            while (i < len && !(t[i] == '*' && i + 1 < len && t[i + 1] == '/'))
                i++;
            i = i < len ? i + 2 : len;
        } else if (t[i] == '/' && i + 1 < len && t[i + 1] == '/') {
            /* to the end of the line, continuations included */
            while (i < len && t[i] != '\n')
                i += splice_at(t, len, i) ? splice_at(t, len, i) : 1;
        } else if (t[i] == '"' || t[i] == '\'') {
            char q = t[i++];
            while (i < len && t[i] != q && t[i] != '\n')
                i += splice_at(t, len, i) ? splice_at(t, len, i) : (t[i] == '\\' && i + 1 < len) ? 2 : 1;
            if (i < len && t[i] == q)
                i++;
        } else {
            i++;
        }
    }
    return i;
}

int pragma_find(const char *t, size_t len, pragma_text **out)
{
    int count = 0, cap = 0;
    pragma_text *list = NULL;
    unsigned line = 1;
    size_t line_start = 0;
    bool at_line_start = true;
    size_t i = 0;
    while (i < len) {
        char c = t[i];
        if (c == '\n') {
            line++;
            line_start = i + 1;
            at_line_start = true;
            i++;
            continue;
        }
        if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
            i++;
            continue;
        }
        if (c == '/' && i + 1 < len && t[i + 1] == '*') {
            i += 2;
            while (i + 1 < len && !(t[i] == '*' && t[i + 1] == '/')) {
                if (t[i] == '\n') {
                    line++;
                    line_start = i + 1;
                }
                i++;
            }
            i += 2;
            continue;
        }
        if (c == '/' && i + 1 < len && t[i + 1] == '/') {
            /* a splice continues the comment on the next line */
            i = rest_of_line(t, len, i, &line, &line_start);
            continue;
        }
        if (c == '"' || c == '\'') {
            i++;
            while (i < len && t[i] != c && t[i] != '\n') {
                size_t n = splice_at(t, len, i);
                if (n) {
                    i += n;
                    line++;
                    line_start = i;
                    continue;
                }
                if (t[i] == '\\')
                    i++;
                i++;
            }
            if (i < len && t[i] == c)
                i++;
            at_line_start = false;
            continue;
        }
        if (c == '#' && at_line_start) {
            size_t hash = i;
            size_t j = skip_blanks(t, len, i + 1);
            if (word_at(t, len, j, "pragma", &j)) {
                j = skip_blanks(t, len, j);
                if (word_at(t, len, j, "dvm", &j)) {
                    size_t end = logical_line_end(t, len, j);
                    list = xgrow(list, &cap, count + 1);
                    pragma_text *p = &list[count++];
                    p->start = hash;
                    p->end = end;
                    p->line = line;
                    p->col = (unsigned)(hash - line_start + 1);
                    size_t n = end - j;
                    p->body = xmalloc(n + 1);
                    p->line_map = xmalloc(sizeof(unsigned) * (n + 1));
                    p->col_map = xmalloc(sizeof(unsigned) * (n + 1));
                    size_t k = 0;
                    unsigned l = line;
                    size_t ls = line_start;
                    for (size_t q = j; q < end; q++) {
                        size_t splice = splice_at(t, len, q);
                        if (splice) {
                            /* deleted, as the preprocessor does: 'reduc\' and
                             * 'tion' on the next line are one word; the
                             * characters after it keep their own places */
                            q += splice - 1;
                            l++;
                            ls = q + 1;
                            continue;
                        }
                        if (t[q] == '\n') {
                            /* inside a block comment that spans lines */
                            p->body[k] = ' ';
                            p->line_map[k] = l;
                            p->col_map[k++] = (unsigned)(q - ls + 1);
                            l++;
                            ls = q + 1;
                            continue;
                        }
                        p->body[k] = t[q] == '\t' || t[q] == '\r' ? ' ' : t[q];
                        p->line_map[k] = l;
                        p->col_map[k++] = (unsigned)(q - ls + 1);
                    }
                    p->body[k] = 0;
                    p->line_map[k] = l;
                    p->col_map[k] = (unsigned)(end - ls + 1);
                    line = l;
                    line_start = ls;
                    i = end;
                    continue;
                }
            }
            /* another directive: skip its logical line */
            i = rest_of_line(t, len, i, &line, &line_start);
            continue;
        }
        at_line_start = false;
        i++;
    }
    *out = list;
    return count;
}

void pragma_free(pragma_text *p, int count)
{
    for (int k = 0; k < count; k++) {
        free(p[k].body);
        free(p[k].line_map);
        free(p[k].col_map);
    }
    free(p);
}
