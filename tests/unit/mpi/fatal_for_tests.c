/* fatal_for_tests.c: the runtime's error reporter for unit tests that link
 * lib/mpi alone (without the rest of libdvmh): prints and stops all. */
#include "../../../lib/trace.h"
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

/* exchange.c's trace hook (lib/trace.c is not linked): the trace is off. */
bool trace_on;

void trace_peer_(int peer, unsigned long long bytes)
{
    (void)peer;
    (void)bytes;
}
