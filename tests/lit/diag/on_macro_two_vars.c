// RUN: %not %cdvmh %s -o /dev/null 2>&1 | FileCheck %s
// CHECK: on_macro_two_vars.c:20:41: error: an index may use only one loop variable, once
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
#define SUM(x, y) ((x) + (y))
#pragma dvm parallel([i][j] on M[SUM(i, j)][j])
    for (i = 0; i < N; i++) for (j = 0; j < N; j++) M[i][j] = i;
    return s;
}
