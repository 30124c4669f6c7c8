// RUN: %cdvmh %s -o - | grep -v "^// " | FileCheck %s
// Host code outside loops: values read by every process come from their
// owner (DVMH_RD); owner-computes statements and remote_access blocks read
// the local copy (DVMH_AT; in an owner-computes statement outside a
// remote_access block, DVMH_ATC, which stops the program on an element
// the process does not hold).
#include <stdio.h>
#pragma dvm array distribute[block]
double A[8];
#pragma dvm array align([i] with A[i])
double B[8];
void f(int k)
{
    double x;
// CHECK: x = DVMH_RD(A, double, 3) + DVMH_RD(B, double, k);
    x = A[3] + B[k];
// CHECK: { if (DVMH_OWNS_W(A, 2)) { DVMH_AT1(A, double, 2) = DVMH_ATC(B, double, 2) * 2; } }
    A[2] = B[2] * 2;
// CHECK: { if (DVMH_OWNS_W(A, 1)) { DVMH_AT1(A, double, 1)++; } }
    A[1]++;
#pragma dvm remote_access(A[k])
    {
// CHECK: x += DVMH_AT1(A, double, k);
        x += A[k];
    }
// CHECK: dvmh_printf("%f\n", DVMH_RD(B, double, 0) + x);
    printf("%f\n", B[0] + x);
}
