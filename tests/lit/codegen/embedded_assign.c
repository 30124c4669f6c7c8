// RUN: %cdvmh %s -o - | grep -v "^// " | FileCheck %s
// Assignments to distributed elements inside expressions: every process
// evaluates DVMH_SET (the value stored by the owner, and the expression's
// value); a statement with one is not an owner-computes statement. A
// single assignment as a statement keeps the owner's guard.
#pragma dvm array distribute[block]
double A[100];
#pragma dvm array align([i] with A[i])
int B[100];
int f(int);
void k(int i, int c)
{
    A[0] = B[99] = 7;
    c = f(B[i] = c) + (B[1] += 2);
    c = B[2]++ - --B[3];
    for (i = 0; i < 4; A[i] = 1, i++)
        ;
    if ((B[4] = c) > 2)
        A[i] = 0;
}
// CHECK: DVMH_SET(A, double, 0, (DVMH_SET(B, int, 0, (7), 99)), 0);
// CHECK-NEXT: c = f(DVMH_SET(B, int, 0, (c), i)) + (DVMH_SET(B, int, 0, DVMH_RD(B, int, 1) + (2), 1));
// CHECK-NEXT: c = DVMH_SET_POST(B, int, 0, + 1, 2) - DVMH_SET(B, int, 0, DVMH_RD(B, int, 3) - 1, 3);
// CHECK-NEXT: for (i = 0; i < 4; DVMH_SET(A, double, 0, (1), i), i++)
// CHECK: if ((DVMH_SET(B, int, 0, (c), 4)) > 2)
// CHECK-NEXT: { if (DVMH_OWNS_W(A, i)) { DVMH_AT1(A, double, i) = 0; } }
