/* diag.c: collecting diagnostics and printing them the way clang does. */
#include "alloc.h"
#include "diag.h"
#include "strbuf.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void diag_add(diag_list *list, cdvmh_severity severity, const char *file, unsigned line,
              unsigned column, const char *fmt, ...)
{
    if (list->count == list->capacity) {
        list->capacity = list->capacity ? list->capacity * 2 : 16;
        list->items = xrealloc(list->items, list->capacity * sizeof *list->items);
    }
    va_list ap;
    va_start(ap, fmt);
    cdvmh_diag *d = &list->items[list->count++];
    d->severity = severity;
    d->file = xstrdup(file ? file : "<input>");
    d->line = line;
    d->column = column;
    d->message = str_vprintf(fmt, ap);
    va_end(ap);
    if (severity == CDVMH_ERROR)
        list->errors++;
}

static int by_location(const void *pa, const void *pb)
{
    const cdvmh_diag *a = pa, *b = pb;
    if (a->line != b->line)
        return a->line < b->line ? -1 : 1;
    if (a->column != b->column)
        return a->column < b->column ? -1 : 1;
    return 0;
}

void diag_take(diag_list *list, cdvmh_output *out)
{
    if (list->count > 1)
        qsort(list->items, list->count, sizeof *list->items, by_location);
    out->diags = list->items;
    out->ndiags = list->count;
    list->items = NULL;
    list->count = list->capacity = 0;
}

void diag_free(diag_list *list)
{
    for (size_t k = 0; k < list->count; k++) {
        free(list->items[k].file);
        free(list->items[k].message);
    }
    free(list->items);
    list->items = NULL;
    list->count = list->capacity = 0;
}

static const char *severity_name(cdvmh_severity s)
{
    switch (s) {
    case CDVMH_REMARK: return "remark";
    case CDVMH_NOTE: return "note";
    case CDVMH_WARNING: return "warning";
    default: return "error";
    }
}

void cdvmh_print_diag(const cdvmh_diag *d, void *stdio_file)
{
    FILE *out = stdio_file;
    fprintf(out, "%s:%u:%u: %s: %s\n", d->file, d->line, d->column, severity_name(d->severity),
            d->message);
    FILE *src = fopen(d->file, "r");
    if (!src)
        return;
    char *buf = NULL;
    size_t cap = 0;
    unsigned line = 0;
    while (getline(&buf, &cap, src) >= 0) {
        if (++line == d->line) {
            size_t n = strcspn(buf, "\r\n");
            buf[n] = 0;
            fprintf(out, "%s\n", buf);
            for (unsigned c = 1; c < d->column && c <= n; c++)
                fputc(buf[c - 1] == '\t' ? '\t' : ' ', out);
            fputs("^\n", out);
            break;
        }
    }
    free(buf);
    fclose(src);
}
