/* check.h: the runtime unit tests' CHECK(cond, fmt, ...): counts a failure
 * in 'failures' and reports it with file and line, then goes on. */
#ifndef DVMH_UNIT_CHECK_H
#define DVMH_UNIT_CHECK_H

#include <stdio.h>

static int failures;

#define CHECK(cond, ...)                                                                     \
    do {                                                                                     \
        if (!(cond)) {                                                                       \
            failures++;                                                                      \
            fprintf(stderr, "%s:%d: FAIL %s: ", __FILE__, __LINE__, #cond);                  \
            fprintf(stderr, __VA_ARGS__);                                                    \
            fputc('\n', stderr);                                                             \
        }                                                                                    \
    } while (0)

#endif
