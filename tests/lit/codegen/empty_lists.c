// RUN: %cdvmh %s -o - | grep -v "^// " | FileCheck %s
// Empty lists, which the DVM system accepts: each lists nothing.
// get_actual() and actual() do nothing (without parentheses they mean
// every variable); targets() is the default, all targets.
#define N 16
#pragma dvm array distribute[block], shadow[1]
double A[N];
#pragma dvm inherit()
double g(double *p);
#pragma dvm inherit()
double g(double *p)
{
    return p[0];
}
double f(void)
{
    int i;
    double s = 0;
// CHECK: { dvmh_region_begin(__FILE__, [[@LINE+1]], DVMH_TARGET_ALL); dvmh_region_array(A, DVMH_INOUT, NULL); {
#pragma dvm region in() out() inout() local() inlocal() targets()
    {
// CHECK: dvmh_loop_create(__FILE__, [[@LINE+2]], 1,
#pragma dvm parallel([i] on A[i]) private() reduction() shadow_renew() across() tie()
        for (i = 0; i < N; i++)
            A[i] = i;
    }
// CHECK-NOT: dvmh_loop_shadow_renew
// CHECK-NOT: dvmh_loop_across
// CHECK-NOT: dvmh_loop_tie
// CHECK-NOT: dvmh_loop_reduction
// CHECK: dvmh_region_end(__FILE__, 20); }
// CHECK-NOT: actual
// CHECK: s = DVMH_RD(A, double, 0) + DVMH_RD(A, double, N - 1);
#pragma dvm get_actual()
#pragma dvm actual()
    s = A[0] + A[N - 1];
// CHECK: dvmh_get_actual_all(__FILE__, __LINE__);
#pragma dvm get_actual
    return s + g(&s);
}
