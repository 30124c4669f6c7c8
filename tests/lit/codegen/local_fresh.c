// RUN: %cdvmh %s -o - | grep -v "^// " | FileCheck %s
// Automatic arrays start a new lifetime at their declaration: the runtime
// forgets what it knew of the memory (DVMH_DATA_FRESH), and again where
// their block ends (DVMH_DATA_SCOPE, a cleanup), unless a jump from
// before the declaration lands after it (a goto, a switch's case: it
// would bypass the cleanup). Not for static or distributed arrays, scalars, or arrays
// declared in parallel loop bodies.
#define N 8
// the loop's nest comes first in the generated file
// CHECK: static void dvmh_loop_local_fresh_{{[0-9]+}}_nest
// CHECK: double w[2];{{$}}
void g(double *p);
void f(int n)
{
    int i;
// CHECK: double t[N], u[n]; DVMH_DATA_SCOPE(dvmh_scope_t, t, sizeof(t)); DVMH_DATA_FRESH(t, sizeof(t)); DVMH_DATA_SCOPE(dvmh_scope_u, u, sizeof(u)); DVMH_DATA_FRESH(u, sizeof(u));
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
    switch (n) {
    case 0: {
// CHECK: double in_case[N]; DVMH_DATA_SCOPE(dvmh_scope_in_case, in_case, sizeof(in_case)); DVMH_DATA_FRESH(in_case, sizeof(in_case));
        double in_case[N];
        g(in_case);
        break;
    }
    case 1:;
// CHECK: double before_case[N]; DVMH_DATA_FRESH(before_case, sizeof(before_case));
        double before_case[N];
        g(before_case);
        break;
    default:
        break;
    }
    if (n > 5)
        goto late;
    {
// CHECK: double jumped_over[N]; DVMH_DATA_FRESH(jumped_over, sizeof(jumped_over));
        double jumped_over[N];
        g(jumped_over);
    late:
        g(jumped_over);
    }
    {
// CHECK: double own_jumps[N]; DVMH_DATA_SCOPE(dvmh_scope_own_jumps, own_jumps, sizeof(own_jumps)); DVMH_DATA_FRESH(own_jumps, sizeof(own_jumps));
        double own_jumps[N];
        g(own_jumps);
        if (n > 3)
            goto done;
        g(own_jumps);
    done:
        switch (n) {
        case 1:
            g(own_jumps);
            break;
        }
    }
}
