// RUN: %cdvmh %s -o - | grep -v "^// " | FileCheck %s
// Section bounds left open, as in the DVM system: [:] is the whole
// dimension, [:hi] starts at 0, [lo:] runs to the end of the dimension
// (the declared size: a number for a distributed array, sizeof for
// ordinary data, a variable-length one included).
#define N 16
#pragma dvm array distribute[block][block]
double A[N][8];
double b[N];
void f(int n)
{
    int i;
    double v[n][4];
// CHECK: dvmh_region_begin(__FILE__, [[@LINE+2]], DVMH_TARGET_ALL); dvmh_region_array(A, DVMH_OUT, (dvmh_range[]){{[{][{]}}DVMH_WHOLE, DVMH_WHOLE}, {(2), (8 - 1)}});
// CHECK-SAME: DVMH_OUT, (dvmh_range[]){{[{][{]}}(0), (N/2-1)}}); DVMH_DATA_NAME(b, "b"); {{.*}} DVMH_INOUT, (dvmh_range[]){{[{][{]}}(N/2), ((dvmh_idx)(sizeof((b)) / sizeof((b)[0])) - 1)}});
#pragma dvm region out(A[:][2:], b[:N/2-1]) inout(b[N/2:])
    {
#pragma dvm parallel([i] on A[i][0]) tie(b[i])
        for (i = 0; i < N; i++) { A[i][0] = i; b[i] = 2 * i; }
    }
// CHECK: dvmh_get_actual_array(__FILE__, __LINE__, A, (dvmh_range[]){{[{][{]}}(3), (16 - 1)}, {(0), (1)}});
#pragma dvm get_actual(A[3:][:1])
// CHECK: dvmh_actual_data(__FILE__, __LINE__, v, 2, {{.*}}, (dvmh_range[]){{[{][{]}}(1), ((dvmh_idx)(sizeof((v)) / sizeof((v)[0])) - 1)}, {(2), ((dvmh_idx)(sizeof((v)[0]) / sizeof((v)[0][0])) - 1)}});
#pragma dvm actual(v[1:][2 :])
// CHECK: dvmh_get_actual_data(__FILE__, __LINE__, b, 1, {{.*}}, (dvmh_range[]){{[{][{]}}DVMH_WHOLE, DVMH_WHOLE}});
#pragma dvm get_actual(b[ : ])
    (void)v;
}
