// RUN: %not %cdvmh %s -o /dev/null 2>&1 | FileCheck %s
// CHECK: non_canonical_inc.c:20:24: error: loop 'i' is not canonical: its increment must be i++, i--, i += s or i -= s
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
#pragma dvm parallel([i] on A[i])
    for (i = 0; i < N; i *= 2) A[i] = i;
    return s;
}
