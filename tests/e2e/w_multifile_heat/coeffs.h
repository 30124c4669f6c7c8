/* Ordinary data of the model: no directives and no include guard (step.c
 * reads it twice, directly and through ops.h); the arrays are used in
 * region in/out clauses and in parallel loops of other files. */
#include "model.h"

extern double kx[NX];
extern double ky[NY];
extern double prof[NX];
