// RUN: %not %cdvmh %s -o /dev/null 2>&1 | FileCheck %s
// The header is read as text, then checked on the syntax tree: the
// condition's top operator must compare the variable itself, and neither
// the bound, the initial value nor the step may use the variable (such
// loops used to compile and run other iterations than the program's).
#include <stdio.h>
#define N 16
int a[N];
int f(int k)
{
    int i, j;
// CHECK: non_canonical_header_expr.c:[[@LINE+2]]:17: error: loop 'i' is not canonical: its condition must be 'i < / <= / > / >= bound'
#pragma dvm parallel([i]) tie(a[i])
    for (i = 0; i < N && i < k; i++) a[i] = i;
// CHECK: non_canonical_header_expr.c:[[@LINE+2]]:17: error: loop 'i' is not canonical: its condition must be 'i < / <= / > / >= bound'
#pragma dvm parallel([i]) tie(a[i])
    for (i = 0; i < N == 1; i++) a[i] = i;
// CHECK: non_canonical_header_expr.c:[[@LINE+2]]:17: error: loop 'i' is not canonical: its condition must be 'i < / <= / > / >= bound'
#pragma dvm parallel([i]) tie(a[i])
    for (i = 0; i < k, i < N; i++) a[i] = i;
// CHECK: non_canonical_header_expr.c:[[@LINE+2]]:17: error: loop 'i' is not canonical: its condition must be 'i < / <= / > / >= bound'
#pragma dvm parallel([i]) tie(a[i])
    for (i = 0; i < N ? 1 : 0; i++) a[i] = i;
// CHECK: non_canonical_header_expr.c:[[@LINE+2]]:25: error: loop 'i' is not canonical: its bound uses 'i'
#pragma dvm parallel([i]) tie(a[i])
    for (i = 0; i < N - i; i++) a[i] = i;
// CHECK: non_canonical_header_expr.c:[[@LINE+2]]:29: error: loop 'i' is not canonical: its step uses 'i'
#pragma dvm parallel([i]) tie(a[i])
    for (i = 0; i < N; i += i + 1) a[i] = i;
// CHECK: non_canonical_header_expr.c:[[@LINE+2]]:22: error: loop 'i' is not canonical: its initial value uses 'i'
#pragma dvm parallel([i]) tie(a[i])
    for (int i = 0 * i; i < N; i++) a[i] = i;
// CHECK: non_canonical_header_expr.c:[[@LINE+3]]:21: error: loop 'j' is not canonical: its condition must be 'j < / <= / > / >= bound'
#pragma dvm parallel([i][j]) tie(a[i])
    for (i = 0; i < N; i++)
        for (j = 0; j <= i && j < 4; j++) a[i] += j;
// an outer variable in an inner bound is fine
#pragma dvm parallel([i][j]) tie(a[i])
    for (i = 0; i < N; i++)
        for (j = 0; j <= i; j++) a[i] += j;
    return 0;
}
