/* The NPB's C sources declare their own boolean, which C++ (the CUDA
 * file) refuses: true and false are keywords there. */
#ifndef TYPES_H
#define TYPES_H
#include <stdio.h>
typedef enum { false, true } logical;
#define NX 24
#define NY 20
#endif
