#include <stdio.h>
typedef enum { false, true } logical;
/* NPB's print_results.h: 'class' is a C++ keyword */
void print_results(char *name, char class, int n);
