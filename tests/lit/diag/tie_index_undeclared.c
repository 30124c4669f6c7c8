// RUN: %not %cdvmh %s -o /dev/null 2>&1 | FileCheck %s
// CHECK: tie_index_undeclared.c:19:39: error: use of undeclared identifier 'J'
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
#pragma dvm parallel([i][j]) tie(M[i][J])
    for (i = 0; i < N; i++) for (j = 0; j < N; j++) M[i][j] = i;
    return s;
}
