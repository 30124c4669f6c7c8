// RUN: %not %cdvmh %s -o /dev/null 2>&1 | FileCheck %s
// A distributed array has no memory laid out as C's: '*A' and 'A + k'
// outside parallel loops are refused (clang used to reject the rewrite).
// CHECK: deref_distributed.c:[[@LINE+9]]:11: error: not supported yet: '*' (a dereference) of the distributed array 'A' (write its elements with all their subscripts: A[0]...)
// CHECK: deref_distributed.c:[[@LINE+9]]:14: error: not supported yet: pointer arithmetic of the distributed array 'A'
#define N 8
#pragma dvm array distribute[block][block]
double A[N][N];
double g(const double *row);
double f(void)
{
    double v = A[0][3];
    v += (*A)[3];
    v += g(*(A + 1));
    return v;
}
