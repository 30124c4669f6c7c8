/* reader.c: the token reader shared by the dvmh-map formats (map_reader.h). */
#include "map_reader.h"

#include <stdarg.h>
#include <stdlib.h>

void map_reader_init(map_reader *r, FILE *in, char *err, int errlen)
{
    r->in = in;
    r->line = 1;
    r->err = err;
    r->errlen = errlen;
}

int map_read_fail(map_reader *r, const char *fmt, ...)
{
    int n = snprintf(r->err, (size_t)r->errlen, "line %d: ", r->line);
    if (n >= 0 && n < r->errlen) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(r->err + n, (size_t)(r->errlen - n), fmt, ap);
        va_end(ap);
    }
    return -1;
}

/* Next token into buf; 0 at the end of the input. */
static int map_next_token(map_reader *r, char *buf, int len)
{
    int c;
    do {
        c = fgetc(r->in);
        if (c == '#')
            while (c != '\n' && c != EOF)
                c = fgetc(r->in);
        if (c == '\n')
            r->line++;
    } while (c == ' ' || c == '\t' || c == '\r' || c == '\n');
    if (c == EOF)
        return 0;
    int n = 0;
    while (c != EOF && c != ' ' && c != '\t' && c != '\r' && c != '\n' && c != '#') {
        if (n < len - 1)
            buf[n++] = (char)c;
        c = fgetc(r->in);
    }
    buf[n] = 0;
    if (c != EOF)
        ungetc(c, r->in);
    return 1;
}

int map_read_long(map_reader *r, long lo, long hi, long *out, const char *what)
{
    char buf[64], *end;
    if (!map_next_token(r, buf, sizeof buf))
        return map_read_fail(r, "unexpected end of file, expected %s", what);
    *out = strtol(buf, &end, 10);
    if (*end)
        return map_read_fail(r, "expected %s, got '%s'", what, buf);
    if (*out < lo || *out > hi)
        return map_read_fail(r, "%s must be in [%ld, %ld], got %ld", what, lo, hi, *out);
    return 0;
}

int map_read_double(map_reader *r, double lo, double hi, int lo_open, double *out, const char *what)
{
    char buf[64], *end;
    if (!map_next_token(r, buf, sizeof buf))
        return map_read_fail(r, "unexpected end of file in %s", what);
    *out = strtod(buf, &end);
    if (*end || !(*out >= lo) || (lo_open && !(*out > lo)) || !(*out <= hi))
        return map_read_fail(r, "%s must be a number %s %g, got '%s'", what,
                             lo_open ? ">" : ">=", lo, buf);
    return 0;
}

int map_read_end(map_reader *r, const char *after)
{
    char buf[64];
    if (map_next_token(r, buf, sizeof buf))
        return map_read_fail(r, "unexpected '%s' after %s", buf, after);
    return 0;
}
