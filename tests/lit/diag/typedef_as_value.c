// RUN: %not %cdvmh %s -o /dev/null 2>&1 | FileCheck %s
// CHECK: typedef_as_value.c:21:26: error: 'len_t' is a type, not a value
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
typedef long len_t;
    (void)sizeof(len_t);
#pragma dvm get_actual(A[len_t / 2])
    s = 1;
    return s;
}
