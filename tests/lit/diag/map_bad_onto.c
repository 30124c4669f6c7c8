// RUN: %not %cdvmh %s -o /dev/null 2>&1 | FileCheck %s
// CHECK: map_bad_onto.c:20:32: error: onto(3 : 1) is not a range of processors (0 <= first <= last)
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
#pragma dvm task blocks[4]
#pragma dvm map(blocks[0] onto(3 : 1))
    s = 1;
    return s;
}
