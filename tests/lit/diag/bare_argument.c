// RUN: %not %cdvmh %s -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=error:
// A distributed array passed whole to a function that would read or write
// its descriptor as the elements: C's memory functions, and a function of
// this file that subscripts, dereferences or offsets its parameter without
// 'inherit'. An inherit parameter, fwrite, and a function that only passes
// the pointer on are fine.
#include <stdio.h>
#include <string.h>
#define N 16
#pragma dvm array distribute[block]
double A[N];
double B[N];
static void init(double *a, int n) { for (int i = 0; i < n; i++) a[i] = i; }
static double first(double *a) { return *a; }
static double *shift(double *a) { return a + 1; }
#pragma dvm inherit(a)
static void fill(double *a, int n)
{
#pragma dvm parallel([i] on a[i])
    for (int i = 0; i < n; i++)
        a[i] = i;
}
static void save(FILE *f, const double *a, int n) { fwrite(a, sizeof(double), n, f); }
static void pass(FILE *f, double *a, double *b) { save(f, b, N); fill(a, N); }
void k(FILE *f)
{
// CHECK: bare_argument.c:[[@LINE+1]]:10: error: distributed array 'A' passed to 'init', whose parameter 'a' is not declared with '#pragma dvm inherit(a)' (the function would take the array's descriptor for its elements)
    init(A, N);
// CHECK: bare_argument.c:[[@LINE+1]]:18: error: distributed array 'A' passed to 'first', whose parameter 'a' is not declared with '#pragma dvm inherit(a)'
    B[0] = first(A);
// CHECK: bare_argument.c:[[@LINE+1]]:29: error: distributed array 'A' passed to 'shift', whose parameter 'a'
    B[1] = *shift((double *)A);
// CHECK: bare_argument.c:[[@LINE+1]]:12: error: not supported yet: 'memset' of the distributed array 'A' (its elements are not in C's memory layout: use a parallel loop)
    memset(A, 0, sizeof A);
// CHECK: bare_argument.c:[[@LINE+1]]:15: error: not supported yet: 'memcpy' of the distributed array 'A'
    memcpy(B, A, sizeof B);
    fill(A, N);
    save(f, A, N);
    pass(f, A, A);
    fwrite(A, sizeof(double), N, f);
    init(B, N);
}
