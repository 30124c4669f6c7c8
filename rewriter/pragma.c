/* pragma.c: the pragma scanner (see pragma.h). */
#include "alloc.h"
#include "pragma.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

static bool word_at(const char *t, size_t len, size_t i, const char *w)
{
    size_t n = strlen(w);
    return i + n <= len && !strncmp(t + i, w, n) &&
           (i + n == len || !(isalnum((unsigned char)t[i + n]) || t[i + n] == '_'));
}

/* Skips blanks and backslash-newlines on one logical line. */
static size_t skip_blanks(const char *t, size_t len, size_t i)
{
    for (;;) {
        while (i < len && (t[i] == ' ' || t[i] == '\t'))
            i++;
        if (i + 1 < len && t[i] == '\\' && t[i + 1] == '\n')
            i += 2;
        else
            return i;
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
        if (t[i] == '\\' && i + 1 < len && t[i + 1] == '\n') {
            i += 2;
        } else if (t[i] == '/' && i + 1 < len && t[i + 1] == '*') {
            i += 2;
            while (i < len && !(t[i] == '*' && i + 1 < len && t[i + 1] == '/'))
                i++;
            i = i < len ? i + 2 : len;
        } else if (t[i] == '/' && i + 1 < len && t[i + 1] == '/') {
            /* to the end of the line, continuations included */
            while (i < len && t[i] != '\n')
                i += (t[i] == '\\' && i + 1 < len && t[i + 1] == '\n') ? 2 : 1;
        } else if (t[i] == '"' || t[i] == '\'') {
            char q = t[i++];
            while (i < len && t[i] != q && t[i] != '\n')
                i += (t[i] == '\\' && i + 1 < len) ? 2 : 1;
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
            while (i < len && t[i] != '\n')
                i++;
            continue;
        }
        if (c == '"' || c == '\'') {
            i++;
            while (i < len && t[i] != c && t[i] != '\n') {
                if (t[i] == '\\')
                    i++;
                i++;
            }
            i++;
            at_line_start = false;
            continue;
        }
        if (c == '#' && at_line_start) {
            size_t hash = i;
            size_t j = skip_blanks(t, len, i + 1);
            if (word_at(t, len, j, "pragma")) {
                j = skip_blanks(t, len, j + 6);
                if (word_at(t, len, j, "dvm")) {
                    j += 3;
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
                        if (t[q] == '\\' && q + 1 < end + 1 && t[q + 1] == '\n') {
                            p->body[k] = ' ';
                            p->line_map[k] = l;
                            p->col_map[k++] = (unsigned)(q - ls + 1);
                            q++;
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
            while (i < len && t[i] != '\n') {
                if (t[i] == '\\' && i + 1 < len && t[i + 1] == '\n') {
                    i++;
                    line++;
                    line_start = i + 1;
                }
                i++;
            }
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
