/* The distributed arrays of the program: defined in grid.c, declared here
 * extern with their "#pragma dvm array" for every file that includes it. */
#ifndef GRID_H
#define GRID_H

#include "params.h"

#pragma dvm array
extern double U[N][M];
#pragma dvm array
extern double V[N][M];

void init_grid(void);
double relax(int it);
double row_maxima(void);
double source(int i, int j);

#endif
