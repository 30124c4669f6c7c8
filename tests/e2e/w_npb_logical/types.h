/* The NPB's C sources declare their own boolean, which C++ (the CUDA
 * file) refuses: true and false are keywords there. */
#ifndef TYPES_H
#define TYPES_H
#include <stdio.h>
typedef enum { false, true } logical;
/* NPB's print_results.h names a parameter 'class', a C++ keyword */
void report(const char *name, char class, double checksum);
#define NX 24
#define NY 20
#endif
