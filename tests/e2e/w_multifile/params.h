/* Sizes and physical constants shared by every file of the program. */
#ifndef PARAMS_H
#define PARAMS_H

#define N 40
#define M 36
#define ITMAX 8

/* ordinary data, defined in grid.c */
extern double coef[M];
extern int iters_done;

#endif
