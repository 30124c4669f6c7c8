/* libFuzzer target: the directive parser on the text after `#pragma dvm`.
 * The first byte picks whether names are checked in a scope (and the scope
 * classifies each name by its first letter, so every kind of name occurs);
 * the rest is the directive text, as if it followed "#pragma dvm " on line
 * 1. Names starting with M are macros of the scope (function-like with
 * parameters x and y when the name ends in F; a body that brings x, y, i,
 * j, the macro itself, a '#', or other macros). Any input must give a directive or diagnostics located in the text:
 * never a crash, a hang or a leak. */
#include "directive.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static dir_name_kind lookup(void *ctx, const char *name)
{
    (void)ctx;
    if (name[0] == 'M')
        return DIR_NAME_OTHER;
    switch (name[0] % 7) {
    case 0: return DIR_NAME_NONE;
    case 1: return DIR_NAME_VALUE;
    case 2: return DIR_NAME_ADDRESS;
    case 3: return DIR_NAME_FUNCTION;
    case 4: return DIR_NAME_RECORD;
    case 5: return DIR_NAME_TYPE;
    default: return DIR_NAME_OTHER;
    }
}

static char *dup(const char *s)
{
    size_t n = strlen(s) + 1;
    return memcpy(malloc(n), s, n);
}

static bool macro(void *ctx, const char *name, dir_macro *m)
{
    (void)ctx;
    static const char *const bodies[][7] = {
        {"(", "x", ")", "+", "1", NULL}, {"i", "*", "2", NULL}, {"x", "*", "y", NULL},
        {"Mself", "(", "x", ")", NULL}, {"#", "x", NULL}, {"MF", "(", "j", ",", "x", ")", NULL},
        {"-", "(", "y", ")", NULL}, {"x", "##", "y", NULL}};
    memset(m, 0, sizeof *m);
    if (name[0] != 'M')
        return false;
    size_t len = strlen(name);
    m->function_like = name[len - 1] == 'F' || !strcmp(name, "Mself");
    if (m->function_like) {
        m->params = malloc(2 * sizeof *m->params);
        m->params[m->nparams++] = dup("x");
        if (len % 2)
            m->params[m->nparams++] = dup("y");
    }
    const char *const *b = bodies[(unsigned char)name[len > 1 ? 1 : 0] % 8];
    m->body = malloc(7 * sizeof *m->body);
    for (; *b; b++)
        m->body[m->nbody++] = dup(*b);
    return true;
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
    dir_scope scope = {lookup, macro, NULL};
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
