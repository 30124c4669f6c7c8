// RUN: %cdvmh %s -o - | grep -v "^// " | FileCheck %s
// inlocal: registered with DVMH_INLOCAL (read at entry, not wanted after);
// a variable named only there is listed, not added again as inout.
#define N 10
#pragma dvm array distribute[block]
double A[N];
double t[N];
void f(void)
{
    int i;
// CHECK: { dvmh_region_begin(__FILE__, {{[0-9]+}}, DVMH_TARGET_ALL); dvmh_region_array(A, DVMH_OUT, NULL); dvmh_region_data(t, 1, (dvmh_idx[]){{.*}}}, sizeof((t)[0]), DVMH_INLOCAL, (dvmh_range[]){{[{][{]}}(2), (5)}});
// CHECK-NOT: DVMH_INOUT
// CHECK: dvmh_region_end
#pragma dvm region out(A), inlocal(t[2:5])
    {
#pragma dvm parallel([i] on A[i])
        for (i = 0; i < N; i++)
            A[i] = t[i % 4 + 2];
    }
}
