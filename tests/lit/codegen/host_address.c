// RUN: %cdvmh %s -o - | grep -v "^// " | FileCheck %s
// The address of a distributed element taken by host code, which every
// process runs: DVMH_REF gives the processes that hold the element their
// own copy and the others a scratch one, holding the element's value
// (read 1) unless scanf, fscanf or sscanf only write through it (read 0).
// Inside an owner-computes statement only the owner runs: its address.
#include <stdio.h>
#pragma dvm array distribute[block]
double A[100];
static void set(double *p, double v) { *p = v; }
void f(FILE *in)
{
    for (int i = 0; i < 100; i++)
        fscanf(in, "%lf", &A[i]);
    set(&A[3], 2.5);
    double *p = &A[15];
    *p += 1;
    A[4] = *&A[4] + 1;
}
// CHECK: fscanf(in, "%lf", &DVMH_REF(A, double, 0, i));
// CHECK-NEXT: set(&DVMH_REF(A, double, 1, 3), 2.5);
// CHECK-NEXT: double *p = &DVMH_REF(A, double, 1, 15);
// CHECK: { if (DVMH_OWNS_W(A, 4)) { DVMH_AT1(A, double, 4) = *&DVMH_ATC(A, double, 4) + 1; } }
