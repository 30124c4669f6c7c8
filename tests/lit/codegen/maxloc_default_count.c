// RUN: %cdvmh %s -o - | grep -v "^// " | FileCheck %s
// maxloc/minloc without the count: every element of the location variable.
double a[100];
void f(void)
{
    int i, at, where[2][3];
    double m = -1, n = 1e9;
// CHECK: dvmh_loop_reduction(dvmh_L, DVMH_RED_MAXLOC, DVMH_T_DOUBLE, &m, 1, &at, 1, sizeof(at) / (1));
// CHECK-NEXT: dvmh_loop_reduction(dvmh_L, DVMH_RED_MINLOC, DVMH_T_DOUBLE, &n, 1, &where, 6, sizeof(where) / (6));
#pragma dvm parallel([i]) reduction(maxloc(m, at), minloc(n, where))
    for (i = 0; i < 100; i++) {
        if (a[i] > m) { m = a[i]; at = i; }
        if (a[i] < n) { n = a[i]; where[0][0] = i; where[1][2] = -i; }
    }
}
