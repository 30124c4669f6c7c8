// RUN: %not %cdvmh %s -o /dev/null 2>&1 | FileCheck %s
// CHECK: exitinterval_too_few.c:23:13: error: 'exitinterval' closes 1 interval but the 'return' after it leaves 2
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
#pragma dvm interval 1
    {
#pragma dvm interval 2
        if (s) {
#pragma dvm exitinterval 2
            return 1;
        }
#pragma dvm endinterval
    }
    return s;
}
