// RUN: %not %cdvmh %s -o /dev/null 2>&1 | FileCheck %s
// CHECK: section_two_operands.c:19:28: error: unexpected 'N' in a section bound
#include <stdio.h>
#define N 16
struct pair { int a, b; };
#pragma dvm array distribute[block]
double A[N];
#pragma dvm array distribute[block][block]
double M[N][N];
#pragma dvm template[N] distribute[block]
void *T;
double a[N];
int f(void)
{
    int i, j, s = 0;
    double t = 0;
    struct pair p = {0, 0};
    (void)t; (void)j; (void)p;
#pragma dvm get_actual(A[1 N])
    s = 1;
    return s;
}
