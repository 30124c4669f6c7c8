/* pragma.h: finding `#pragma dvm` lines in a source text (outside comments
 * and string literals), with line splices (backslash-newline) deleted. */
#ifndef CDVMH_PRAGMA_H
#define CDVMH_PRAGMA_H

#include <stddef.h>

typedef struct pragma_text {
    size_t start, end;              /* from '#' to the end of its last line (no newline) */
    unsigned line, col;             /* of '#' */
    char *body;                     /* after "dvm", splices deleted */
    unsigned *line_map, *col_map;   /* location of each body character */
} pragma_text;

/* Returns the number found; *out is an array to free with pragma_free. */
int pragma_find(const char *text, size_t len, pragma_text **out);
void pragma_free(pragma_text *p, int count);

#endif
