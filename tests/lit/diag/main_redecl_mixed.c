// RUN: %not %cdvmh %s -o /dev/null 2>&1 | FileCheck %s
// A declaration without a directive of variables that earlier declarations
// distribute (with directives of their own: A, B) gives each its directive;
// an ordinary variable beside them is refused.
// CHECK: main_redecl_mixed.c:19:1: error: not supported yet: ordinary 'V' declared together with 'U', which an earlier declaration distributes: declare them separately
// CHECK-NEXT: double U[N], V[N];
// CHECK: main_redecl_mixed.c:21:1: error: not supported yet: ordinary 'X' declared together with 'T', which an earlier declaration distributes: declare them separately
// CHECK-NOT: error:
#define N 8
#pragma dvm array distribute[block]
extern double U[N];
#pragma dvm array distribute[block], shadow[1:1]
extern double A[N];
#pragma dvm array align([i] with A[i])
extern double B[N];
#pragma dvm template[N] distribute[block]
extern void *T;
extern void *X;
double U[N], V[N];
double A[N], B[N];
void *T, *X;
int main(void)
{
    return 0;
}
