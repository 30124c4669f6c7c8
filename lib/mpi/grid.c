/* grid.c: the shape of the process grid (DVMH_PROC_GRID or a choice made
 * from the process count and the extents of what is distributed). */
#include "grid.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>

int grid_parse(const char *text, int process_count, int max_rank, int *dims,
               char *why, size_t why_size)
{
    int rank = 0;
    long product = 1;
    const char *p = text;
    for (;;) {
        while (*p == ' ' || *p == '\t')
            p++;
        if (!isdigit((unsigned char)*p)) {
            snprintf(why, why_size, "'%s' is not a grid like 2x2", text);
            return -1;
        }
        char *end;
        long value = strtol(p, &end, 10);
        if (value <= 0 || value > process_count) {
            snprintf(why, why_size, "'%s': dimension %d is %ld, must be 1..%d",
                     text, rank + 1, value, process_count);
            return -1;
        }
        if (rank == max_rank) {
            snprintf(why, why_size, "'%s' has more than %d dimensions", text, max_rank);
            return -1;
        }
        dims[rank++] = (int)value;
        product *= value;
        if (product > process_count)
            break;
        p = end;
        while (*p == ' ' || *p == '\t')
            p++;
        if (*p == '\0')
            break;
        if (*p != 'x' && *p != 'X' && *p != '*' && *p != ',') {
            snprintf(why, why_size, "'%s' is not a grid like 2x2", text);
            return -1;
        }
        p++;
    }
    if (product != process_count) {
        snprintf(why, why_size, "'%s' does not multiply to the %d processes the program runs on",
                 text, process_count);
        return -1;
    }
    return rank;
}

static int smallest_prime_factor(int n)
{
    for (int f = 2; (long)f * f <= n; f++)
        if (n % f == 0)
            return f;
    return n;
}

void grid_choose(int process_count, int rank, const int64_t *extents, int *dims)
{
    int factors[64], factor_count = 0;
    for (int n = process_count; n > 1;) {
        int f = smallest_prime_factor(n);
        factors[factor_count++] = f;
        n /= f;
    }
    for (int d = 0; d < rank; d++)
        dims[d] = 1;
    if (rank == 0)
        return;
    /* Largest factors first: they are the hardest to place well. */
    for (int k = factor_count - 1; k >= 0; k--) {
        int best = -1;
        double best_share = -1;
        for (int pass = 0; pass < 2 && best < 0; pass++)
            for (int d = 0; d < rank; d++) {
                double extent = extents[d] > 0 ? (double)extents[d] : 1.0;
                double share = extent / dims[d];
                /* First pass: only dimensions that still have at least one
                 * element per process after the split. */
                if (pass == 0 && extent < (double)dims[d] * factors[k])
                    continue;
                if (share > best_share) {
                    best_share = share;
                    best = d;
                }
            }
        dims[best] *= factors[k];
    }
}
