// RUN: %not %cdvmh %s -o /dev/null 2>&1 | FileCheck %s
// CHECK: task_loop_break.c:23:45: error: 'break' out of a subtask's body is not allowed
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
#pragma dvm parallel([i] on blocks[i])
    for (i = 0; i < 4; i++) { if (a[i] > 0) break; a[i] = 1; }
    }
    return s;
}
