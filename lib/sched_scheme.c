/* sched_scheme.c: scheduling scheme files (DVMH_SCHED_FILE): the scheme
 * of the dynamic mode written as text, read back by the scheme mode. The
 * format (docs/runtime.md, "The dynamic model and scheme files"):
 *
 *   # comment lines
 *   dvmh-sched-scheme 1
 *   devices 3 host emu0 emu1
 *   variant SITE BINDING            (BINDING: 16 hex digits)
 *     entries 120                   (optional, for the reader)
 *     split F0 F1 F2
 *     loop SITE F0 F1 F2 handlers H0 H1 H2
 *   end
 *
 * Sites and handler names are written with white space, '%' and control
 * characters as %XX. Fractions are written exactly (%.17g). */
#include "sched_internal.h"
#include "alloc.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#define MAX_TOKENS (3 + 2 * SCHED_MAX_DEVICES + 2)
#define MAX_LINE 65536
#define SPACE " \t\r\n\v\f"

static void encode(FILE *f, const char *s)
{
    for (const unsigned char *c = (const unsigned char *)s; *c; c++)
        if (*c <= ' ' || *c == '%' || *c == 0x7f)
            fprintf(f, "%%%02X", *c);
        else
            fputc(*c, f);
}

static void write_fractions(FILE *f, int ndev, const double *x)
{
    for (int d = 0; d < ndev; d++)
        fprintf(f, " %.17g", x[d]);
}

static void write_variant(FILE *f, const sched_model *m, const sched_variant *v)
{
    fputs("variant ", f);
    encode(f, v->site);
    fprintf(f, " %016llx\n  entries %ld\n  split", (unsigned long long)v->binding, v->entries);
    write_fractions(f, m->ndev, v->split);
    fputc('\n', f);
    for (int k = 0; k < v->nloops; k++) {
        const sched_loop *l = v->loops[k];
        if (!l->in_scheme)
            continue;
        fputs("  loop ", f);
        encode(f, l->site);
        write_fractions(f, m->ndev, l->scheme_fraction);
        fputs(" handlers", f);
        for (int d = 0; d < m->ndev; d++) {
            int h = l->scheme_handler[d] < m->nhandlers[d] ? l->scheme_handler[d] : 0;
            fputc(' ', f);
            encode(f, m->handler_names[d][h]);
        }
        fputc('\n', f);
    }
    fputs("end\n", f);
}

int sched_scheme_write(const sched_model *m, const char *path, char *err, size_t errlen)
{
    FILE *f = fopen(path, "w");
    if (!f) {
        snprintf(err, errlen, "%s: cannot write: %s", path, strerror(errno));
        return -1;
    }
    fputs("# DVMH scheduling scheme: run with DVMH_SCHED_TECH=scheme DVMH_SCHED_FILE=<this "
          "file>.\n# Per launch variant of a region (site, data binding) the split of its "
          "work\n# among the devices, and per loop the fractions and handler variants.\n"
          "# Format: docs/runtime.md, \"The dynamic model and scheme files\".\n", f);
    fprintf(f, "dvmh-sched-scheme %d\ndevices %d", SCHED_FILE_VERSION, m->ndev);
    for (int d = 0; d < m->ndev; d++) {
        fputc(' ', f);
        encode(f, m->names[d]);
    }
    fputc('\n', f);
    for (int i = 1; i < m->nvars; i++)
        if (m->vars[i]->in_scheme)
            write_variant(f, m, m->vars[i]);
    bool bad = ferror(f) != 0;
    if (fclose(f) != 0 || bad) {
        snprintf(err, errlen, "%s: cannot write: %s", path, strerror(errno ? errno : EIO));
        return -1;
    }
    return 0;
}

/* ------------------------------------------------------------------------
 * Reading
 * ------------------------------------------------------------------------ */

typedef struct parsed_loop {
    char *site;
    double fraction[SCHED_MAX_DEVICES];
    char *handler[SCHED_MAX_DEVICES];
} parsed_loop;

typedef struct parsed_variant {
    char *site;
    uint64_t binding;
    bool has_split;
    double split[SCHED_MAX_DEVICES];
    parsed_loop *loops;
    int nloops;
    int line;
} parsed_variant;

