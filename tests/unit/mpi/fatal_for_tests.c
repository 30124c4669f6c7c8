/* fatal_for_tests.c: the runtime's error reporter for unit tests that link
 * lib/mpi alone (without the rest of libdvmh): prints and stops all. */
#include "mpi_comm.h"

#include <stdio.h>

void dvmh_fatal(const char *file, int line, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "%s:%d: error: ", file, line);
    vfprintf(stderr, fmt, ap);
    fprintf(stderr, "\n");
    va_end(ap);
    mpi_abort_all(1);
}
