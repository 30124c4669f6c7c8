/* edit.c: the edit list and its rendering (see edit.h). */
#include "alloc.h"
#include "edit.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

edit *edit_begin(edit_list *l, size_t start, size_t end)
{
    l->items = xgrow(l->items, &l->capacity, l->count + 1);
    edit *e = &l->items[l->count];
    memset(e, 0, sizeof *e);
    e->start = start;
    e->end = end;
    e->seq = l->count++;
    l->sorted = false;
    return e;
}

static void add_piece(edit *e, edit_piece p)
{
    e->pieces = xrealloc(e->pieces, sizeof(edit_piece) * (size_t)(e->count + 1));
    e->pieces[e->count++] = p;
}

void edit_lit(edit *e, const char *s)
{
    add_piece(e, (edit_piece){xstrdup(s), 0, 0});
}

void edit_litf(edit *e, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *text = str_vprintf(fmt, ap);
    va_end(ap);
    add_piece(e, (edit_piece){text, 0, 0});
}

void edit_range(edit *e, size_t start, size_t end)
{
    add_piece(e, (edit_piece){NULL, start, end});
}

bool edit_exists(const edit_list *l, size_t start, size_t end)
{
    for (int k = 0; k < l->count; k++)
        if (l->items[k].start == start && l->items[k].end == end)
            return true;
    return false;
}

/* Insertions first at a position, then the widest replacement, then the
 * order in which they were made. */
static int edit_order(const void *pa, const void *pb)
{
    const edit *a = pa, *b = pb;
    if (a->start != b->start)
        return a->start < b->start ? -1 : 1;
    bool ia = a->start == a->end, ib = b->start == b->end;
    if (ia != ib)
        return ia ? -1 : 1;
    if (a->end != b->end)
        return a->end > b->end ? -1 : 1;
    return a->seq < b->seq ? -1 : 1;
}

unsigned edit_line_of(const edit_list *l, size_t offset)
{
    unsigned line = 1;
    for (size_t k = 0; k < offset && k < l->text_len; k++)
        if (l->text[k] == '\n')
            line++;
    return line;
}

static size_t count_newlines(const char *s, size_t n)
{
    size_t c = 0;
    for (size_t k = 0; k < n; k++)
        c += s[k] == '\n';
    return c;
}

static void render(edit_list *l, strbuf *out, size_t start, size_t end, bool line_markers,
                   int expanding);

void edit_render(edit_list *l, strbuf *out, size_t start, size_t end, bool line_markers)
{
    render(l, out, start, end, line_markers, -1);
}

/* expanding: the edit whose range pieces are being rendered; a piece may
 * cover that edit's own range, and must then not expand it again. */
static void render(edit_list *l, strbuf *out, size_t start, size_t end, bool line_markers,
                   int expanding)
{
    if (!l->sorted) {
        if (l->count > 0)   /* no edits: items is NULL, which qsort must not get */
            qsort(l->items, (size_t)l->count, sizeof(edit), edit_order);
        l->sorted = true;
    }
    size_t pos = start;
    for (int k = 0; k < l->count; k++) {
        edit *e = &l->items[k];
        if (e->seq == expanding || e->start < pos || e->end > end ||
            e->start >= end + (e->start == e->end ? 1 : 0))
            continue;
        if (e->start == e->end && e->start == end && end != start)
            continue;
        sb_addn(out, l->text + pos, e->start - pos);
        size_t before = out->len;
        for (int p = 0; p < e->count; p++) {
            if (e->pieces[p].literal)
                sb_add(out, e->pieces[p].literal);
            else
                render(l, out, e->pieces[p].start, e->pieces[p].end, false, e->seq);
        }
        size_t made = count_newlines(out->s + before, out->len - before);
        size_t had = count_newlines(l->text + e->start, e->end - e->start);
        if (line_markers && made != had) {
            sb_printf(out, "\n#line %u \"%s\"\n", edit_line_of(l, e->end), l->file);
            /* the rest of the original line keeps its column roughly */
            size_t ls = e->end;
            while (ls > 0 && l->text[ls - 1] != '\n')
                ls--;
            for (size_t c = ls; c < e->end; c++)
                sb_addn(out, l->text[c] == '\t' ? "\t" : " ", 1);
        }
        pos = e->end;
    }
    sb_addn(out, l->text + pos, end - pos);
}

void edit_list_free(edit_list *l)
{
    for (int k = 0; k < l->count; k++) {
        for (int p = 0; p < l->items[k].count; p++)
            free(l->items[k].pieces[p].literal);
        free(l->items[k].pieces);
    }
    free(l->items);
    l->items = NULL;
    l->count = l->capacity = 0;
}

void edit_wrap(edit_list *l, size_t start, size_t end, const char *prefix, const char *suffix)
{
    for (int k = 0; k < l->count; k++) {
        edit *e = &l->items[k];
        if (e->start != start || e->end != end || start == end)
            continue;
        e->pieces = xrealloc(e->pieces, sizeof(edit_piece) * (size_t)(e->count + 2));
        memmove(e->pieces + 1, e->pieces, sizeof(edit_piece) * (size_t)e->count);
        e->pieces[0] = (edit_piece){xstrdup(prefix), 0, 0};
        e->pieces[e->count + 1] = (edit_piece){xstrdup(suffix), 0, 0};
        e->count += 2;
        return;
    }
    edit *e = edit_begin(l, start, end);
    edit_lit(e, prefix);
    edit_range(e, start, end);
    edit_lit(e, suffix);
}