typedef struct reader {
    const char *path;
    int line;
    char *err;
    size_t errlen;
    int ndev;                       /* the file's; 0 before its devices line */
    char *names[SCHED_MAX_DEVICES];
    parsed_variant *vars;
    int nvars;
    bool in_variant;
} reader;

static int fail(reader *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static int fail(reader *r, const char *fmt, ...)
{
    int n = snprintf(r->err, r->errlen, "%s:%d: ", r->path, r->line > 0 ? r->line : 1);
    if (n >= 0 && (size_t)n < r->errlen) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(r->err + n, r->errlen - (size_t)n, fmt, ap);
        va_end(ap);
    }
    return -1;
}

static int hexval(int c)
{
    return isdigit(c) ? c - '0' : isxdigit(c) ? tolower(c) - 'a' + 10 : -1;
}

/* Decodes %XX in place; -1 on a bad escape or an escaped NUL. */
static int decode(char *s)
{
    char *o = s;
    for (; *s; s++) {
        if (*s != '%') {
            *o++ = *s;
            continue;
        }
        int hi = hexval((unsigned char)s[1]), lo = hi < 0 ? -1 : hexval((unsigned char)s[2]);
        if (lo < 0 || (hi == 0 && lo == 0))
            return -1;
        *o++ = (char)(hi * 16 + lo);
        s += 2;
    }
    *o = 0;
    return 0;
}

static int name(reader *r, char *tok, char **out, const char *what)
{
    if (decode(tok) != 0)
        return fail(r, "bad %%XX escape in the %s '%s'", what, tok);
    *out = sched_strdup(tok);
    return 0;
}

/* ndev fractions from tok[0..]; finite, non-negative, summing to 1. */
static int fractions(reader *r, char **tok, double *x)
{
    double sum = 0;
    for (int d = 0; d < r->ndev; d++) {
        char *end;
        errno = 0;
        x[d] = strtod(tok[d], &end);
        if (*end || end == tok[d] || errno == ERANGE || !isfinite(x[d]) || x[d] < 0 || x[d] > 1)
            return fail(r, "'%s' is not a fraction between 0 and 1", tok[d]);
        sum += x[d];
    }
    if (fabs(sum - 1) > 1e-6)
        return fail(r, "the fractions sum to %.9g, not 1", sum);
    return 0;
}

static bool in_variant(reader *r, const char *keyword)
{
    if (r->in_variant)
        return true;
    fail(r, "'%s' outside a variant block", keyword);
    return false;
}

static int devices_line(reader *r, char **tok, int n)
{
    if (r->ndev)
        return fail(r, "a second 'devices' line");
    char *end;
    long count = strtol(tok[1] ? tok[1] : "", &end, 10);
    if (n < 2 || *end || end == tok[1] || count < 1 || count > SCHED_MAX_DEVICES)
        return fail(r, "expected 'devices COUNT NAME...' with COUNT from 1 to %d",
                    SCHED_MAX_DEVICES);
    if (n != 2 + count)
        return fail(r, "%ld devices announced, %d named", count, n - 2);
    r->ndev = (int)count;
    for (int d = 0; d < r->ndev; d++)
        if (name(r, tok[2 + d], &r->names[d], "device name") != 0)
            return -1;
    return 0;
}

static int variant_line(reader *r, char **tok, int n)
{
    if (r->in_variant)
        return fail(r, "'variant' inside the variant at line %d (missing 'end')",
                    r->vars[r->nvars - 1].line);
    if (!r->ndev)
        return fail(r, "'variant' before the 'devices' line");
    if (n != 3)
        return fail(r, "expected 'variant SITE BINDING'");
    bool hex = strlen(tok[2]) == 16;
    for (const char *c = tok[2]; hex && *c; c++)
        hex = isxdigit((unsigned char)*c) != 0;
    if (!hex)
        return fail(r, "the binding '%s' is not 16 hexadecimal digits", tok[2]);
    uint64_t binding = strtoull(tok[2], NULL, 16);
    if (decode(tok[1]) != 0)
        return fail(r, "bad %%XX escape in the site '%s'", tok[1]);
    for (int i = 0; i < r->nvars; i++)
        if (r->vars[i].binding == binding && strcmp(r->vars[i].site, tok[1]) == 0)
            return fail(r, "the variant %s %s appears twice (first at line %d)", tok[1], tok[2],
                        r->vars[i].line);
    r->vars = dvmh_xrealloc(r->vars, sizeof *r->vars * (size_t)(r->nvars + 1));
    parsed_variant *v = &r->vars[r->nvars++];
    *v = (parsed_variant){sched_strdup(tok[1]), binding, false, {0}, NULL, 0, r->line};
    r->in_variant = true;
    return 0;
}

