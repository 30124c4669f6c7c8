// RUN: %cdvmh %s -o - | grep -v "^// " | FileCheck %s
// get_actual/actual with and without lists and sections.
#pragma dvm array distribute[block][block]
double A[4][4];
double x[4];
void f(void)
{
    double eps = 0;
// CHECK: dvmh_get_actual_array(__FILE__, __LINE__, A, NULL); dvmh_get_actual_data(__FILE__, __LINE__, &eps, 0, NULL, sizeof(eps), NULL);
#pragma dvm get_actual(A, eps)
// CHECK: dvmh_actual_array(__FILE__, __LINE__, A, (dvmh_range[]){{[{][{]}}(0), (0)}, {DVMH_WHOLE, DVMH_WHOLE}});
#pragma dvm actual(A[0][])
// CHECK: dvmh_get_actual_data(__FILE__, __LINE__, x, 1, {{.*}}, (dvmh_range[]){{[{][{]}}(1), (2)}});
#pragma dvm get_actual(x[1:2])
// CHECK: dvmh_get_actual_all(__FILE__, __LINE__);
#pragma dvm get_actual
// CHECK: dvmh_actual_all(__FILE__, __LINE__);
#pragma dvm actual
    (void)eps;
}
