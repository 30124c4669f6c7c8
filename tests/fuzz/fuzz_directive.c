/* libFuzzer target: the directive parser on the text after `#pragma dvm`.
 * The first byte picks whether names are checked in a scope (and the scope
 * classifies each name by its first letter, so every kind of name occurs);
 * the rest is the directive text, as if it followed "#pragma dvm " on line
 * 1. Any input must give a directive or diagnostics located in the text:
 * never a crash, a hang or a leak. */
#include "directive.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static dir_name_kind lookup(void *ctx, const char *name)
{
    (void)ctx;
    switch (name[0] % 6) {
    case 0: return DIR_NAME_NONE;
    case 1: return DIR_NAME_VALUE;
    case 2: return DIR_NAME_ADDRESS;
    case 3: return DIR_NAME_FUNCTION;
    case 4: return DIR_NAME_RECORD;
    default: return DIR_NAME_OTHER;
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1 || size > 4096)
        return 0;
    bool scoped = data[0] & 1;
    data++;
    size--;
    /* the rewriter hands over a C string: no NUL inside */
    char *text = malloc(size + 1);
    unsigned *lines = malloc((size + 1) * sizeof *lines);
    unsigned *cols = malloc((size + 1) * sizeof *cols);
    size_t n = 0;
    for (size_t k = 0; k < size; k++)
        if (data[k])
            text[n++] = (char)data[k];
    text[n] = 0;
    for (size_t k = 0; k <= n; k++) {
        lines[k] = 1;
        cols[k] = (unsigned)(13 + k);
    }
    diag_list diags = {0};
    dir_scope scope = {lookup, NULL};
    directive *d = dir_parse_in(text, lines, cols, "fuzz.c", &diags, scoped ? &scope : NULL);
    if (d && diags.errors)
        abort();        /* an error must not leave a directive */
    if (!d && !diags.errors)
        abort();        /* nor a failure without an error */
    /* every message points into the directive: line 1, from its first
     * column to just past its end */
    for (size_t k = 0; k < diags.count; k++)
        if (diags.items[k].line != 1 || diags.items[k].column < 13 ||
            diags.items[k].column > 13 + n)
            abort();
    if (d)
        dir_free(d);
    diag_free(&diags);
    free(text);
    free(lines);
    free(cols);
    return 0;
}