static int loop_line(reader *r, char **tok, int n)
{
    parsed_variant *v = &r->vars[r->nvars - 1];
    if (n != 3 + 2 * r->ndev || strcmp(tok[2 + r->ndev], "handlers") != 0)
        return fail(r, "expected 'loop SITE' with %d fractions, 'handlers' and %d handler names",
                    r->ndev, r->ndev);
    if (decode(tok[1]) != 0)
        return fail(r, "bad %%XX escape in the site '%s'", tok[1]);
    for (int k = 0; k < v->nloops; k++)
        if (strcmp(v->loops[k].site, tok[1]) == 0)
            return fail(r, "the loop %s appears twice in the variant", tok[1]);
    v->loops = dvmh_xrealloc(v->loops, sizeof *v->loops * (size_t)(v->nloops + 1));
    parsed_loop *l = &v->loops[v->nloops++];
    memset(l, 0, sizeof *l);
    l->site = sched_strdup(tok[1]);
    if (fractions(r, tok + 2, l->fraction) != 0)
        return -1;
    for (int d = 0; d < r->ndev; d++)
        if (name(r, tok[3 + r->ndev + d], &l->handler[d], "handler name") != 0)
            return -1;
    return 0;
}

static int keyword_line(reader *r, char **tok, int n)
{
    const char *k = tok[0];
    if (strcmp(k, "devices") == 0)
        return devices_line(r, tok, n);
    if (strcmp(k, "variant") == 0)
        return variant_line(r, tok, n);
    if (strcmp(k, "entries") != 0 && strcmp(k, "split") != 0 && strcmp(k, "loop") != 0 &&
        strcmp(k, "end") != 0)
        return fail(r, "unknown keyword '%s'", k);
    if (!in_variant(r, k))
        return -1;
    parsed_variant *v = &r->vars[r->nvars - 1];
    if (strcmp(k, "entries") == 0) {
        char *end;
        if (n != 2 || strtol(tok[1], &end, 10) < 0 || *end || end == tok[1])
            return fail(r, "expected 'entries COUNT'");
        return 0;
    }
    if (strcmp(k, "split") == 0) {
        if (v->has_split)
            return fail(r, "a second 'split' in the variant");
        if (n != 1 + r->ndev)
            return fail(r, "expected %d fractions after 'split', got %d", r->ndev, n - 1);
        v->has_split = true;
        return fractions(r, tok + 1, v->split);
    }
    if (strcmp(k, "loop") == 0)
        return loop_line(r, tok, n);
    if (n != 1)
        return fail(r, "expected 'end' alone");
    if (!v->has_split)
        return fail(r, "the variant at line %d has no 'split'", v->line);
    r->in_variant = false;
    return 0;
}

/* One line; blank lines and comments pass. */
static int parse_line(reader *r, char *text, bool *versioned)
{
    char *tok[MAX_TOKENS + 1] = {0};
    int n = 0;
    char *save = NULL;
    for (char *t = strtok_r(text, SPACE, &save); t; t = strtok_r(NULL, SPACE, &save)) {
        if (n == MAX_TOKENS)
            return fail(r, "too many fields");
        tok[n++] = t;
    }
    if (n == 0 || tok[0][0] == '#')
        return 0;
    if (*versioned)
        return keyword_line(r, tok, n);
    if (strcmp(tok[0], "dvmh-sched-scheme") != 0 || n != 2)
        return fail(r, "not a scheduling scheme: expected 'dvmh-sched-scheme %d' first",
                    SCHED_FILE_VERSION);
    char *end;
    long version = strtol(tok[1], &end, 10);
    if (*end || end == tok[1] || version != SCHED_FILE_VERSION)
        return fail(r, "scheme file version '%s' (this runtime reads version %d)", tok[1],
                    SCHED_FILE_VERSION);
    *versioned = true;
    return 0;
}

