/* check_scalar.c: check mode's reports of private and reduction variables
 * misused in a parallel loop (the instrumentation: rewriter/check_scalar.c). */
#include "check.h"

#include <stdio.h>
#include <string.h>

/* "i=3, j=4" from names "i, j" and their values. */
static void iteration_text(char *out, size_t size, const char *names, int rank, const dvmh_idx *idx)
{
    size_t len = 0;
    out[0] = '\0';
    for (int k = 0; k < rank && len + 1 < size; k++) {
        while (*names == ' ' || *names == ',')
            names++;
        size_t n = strcspn(names, ",");
        int w = snprintf(out + len, size - len, "%s%.*s=%lld", k ? ", " : "", (int)n, names,
                         (long long)idx[k]);
        if (w < 0)
            break;
        len += (size_t)w;
        names += n;
    }
}

void dvmh_check_private_read(const char *file, int line, const char *var, const char *names,
                             int rank, const dvmh_idx *idx)
{
    char it[256];
    iteration_text(it, sizeof it, names, rank, idx);
    dvmh_check_fail(file, line,
                    "private variable '%s' is read before it is written in iteration (%s)", var, it);
}

void dvmh_check_reduction_use(const char *file, int line, const char *var, const char *names,
                              int rank, const dvmh_idx *idx)
{
    char it[256];
    iteration_text(it, sizeof it, names, rank, idx);
    dvmh_check_fail(file, line,
                    "reduction variable '%s' is used other than in its reduction's update in "
                    "iteration (%s)",
                    var, it);
}
