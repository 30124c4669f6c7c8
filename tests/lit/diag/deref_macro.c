// RUN: %not %cdvmh %s -o /dev/null 2>&1 | FileCheck %s
// A macro that stands for a number (or arithmetic on numbers) is a value:
// '*' cannot apply to it (before, the directive was accepted and the
// generated C did not compile). A macro of anything else may be anything.
// CHECK: deref_macro.c:15:39: error: 'N' is not a pointer: '*' cannot apply to it
// CHECK-NOT: error:
#define N 6
#define M (N + 2)
#define PTR flat
int flat[N * N];
void f(void)
{
#pragma dvm region in(flat[0 : *PTR]) out(flat[0 : M])
    { flat[0] = 1; }
#pragma dvm region out(flat[0 : N * * N - 1])
    { flat[1] = 2; }
}
