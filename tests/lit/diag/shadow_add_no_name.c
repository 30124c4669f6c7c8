// RUN: %not %cdvmh %s -o /dev/null 2>&1 | FileCheck %s
// CHECK: shadow_add_no_name.c:19:43: error: expected '=' before the shadow edge's name, found ')'
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
#pragma dvm shadow_add(T[v + 1 with T[@v]])
    s = 1;
    return s;
}
