// RUN: %not %cdvmh %s -o /dev/null 2>&1 | FileCheck %s
// CHECK: nest_too_shallow.c:19:26: error: 'parallel' names 2 loop variables but the loop nest has only 1 perfectly nested loop
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
#pragma dvm parallel([i][j] on M[i][j])
    for (i = 0; i < N; i++) M[i][0] = i;
    return s;
}
