// RUN: %cdvmh --check %s -o - | grep -v "^// " | FileCheck %s
// RUN: %clang_plugin -fopenmp -Wall -Wno-unused-variable -Werror -Xclang -plugin-arg-cdvmh -Xclang check -c %s -o %t.o
// Check mode: a reduction variable (or its location variable) used other
// than in an update of its reduction reports where it is used; the updates
// themselves are left as they are.
#include <math.h>
#define MAX(a, b) ((a) > (b) ? (a) : (b))
#define TWICE(x) (2 * (x))
double a[100];
void f(void)
{
    int i, loc[1] = {0}, n = 0, bits = 0, any = 0;
    double s = 0, m = -1, top = -1, p = 1, lo = 1e9, hi = -1e9, t;
#pragma dvm parallel([i]) reduction(sum(s), max(m), maxloc(top, loc, 1), product(p), \
        min(lo), max(hi), sum(n), and(bits), or(any)) private(t)
    for (i = 0; i < 100; i++) {
// accepted: every update form
// CHECK: {{^}}        s += a[i];
        s += a[i];
// CHECK-NEXT: s = s + a[i] - 1;
        s = s + a[i] - 1;
// CHECK-NEXT: s = a[i] + s;
        s = a[i] + s;
// CHECK-NEXT: n++;
        n++;
// CHECK-NEXT: m = MAX(m, a[i]);
        m = MAX(m, a[i]);
// CHECK-NEXT: m = fmax(a[i], m);
        m = fmax(a[i], m);
// CHECK-NEXT: lo = a[i] < lo ? a[i] : lo;
        lo = a[i] < lo ? a[i] : lo;
// CHECK-NEXT: if (a[i] > top) { top = a[i]; loc[0] = i; }
        if (a[i] > top) { top = a[i]; loc[0] = i; }
// CHECK-NEXT: if (i % 2 && hi < a[i])
        if (i % 2 && hi < a[i])
// CHECK-NEXT: hi = a[i];
            hi = a[i];
// CHECK-NEXT: p *= 1 + a[i];
        p *= 1 + a[i];
// CHECK-NEXT: bits &= i;
        bits &= i;
// CHECK-NEXT: any = any || a[i] > 0;
        any = any || a[i] > 0;
// not updates (t, a private, is checked too): a read, the wrong operator, a plain assignment, the
// location variable elsewhere, a use in a macro (before its statement)
// CHECK-NEXT: (t = (*(dvmh_check_reduction_use("{{.*}}check_reduction.c", [[#@LINE+1]], "s", "i", 1, (dvmh_idx[]){(dvmh_idx)i}), &s)) * 2, dvmh_cw0 = 1);
        t = s * 2;
// CHECK-NEXT: (*(dvmh_check_reduction_use({{.*}}, "p", {{.*}}), &p)) += {{.*}}&t));
        p += t;
// CHECK-NEXT: (*(dvmh_check_reduction_use({{.*}}, "hi", {{.*}}), &hi)) = {{.*}}&t));
        hi = t;
// CHECK-NEXT: a[i] = (*(dvmh_check_reduction_use({{.*}}, "loc (location of top)", {{.*}}), &loc))[0];
        a[i] = loc[0];
// CHECK-NEXT: (*(dvmh_check_reduction_use({{.*}}, "s", {{.*}}), &s)) = (*(dvmh_check_reduction_use({{.*}}, "s", {{.*}}), &s)) + (*(dvmh_check_reduction_use({{.*}}, "s", {{.*}}), &s));
        s = s + s;
// CHECK-NEXT: dvmh_check_reduction_use({{.*}}, [[#@LINE+1]], "n", {{.*}}); a[i] += TWICE(n);
        a[i] += TWICE(n);
// in a branch: braces hold the report and the statement
// CHECK-NEXT: if (i == 5)
        if (i == 5)
// CHECK-NEXT: { dvmh_check_reduction_use({{.*}}, [[#@LINE+1]], "s", {{.*}}); a[i] = TWICE(s); }
            a[i] = TWICE(s);
    }
}
