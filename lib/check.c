/* check.c: check mode (dvmcc -fdvmh-check): how a failed check is
 * reported. The instrumented handlers of a program compiled in check mode
 * call the runtime's checks, which report an error of the program through
 * dvmh_check_fail. */
#include "check.h"

#include <stdarg.h>
#include <stdio.h>

void dvmh_check_fail(const char *file, int line, const char *fmt, ...)
{
    char text[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    /* file:line: error: check: ..., then every process stops (status 1) */
    dvmh_fatal(file, line, "check: %s", text);
}
