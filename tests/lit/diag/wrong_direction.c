// RUN: %not %cdvmh %s -o /dev/null 2>&1 | FileCheck %s
// CHECK: wrong_direction.c:20:29: error: loop 'i' is not canonical: its increment goes away from its bound
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
    for (i = N - 1; i >= 0; i++) A[i] = i;
    return s;
}
