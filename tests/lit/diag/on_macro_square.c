// RUN: %not %cdvmh %s -o /dev/null 2>&1 | FileCheck %s
// CHECK: on_macro_square.c:20:31: error: index expression 'SQ(i)' is not of the form a*i+b
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
#define SQ(x) ((x) * (x))
#pragma dvm parallel([i] on A[SQ(i)])
    for (i = 0; i < N; i++) A[i] = i;
    return s;
}