static int parse(reader *r, FILE *f)
{
    char *text = NULL;
    size_t cap = 0;
    ssize_t len;
    bool versioned = false;
    int rc = 0;
    while (rc == 0 && (len = getline(&text, &cap, f)) >= 0) {
        r->line++;
        if (len > MAX_LINE)
            rc = fail(r, "line longer than %d characters", MAX_LINE);
        else if ((size_t)len != strlen(text))
            rc = fail(r, "a NUL character");
        else
            rc = parse_line(r, text, &versioned);
    }
    free(text);
    if (rc == 0 && ferror(f))
        rc = fail(r, "read error");
    else if (rc == 0 && !versioned)
        rc = fail(r, "empty: not a scheduling scheme");
    else if (rc == 0 && !r->ndev)
        rc = fail(r, "no 'devices' line");
    else if (rc == 0 && r->in_variant)
        rc = fail(r, "the variant at line %d has no 'end'", r->vars[r->nvars - 1].line);
    return rc;
}

static bool same_devices(const reader *r, const sched_model *m)
{
    if (r->ndev != m->ndev)
        return false;
    for (int d = 0; d < m->ndev; d++)
        if (strcmp(r->names[d], m->names[d]) != 0)
            return false;
    return true;
}

static void apply_loop(sched_model *m, sched_loop *l, const parsed_loop *p, const char *path)
{
    l->in_scheme = true;
    memcpy(l->scheme_fraction, p->fraction, sizeof l->scheme_fraction);
    for (int d = 0; d < m->ndev; d++) {
        int h = sched_handler_index(m, d, p->handler[d]);
        if (h < 0 && !m->warned_stale) {
            m->warned_stale = true;
            sched_warn(m, "%s: device %s has no handler variant '%s' (the scheme is from "
                          "another build?); it gets the default", path, m->names[d],
                       p->handler[d]);
        }
        l->scheme_handler[d] = h < 0 ? 0 : h;
    }
}

/* "host emu0 emu1" into buf. */
static const char *join(char *buf, size_t size, char *const *names, int n)
{
    size_t used = 0;
    buf[0] = 0;
    for (int d = 0; d < n && used < size; d++) {
        int w = snprintf(buf + used, size - used, "%s%s", d ? " " : "", names[d]);
        used += w > 0 ? (size_t)w : 0;
    }
    return buf;
}

static void apply(sched_model *m, const reader *r)
{
    m->scheme_mode = true;
    if (!same_devices(r, m)) {
        char mine[256], theirs[256];
        m->scheme_usable = false;
        sched_warn(m, "%s: the scheme was made for the devices '%s', this process has '%s': "
                      "it is not used; the static split applies", r->path,
                   join(theirs, sizeof theirs, r->names, r->ndev),
                   join(mine, sizeof mine, m->names, m->ndev));
        return;
    }
    m->scheme_usable = true;
    for (int i = 0; i < r->nvars; i++) {
        const parsed_variant *p = &r->vars[i];
        sched_variant *v = sched_variant_get(m, p->site, p->binding);
        v->in_scheme = true;
        memcpy(v->split, p->split, sizeof v->split);
        for (int k = 0; k < p->nloops; k++)
            apply_loop(m, sched_loop_get(v, p->loops[k].site), &p->loops[k], r->path);
    }
}

static void reader_free(reader *r)
{
    for (int d = 0; d < SCHED_MAX_DEVICES; d++)
        free(r->names[d]);
    for (int i = 0; i < r->nvars; i++) {
        parsed_variant *v = &r->vars[i];
        for (int k = 0; k < v->nloops; k++) {
            free(v->loops[k].site);
            for (int d = 0; d < SCHED_MAX_DEVICES; d++)
                free(v->loops[k].handler[d]);
        }
        free(v->loops);
        free(v->site);
    }
    free(r->vars);
}

int sched_scheme_read(sched_model *m, const char *path, char *err, size_t errlen)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        snprintf(err, errlen, "%s: cannot read: %s", path, strerror(errno));
        return -1;
    }
    reader r = {path, 0, err, errlen, 0, {0}, NULL, 0, false};
    int rc = parse(&r, f);
    fclose(f);
    if (rc == 0)
        apply(m, &r);
    reader_free(&r);
    return rc;
}
