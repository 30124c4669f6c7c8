// RUN: %not %cdvmh %s -o /dev/null 2>&1 | FileCheck %s
// A member of a distributed element assigned inside an expression is not
// supported yet; as a statement of its own it is.
struct p { double x, y; };
#pragma dvm array distribute[block]
struct p P[10];
void k(int i)
{
    P[i].x = 1;
// CHECK: embedded_member_assign.c:[[@LINE+1]]:5: error: not supported yet: a member of an element of the distributed array 'P' assigned inside an expression (assign it in a statement of its own)
    P[i].x = P[i].y = 2;
}
