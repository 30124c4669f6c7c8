/* Functions of ops.c that receive distributed arrays: their prototypes
 * with 'inherit', as the definitions have it. */
#ifndef OPS_H
#define OPS_H

#include "model.h"
#include "coeffs.h"

#pragma dvm inherit(A)
double field_sum(double (*A)[NY], int weighted);
#pragma dvm inherit(A)
void field_scale(double (*A)[NY], double f);

#endif
