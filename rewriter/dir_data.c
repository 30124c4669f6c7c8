/* dir_data.c: the parsers of the directives that act on whole distributed
 * arrays: array_copy(DST = SRC), localize(REF => TARGET[][:]) and
 * unlocalize(REF, ...). The names go to d->names in their order. */
#include "alloc.h"
#include "dir_parser.h"

#include <stdlib.h>

/* An array name into d->names; false after an error. */
static bool push_name(parser *p, directive *d, const char *what)
{
    d->names = xrealloc(d->names, sizeof(char *) * (size_t)(d->name_count + 1));
    d->name_locs = xrealloc(d->name_locs, sizeof(dir_loc) * (size_t)(d->name_count + 1));
    d->names[d->name_count] = lex_expect_ident(p, what, &d->name_locs[d->name_count]);
    if (!d->names[d->name_count])
        return false;
    d->name_count++;
    return true;
}

void dir_parse_array_copy(parser *p, directive *d)
{
    if (!lex_expect(p, "(", "after 'array_copy'") ||
        !push_name(p, d, "the destination array's name") ||
        !lex_expect(p, "=", "between the destination and the source arrays") ||
        !push_name(p, d, "the source array's name"))
        return;
    lex_expect(p, ")", "to close 'array_copy'");
}

void dir_parse_localize(parser *p, directive *d)
{
    if (!lex_expect(p, "(", "after 'localize'") ||
        !push_name(p, d, "the name of the array of indices"))
        return;
    if (!lex_is_punct(p, "=")) {
        lex_error(p, lex_here(p), "expected '=>' after the array of indices, found %s", lex_found(p));
        return;
    }
    p->pos++;
    if (!lex_is_punct(p, ">")) {
        lex_error(p, lex_here(p), "expected '=>' after the array of indices, found %s", lex_found(p));
        return;
    }
    p->pos++;
    if (!push_name(p, d, "the name of the target array"))
        return;
    d->localize_axis = -1;
    dir_loc first = lex_here(p);
    while (!p->failed && lex_is_punct(p, "[")) {
        p->pos++;
        if (d->localize_rank == DIR_MAX_RANK) {
            lex_error(p, lex_here(p), "at most %d dimensions", DIR_MAX_RANK);
            return;
        }
        if (lex_is_punct(p, ":")) {
            if (d->localize_axis >= 0) {
                lex_error(p, lex_here(p), "only one dimension of the target may be marked ':'");
                return;
            }
            d->localize_axis = d->localize_rank;
            p->pos++;
        }
        d->localize_rank++;
        lex_expect(p, "]", "in the target ('[]' or '[:]')");
    }
    if (!p->failed && d->localize_rank && d->localize_axis < 0)
        lex_error(p, first, "one dimension of the target must be marked ':' (the one the "
                            "indices refer to)");
    if (d->localize_rank == 0)
        d->localize_axis = 0;
    lex_expect(p, ")", "to close 'localize'");
}

void dir_parse_unlocalize(parser *p, directive *d)
{
    if (!lex_expect(p, "(", "after 'unlocalize'"))
        return;
    for (;;) {
        if (!push_name(p, d, "the name of an array of indices"))
            return;
        if (!lex_is_punct(p, ","))
            break;
        p->pos++;
    }
    lex_expect(p, ")", "to close 'unlocalize'");
}
