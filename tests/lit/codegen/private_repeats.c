// RUN: %cdvmh %s -o - | grep -v "^// " | FileCheck %s
// RUN: %cdvmh %s -o - | grep -v "^// " | FileCheck --check-prefix=NODATA %s
// RUN: %cdvmh %s -o %t.c && %clang -fsyntax-only -Wall -Werror -I%runtime_include %t.c
// As in the DVM system: a name repeated in 'private' is the same private
// variable (a real NPB port writes 'private(..., m, ...)' with m twice),
// and a private array named in 'tie' as well (SAPFOR writes
// 'tie(A[i], P[]) private(P)') is each iteration's own, not the loop's
// data: the handler declares it, the call site does not pass it.
#define N 8
double a[N][4], p[4];
void k(void)
{
    int i, m;
    double t;
#pragma dvm region
    {
// CHECK-LABEL: static void dvmh_loop_private_repeats_{{[0-9]+}}_nest(
// CHECK: int m;
// CHECK-NEXT: double t;
// CHECK-NOT: int m;
// CHECK: for (int i =
#pragma dvm parallel(1) private(m, t, m)
        for (i = 0; i < N; i++)
            for (m = 0; m < 4; m++) {
                t = i * 10 + m;
                a[i][m] = t;
            }
// CHECK-LABEL: static void dvmh_loop_private_repeats_{{[0-9]+}}_nest(
// CHECK-NOT: (*const restrict p)
// CHECK: double p[4];
// CHECK: for (int i =
#pragma dvm parallel([i]) tie(a[i][], p[]) private(p)
        for (i = 0; i < N; ++i) {
            for (int q = 0; q < 4; ++q)
                p[q] = i + q;
            a[i][0] = p[0] + p[3];
        }
// NODATA-NOT: dvmh_loop_data(dvmh_L, p,
// CHECK: dvmh_loop_tie(dvmh_L, 0,
// CHECK-NOT: dvmh_loop_tie(
// CHECK: dvmh_loop_run(dvmh_L);
    }
    (void)m;
    (void)t;
}
