/* A solver in functions with automatic scratch arrays that regions
 * compute on the accelerators (never read back: only reductions leave
 * the function), and a report function with local aggregates that uses
 * the plain '#pragma dvm get_actual' (everything) before it prints the
 * global results, as DVM programs do before output. */
#include <stdio.h>

#define N 50
// TOLERANCE: 1e-9

double u[N], f[N];

typedef struct {
    double lo[N];
    double hi[N];
    int count;
} stats;

static double residual(void)
{
    double r[N];
    double s = 0;
    int i;
#pragma dvm region in(u, f) out(r)
    {
#pragma dvm parallel([i]) tie(r[i], u[i], f[i])
        for (i = 1; i < N - 1; i++)
            r[i] = f[i] - (2 * u[i] - u[i - 1] - u[i + 1]);
#pragma dvm parallel([i]) tie(r[i]) reduction(sum(s))
        for (i = 1; i < N - 1; i++)
            s += r[i] * r[i];
    }
    return s;
}

static void sweep(void)
{
    double t[N];
    int i;
#pragma dvm region in(f) inout(u) local(t)
    {
#pragma dvm parallel([i]) tie(t[i], u[i], f[i])
        for (i = 1; i < N - 1; i++)
            t[i] = 0.5 * (u[i - 1] + u[i + 1] + f[i]);
#pragma dvm parallel([i]) tie(t[i], u[i])
        for (i = 1; i < N - 1; i++)
            u[i] = 0.3 * u[i] + 0.7 * t[i];
    }
}

static void report(int it, double res)
{
    stats st;
    int i;
    st.count = 0;
    for (i = 0; i < N; i++) {
        st.lo[i] = -1.0 * i;
        st.hi[i] = 1.0 * i;
    }
#pragma dvm get_actual
    double s = 0;
    for (i = 0; i < N; i++) {
        if (u[i] > st.lo[i] && u[i] < st.hi[i] + 1)
            st.count++;
        s += u[i] * (i + 1) + st.lo[i] + st.hi[i];
    }
    printf("it %d res %.10f u %.10f in %d\n", it, res, s, st.count);
}

int main(void)
{
    int i, it;
    for (i = 0; i < N; i++) {
        u[i] = 0;
        f[i] = ((i * 13) % 7) * 0.1;
    }
#pragma dvm actual(u, f)
    for (it = 0; it < 6; it++) {
        sweep();
        double res = residual();
        if (it % 2 == 1)
            report(it, res);
    }
    return 0;
}
