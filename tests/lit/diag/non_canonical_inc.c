// RUN: %not %cdvmh %s -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=error:
// A parallel loop's increment: v++, v--, v += s, v -= s, and OpenMP's
// v = v + s, v = s + v, v = v - s; anything else is refused, as is a form
// whose step would not bind as a whole (v = v - a + b).
#define N 16
#pragma dvm array distribute[block]
double A[N];
int f(int s)
{
    int i;
// CHECK: non_canonical_inc.c:[[@LINE+2]]:24: error: loop 'i' is not canonical: its increment must be i++, i--, i += s, i -= s, i = i + s, i = s + i or i = i - s
#pragma dvm parallel([i] on A[i])
    for (i = 0; i < N; i *= 2) A[i] = i;
// CHECK: non_canonical_inc.c:[[@LINE+2]]:24: error: loop 'i' is not canonical: its increment must be
#pragma dvm parallel([i] on A[i])
    for (i = 0; i < N; i = i - s + 2) A[i] = i;
// CHECK: non_canonical_inc.c:[[@LINE+2]]:24: error: loop 'i' is not canonical: its increment must be
#pragma dvm parallel([i] on A[i])
    for (i = 0; i < N; i = i + s << 1) A[i] = i;
#pragma dvm parallel([i] on A[i])
    for (i = 0; i < N; i = i + 1) A[i] = i;
#pragma dvm parallel([i] on A[i])
    for (i = 0; i < N; i = 2 * s + i) A[i] = i;
#pragma dvm parallel([i] on A[i])
    for (i = N - 1; i >= 0; i = i - (s + 1)) A[i] = i;
#pragma dvm parallel([i] on A[i])
    for (i = 0; i < N; i = i + s - 1) A[i] = i;
    return 0;
}
