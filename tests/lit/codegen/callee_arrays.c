// RUN: %cdvmh %s -o - | grep -v "^// " | FileCheck %s
// RUN: %cdvmh %s -o %t.c && %clang -fsyntax-only -Wall -Werror -I%runtime_include %t.c
// Functions the body calls that read file-scope arrays themselves: those
// arrays are the loop's data, read with no reach (whole: the runtime
// cannot see which elements), also where the body reads them too, and
// only the host runs the loop. A scalar they read is the host's value.
#define N 32
double u[N], r[N], coef[3];
double h;
static double lap(int i) { return (u[i - 1] - 2 * u[i] + u[i + 1]) * h; }
static double scaled(int i) { return lap(i) * coef[i % 3]; }
void k(void)
{
    int i;
#pragma dvm region
    {
// CHECK: dvmh_loop_data(dvmh_L, r, {{.*}}, DVMH_READ | DVMH_WRITE | DVMH_DENSE);
// CHECK-NEXT: dvmh_loop_data(dvmh_L, u, {{.*}}, DVMH_READ);
// CHECK-NEXT: dvmh_loop_data(dvmh_L, coef, {{.*}}, DVMH_READ);
// CHECK-NEXT: dvmh_loop_describe(dvmh_L, 0, "r", DVMH_T_DOUBLE);
// CHECK-NEXT: dvmh_loop_reach(dvmh_L, 0,
// CHECK-NEXT: dvmh_loop_describe(dvmh_L, 1, "u", DVMH_T_DOUBLE);
// CHECK-NEXT: dvmh_loop_describe(dvmh_L, 2, "coef", DVMH_T_DOUBLE);
// CHECK: dvmh_loop_tie(
// CHECK-NEXT: dvmh_loop_host_only(dvmh_L);
#pragma dvm parallel([i]) tie(r[i])
        for (i = 1; i < N - 1; i++)
            r[i] = scaled(i) + u[i];
// a loop that calls nothing of the kind runs anywhere
// CHECK-NOT: dvmh_loop_host_only
#pragma dvm parallel([i]) tie(u[i], r[i])
        for (i = 1; i < N - 1; i++)
            u[i] += r[i];
    }
}
