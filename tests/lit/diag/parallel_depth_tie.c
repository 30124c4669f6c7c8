// RUN: %not %cdvmh %s -o /dev/null 2>&1 | FileCheck %s
// CHECK: parallel_depth_tie.c:19:25: error: 'tie' needs the loop variables by name: write 'parallel([i]...)' instead of 'parallel(N)'
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
#pragma dvm parallel(1) tie(a[i])
    for (i = 0; i < N; i++) a[i] = i;
    return s;
}
