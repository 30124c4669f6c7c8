// RUN: %not %cdvmh %s -o /dev/null 2>&1 | FileCheck %s
// CHECK: task_loop_shadow.c:22:13: error: not supported yet: 'shadow_renew' on a parallel loop over task array 'blocks'
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
#pragma dvm task_region(blocks)
    {
#pragma dvm parallel([i] on blocks[i]) shadow_renew(A)
    for (i = 0; i < 4; i++) a[i] = i;
    }
    return s;
}
