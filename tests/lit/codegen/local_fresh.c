// RUN: %cdvmh %s -o - | grep -v "^// " | FileCheck %s
// Automatic arrays start a new lifetime at their declaration: the runtime
// forgets what it knew of the memory (DVMH_DATA_FRESH). Not for static or
// distributed arrays, scalars, or arrays declared in parallel loop bodies.
#define N 8
// the loop's nest comes first in the generated file
// CHECK: static void dvmh_loop_local_fresh_{{[0-9]+}}_nest
// CHECK: double w[2];{{$}}
void g(double *p);
void f(int n)
{
    int i;
// CHECK: double t[N], u[n]; DVMH_DATA_FRESH(t, sizeof(t)); DVMH_DATA_FRESH(u, sizeof(u));
    double t[N], u[n];
// CHECK: static double keep[N];{{$}}
    static double keep[N];
// CHECK: double x = 0;{{$}}
    double x = 0;
#pragma dvm array distribute[block]
    double D[N];
// CHECK-NOT: DVMH_DATA_FRESH(D
#pragma dvm parallel([i] on D[i])
    for (i = 0; i < N; i++) {
        double w[2];
        w[0] = i;
        w[1] = w[0] + 1;
        D[i] = w[1];
    }
    g(t);
    g(u);
    g(keep);
    g(&x);
}
