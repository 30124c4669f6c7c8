// RUN: %not %cdvmh %s -o /dev/null 2>&1 | FileCheck %s
// Lists may be empty ('private()', as in the DVM system), but a comma
// must still be followed by an item.
// CHECK: empty_list_trailing_comma.c:20:45: error: expected a variable name, found ')'
// CHECK: empty_list_trailing_comma.c:23:52: error: expected a reduction operation, found ')'
// CHECK: empty_list_trailing_comma.c:26:53: error: expected ']' after the name of the shadow edge, found ','
// CHECK: empty_list_trailing_comma.c:29:33: error: unknown target ')' (expected HOST or CUDA)
// CHECK: empty_list_trailing_comma.c:31:23: error: expected a parameter name, found ')'
// CHECK: empty_list_trailing_comma.c:33:24: error: expected a variable name, found ','
// CHECK: 6 errors generated.
#define N 16
#pragma dvm array distribute[block], shadow[1]
double A[N];
double g(double *p);
double f(void)
{
    int i;
    double s = 0;
    double t;
#pragma dvm parallel([i] on A[i]) private(t,)
    for (i = 0; i < N; i++)
        A[i] = i;
#pragma dvm parallel([i] on A[i]) reduction(sum(s),)
    for (i = 0; i < N; i++)
        s += A[i];
#pragma dvm parallel([i] on A[i]) shadow_renew(A["e",])
    for (i = 0; i < N; i++)
        s += A[i];
#pragma dvm region targets(HOST,)
    { s = 1; }
#pragma dvm inherit(p,)
double h(double *p);
#pragma dvm get_actual(,)
    return s;
}
