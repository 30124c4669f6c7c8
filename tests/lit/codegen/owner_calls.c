// RUN: %cdvmh %s -o - | grep -v "^// " | FileCheck %s
// An owner-computes statement that calls a function of the program counts
// itself in dvmh_owner_depth while it runs (the function's host reads are
// then the owner's own, not collective); calls of library functions do
// not. Its own reads of distributed elements go through DVMH_ATC.
#include <math.h>
#pragma dvm array distribute[block]
double A[100];
#pragma dvm array align([i] with A[i])
double B[100];
static double f(int i) { return B[i] + 1; }
void k(int i)
{
    A[i] = f(i);
    A[i + 1] = sqrt(B[i + 1]);
}
// CHECK: static double f(int i) { return DVMH_RD(B, double, i) + 1; }
// CHECK: { if (DVMH_OWNS_W(A, i)) { dvmh_owner_depth++; DVMH_AT1(A, double, i) = f(i); dvmh_owner_depth--; } }
// CHECK-NEXT: { if (DVMH_OWNS_W(A, i + 1)) { DVMH_AT1(A, double, i + 1) = sqrt(DVMH_ATC(B, double, i + 1)); } }
