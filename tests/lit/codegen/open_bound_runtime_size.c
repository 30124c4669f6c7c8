// RUN: %cdvmh %s -o - | grep -v "^// " | FileCheck %s
// RUN: %cdvmh %s -o %t.c && %clang -fsyntax-only -Wall -Werror -I%runtime_include %t.c
// A section bound left open ('[lo:]') runs to the end of the dimension:
// the size from the declaration where it gives it, else (a pointer, a
// parameter, a malloc'd distributed array) DVMH_IDX_HUGE, which the
// runtime reads as the end of the dimension.
#include <stdlib.h>
#define N 16
#pragma dvm array distribute[block], shadow[1]
double A[N];
#pragma dvm array distribute[block]
double *B;
void f(double *p, double q[N])
{
    B = malloc(N * sizeof(double));
// CHECK: dvmh_get_actual_data(__FILE__, __LINE__, q, 1, {{.*}}, (dvmh_range[]){{[{][{]}}(0), (3)}}); {{.*}} dvmh_get_actual_data(__FILE__, __LINE__, p, 1, {{.*}}, (dvmh_range[]){{[{][{]}}(2), (DVMH_IDX_HUGE)}});
#pragma dvm get_actual(q[:3], p[2:])
// CHECK: dvmh_actual_array(__FILE__, __LINE__, B, (dvmh_range[]){{[{][{]}}(1), (DVMH_IDX_HUGE)}}); dvmh_actual_array(__FILE__, __LINE__, A, (dvmh_range[]){{[{][{]}}(1), (16 - 1)}});
#pragma dvm actual(B[1:], A[1:])
}
