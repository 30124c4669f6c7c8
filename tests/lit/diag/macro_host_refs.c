// RUN: %not %cdvmh %s -o /dev/null 2>&1 | FileCheck %s
// Host code may read a distributed array inside a macro's argument
// (Max(A[1][2], ...) below compiles); a write there, or a reference a
// macro's definition spells, is not rewritten yet.
// CHECK-NOT: :15:{{.*}} error
// CHECK: macro_host_refs.c:[[@LINE+11]]:5: error: not supported yet: distributed array 'A' written, or referenced by a macro's definition, inside a macro
// CHECK: macro_host_refs.c:[[@LINE+11]]:12: error: not supported yet: distributed array 'A' written, or referenced by a macro's definition, inside a macro
#define Max(a, b) ((a) > (b) ? (a) : (b))
#define SET(x, v) x = v
#define CORNER A[0][0]
#pragma dvm array distribute[block][block]
double A[8][8];
double f(void)
{
    double m = Max(A[1][2], 0.0);
    (void)m;
    SET(A[1][1], 5.0);
    return CORNER;
}
