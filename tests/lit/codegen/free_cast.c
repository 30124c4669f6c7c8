// RUN: %cdvmh %s -o - | grep -v "^// " | FileCheck %s
// RUN: %cdvmh %s -o %t.c && %clang -fsyntax-only -Wall -Werror -I%runtime_include %t.c
// free() of a distributed pointer array frees the array, casts or not
// (polybench writes free((void *)A)).
#include <stdlib.h>
#pragma dvm array distribute[block]
double *a;
#pragma dvm array distribute[block][block]
double (*b)[16];
void k(int n)
{
    a = (double *)malloc(n * sizeof(double));
    b = malloc(n * sizeof(*b));
// CHECK: dvmh_array_free(__FILE__, __LINE__, a);
    free((void *)a);
// CHECK: dvmh_array_free(__FILE__, __LINE__, b);
    free((void *)(char *)(b));
}
