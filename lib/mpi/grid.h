/* grid.h: the shape of the process grid: parsing DVMH_PROC_GRID and
 * choosing a shape from the process count and the extents to divide. */
#ifndef DVMH_MPI_GRID_H
#define DVMH_MPI_GRID_H

#include <stddef.h>
#include <stdint.h>

/* Parses a grid such as "2x2" or "4" (separators 'x', 'X', '*', ','; blanks
 * ignored) into dims. Returns the grid's rank, or -1 with a reason in why
 * when the text is malformed, has more than max_rank dimensions, has a zero
 * dimension, or does not multiply to process_count. */
int grid_parse(const char *text, int process_count, int max_rank, int *dims,
               char *why, size_t why_size);

/* Chooses dims[0..rank) with product process_count so that longer
 * dimensions (extents) get more processes: the prime factors of the count,
 * largest first, each go to the dimension with the most elements per
 * process so far. A dimension never gets more processes than elements
 * unless every dimension is already that thin. */
void grid_choose(int process_count, int rank, const int64_t *extents, int *dims);

#endif
