/* diag.h: the rewriter's diagnostics, collected with their source
 * locations and reported together in source order. */
#ifndef CDVMH_DIAG_H
#define CDVMH_DIAG_H

#include "cdvmh.h"

typedef struct diag_list {
    cdvmh_diag *items;
    size_t count, capacity;
    int errors;
} diag_list;

void diag_add(diag_list *list, cdvmh_severity severity, const char *file, unsigned line,
              unsigned column, const char *fmt, ...) __attribute__((format(printf, 6, 7)));
#define diag_error(list, file, line, column, ...) \
    diag_add((list), CDVMH_ERROR, (file), (line), (column), __VA_ARGS__)

/* Moves the diagnostics, sorted by location, into out. */
void diag_take(diag_list *list, cdvmh_output *out);
void diag_free(diag_list *list);

#endif
