// RUN: %cdvmh %s -o - 2>&1 | grep -v "^// " | FileCheck %s
// 'inherit()', as in the DVM system: no parameter receives a distributed
// array; the function is compiled as it is.
// CHECK-NOT: error
// CHECK: double sum(double *a, int n);
// CHECK: double sum(double *a, int n)
// CHECK-NEXT: {
// CHECK-NEXT: double s = 0;
#include <stdio.h>
#define N 16
#pragma dvm inherit()
double sum(double *a, int n);
#pragma dvm inherit()
double sum(double *a, int n)
{
    double s = 0;
    for (int i = 0; i < n; i++)
        s += a[i];
    return s;
}
