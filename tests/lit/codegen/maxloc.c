// RUN: %cdvmh %s -o - | grep -v "^// " | FileCheck %s
// maxloc with a location array, private variables, a step and a downward loop.
double a[100];
void f(void)
{
    int i, loc[1];
    double m = -1, t;
// CHECK: double t;
// CHECK: double m;
// CHECK-NEXT: __builtin_memcpy(&m, dvmh_red0, sizeof(m));
// CHECK-NEXT: int loc[1];
// CHECK-NEXT: __builtin_memcpy(&loc, dvmh_loc0, sizeof(loc));
// CHECK: for (int i = dvmh_lo0; i >= dvmh_hi0; i += dvmh_st0)
// CHECK: int loc[1];
// CHECK-NEXT: dvmh_red_init(dvmh_P, 0, &m, &loc);
// CHECK: dvmh_loop_create(__FILE__, {{[0-9]+}}, 1,
// CHECK-NEXT: (dvmh_idx[]){99},
// CHECK-NEXT: (dvmh_idx[]){0},
// CHECK-NEXT: (dvmh_idx[]){-(2)});
// CHECK: dvmh_loop_data(dvmh_L, a, 1, {{.*}}, DVMH_READ);
// CHECK: dvmh_loop_reduction(dvmh_L, DVMH_RED_MAXLOC, DVMH_T_DOUBLE, &m, 1, &loc, 1, sizeof(loc) / (1));
#pragma dvm parallel([i]) private(t) reduction(maxloc(m, loc, 1))
    for (i = 99; i >= 0; i -= 2) {
        t = a[i];
        if (t > m) { m = t; loc[0] = i; }
    }
}
