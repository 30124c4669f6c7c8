// RUN: %cdvmh %s -o - | grep -v "^// " | FileCheck %s
// Host code and members of a distributed struct element: a read of a
// member reads the element from its owner (DVMH_RD), so every process
// gets the value; an assignment to a member, or to an element of an array
// member, is the owner's (guarded like an assignment to the element); an
// address of a member is the holder's element and a scratch copy
// elsewhere (DVMH_REF). A[i]->x reads the pointer A[i].
typedef struct { double x, y; int v[3]; struct { int a, b; } in; } P;
#pragma dvm array distribute[block]
P A[8];
#pragma dvm array distribute[block]
P *Q[8];
double f(void)
{
    double s = A[3].x + A[2].v[1] + A[1].in.b;
    A[6].y = 42;
    A[2].v[1] = 7;
    A[5].in.b += 3;
    A[7].v[2]++;
    double *px = &A[1].x;
    return s + *px + Q[2]->y;
}
// CHECK: double s = DVMH_RD(A, P, 3).x + DVMH_RD(A, P, 2).v[1] + DVMH_RD(A, P, 1).in.b;
// CHECK-NEXT: { if (DVMH_OWNS_W(A, 6)) { DVMH_AT1(A, P, 6).y = 42; } }
// CHECK-NEXT: { if (DVMH_OWNS_W(A, 2)) { DVMH_AT1(A, P, 2).v[1] = 7; } }
// CHECK-NEXT: { if (DVMH_OWNS_W(A, 5)) { DVMH_AT1(A, P, 5).in.b += 3; } }
// CHECK-NEXT: { if (DVMH_OWNS_W(A, 7)) { DVMH_AT1(A, P, 7).v[2]++; } }
// CHECK-NEXT: double *px = &DVMH_REF(A, P, 1, 1).x;
// CHECK-NEXT: return s + *px + DVMH_RD(Q, P *, 2)->y;
