/* strbuf.h: growing strings, and printf into a fresh string. */
#ifndef CDVMH_STRBUF_H
#define CDVMH_STRBUF_H

#include <stdarg.h>
#include <stddef.h>

typedef struct strbuf {
    char *s;
    size_t len, cap;
} strbuf;

void sb_add(strbuf *b, const char *s);
void sb_addn(strbuf *b, const char *s, size_t n);
void sb_printf(strbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* The text (an empty string when nothing was added); b is empty again. */
char *sb_take(strbuf *b);

char *str_printf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
char *str_vprintf(const char *fmt, va_list ap) __attribute__((format(printf, 1, 0)));

#endif
