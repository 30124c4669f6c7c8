// RUN: %not %cdvmh %s -o /dev/null 2>&1 | FileCheck %s
// Sections may leave bounds open ('A[1:]'), widths may not.
// CHECK: open_bound_width.c:12:52: error: expected a width, found ']'
// CHECK: open_bound_width.c:15:50: error: expected a width, found ':'
// CHECK: 2 errors generated.
#define N 16
#pragma dvm array distribute[block], shadow[1]
double A[N];
void f(void)
{
    int i;
#pragma dvm parallel([i] on A[i]) shadow_renew(A[1:])
    for (i = 1; i < N - 1; i++)
        A[i] = A[i - 1];
#pragma dvm parallel([i] on A[i]) shadow_renew(A[:1])
    for (i = 1; i < N - 1; i++)
        A[i] = A[i - 1];
}
