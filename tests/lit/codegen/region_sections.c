// RUN: %cdvmh %s -o - | grep -v "^// " | FileCheck %s
// Region clauses with sections; data used and not listed is inout; a
// sequential part is wrapped with actuality calls.
#define N 10
double a[N][N];
double *b;
void f(void)
{
    int i;
// CHECK: { dvmh_region_begin(__FILE__, 12, DVMH_TARGET_HOST); dvmh_region_data(a, 2, (dvmh_idx[]){(dvmh_idx)(sizeof((a)) / sizeof((a)[0])), (dvmh_idx)(sizeof((a)[0]) / sizeof((a)[0][0]))}, sizeof((a)[0][0]), DVMH_IN, (dvmh_range[]){{[{][{]}}(1), (N-2)}, {DVMH_WHOLE, DVMH_WHOLE}}); DVMH_DATA_NAME(a, "a"); dvmh_region_data(b, 1, (dvmh_idx[]){-1}
// CHECK-SAME: DVMH_INOUT, NULL);
#pragma dvm region in(a[1:N-2][]) targets(HOST)
    {
// CHECK: dvmh_get_actual_data(__FILE__, __LINE__, b, 1
        b[0] = 1;
// CHECK-SAME: dvmh_actual_data(__FILE__, __LINE__, b, 1
#pragma dvm parallel([i])
        for (i = 1; i < N; i++)
            b[i] = a[i][0];
    }
// CHECK: dvmh_region_end(__FILE__, 12); }
}
