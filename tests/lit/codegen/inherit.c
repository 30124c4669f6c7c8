// RUN: %cdvmh %s -o - | grep -v "^// " | FileCheck %s
// inherit: the parameter carries the caller's descriptor.
#pragma dvm inherit(A)
double sum(double (*A)[10], int n);
#pragma dvm inherit(A)
double sum(double (*A)[10], int n)
{
// CHECK: { dvmh_array *const dvmh_inh_A = dvmh_array_of(__FILE__, __LINE__, A);
    double s = 0;
    int i, j;
// CHECK: dvmh_loop_map(dvmh_L, dvmh_inh_A,
// CHECK: dvmh_loop_array(dvmh_L, dvmh_inh_A, DVMH_READ);
#pragma dvm parallel([i][j] on A[i][j]) reduction(sum(s))
    for (i = 0; i < n; i++)
        for (j = 0; j < 10; j++)
            s += A[i][j];
    return s;
}
#pragma dvm array distribute[block][block]
double M[10][10];
// CHECK: return sum(((void *)M), 10);
double g(void) { return sum(M, 10); }
// a variable-length array parameter (its type as written: double [n][m])
#pragma dvm inherit(V)
double corner(int n, int m, double V[n][m])
{
// CHECK: { dvmh_array *const dvmh_inh_V = dvmh_array_of(__FILE__, __LINE__, V);
// CHECK: return DVMH_RD(dvmh_inh_V, double, n - 1, m - 1);
    return V[n - 1][m - 1];
}
// CHECK: return corner(10, 10, ((void *)M));
double h(void) { return corner(10, 10, M); }
