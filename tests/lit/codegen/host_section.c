// RUN: %cdvmh %s -o - | grep -v "^// " | FileCheck %s
// host_section: host code of a region run as written. The statements
// around it (sequential parts) are wrapped with get_actual/actual by the
// compiler; the host section is not: its own directives say what moves.
#pragma dvm array distribute[block]
double A[8];
double h[8];
void f(int it)
{
    int i;
    double eps = 0, r = 1;
// CHECK: dvmh_region_begin(
#pragma dvm region
    {
#pragma dvm parallel([i] on A[i]) reduction(max(eps))
        for (i = 0; i < 8; i++)
            eps = eps > A[i] ? eps : A[i];
// CHECK: dvmh_get_actual_data(__FILE__, __LINE__, h, {{.*}}); h[0] = 1; dvmh_actual_data(__FILE__, __LINE__, h,
        h[0] = 1;
// CHECK-EMPTY:
// CHECK-NEXT: {
// CHECK-NEXT: dvmh_get_actual_data(__FILE__, __LINE__, &eps, 0, NULL, sizeof(eps), NULL);
// CHECK-NEXT: h[it] = eps;
// CHECK-NEXT: r = 2;
// CHECK-NEXT: dvmh_actual_data(__FILE__, __LINE__, h, 1, {{.*}}, NULL);
// CHECK-NEXT: }
#pragma dvm host_section
        {
#pragma dvm get_actual(eps)
            h[it] = eps;
            r = 2;
#pragma dvm actual(h)
        }
#pragma dvm parallel([i] on A[i])
        for (i = 0; i < 8; i++)
            A[i] = A[i] * r;
    }
}
