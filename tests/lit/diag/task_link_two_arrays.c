// RUN: %not %cdvmh %s -o /dev/null 2>&1 | FileCheck %s
// CHECK: task_link_two_arrays.c:21:34: error: task_link joins subtasks of one task array ('blocks' and 'other')
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
#pragma dvm task other[2]
#pragma dvm task_link(blocks[0], other[1], 5)
    s = 1;
    return s;
}
