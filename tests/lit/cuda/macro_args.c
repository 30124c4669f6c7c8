// RUN: %cdvmh --remarks %s -o %t.c --cuda-out %t.cu 2>&1 | FileCheck %s
// RUN: FileCheck %s --check-prefix=CU --input-file %t.cu
// Array references spelled in a macro's arguments (the DVM system's own
// examples write 'eps = Max(fabs(s - A[i][j]), eps)') get the kernel's
// flat indexing where the argument is spelled, once however many times
// the macro uses it; a reference a macro's definition spells cannot be
// rewritten: that loop alone runs on the host, and a remark says why.
#include <math.h>
#define Max(a, b) ((a) > (b) ? (a) : (b))
#define SQR(x) ((x) * (x))
#define AT(i, j) A[i][j]
#define N 16
#pragma dvm array distribute[block][block]
double A[N][N];
#pragma dvm array align([i][j] with A[i][j])
double B[N][N];
double f(void)
{
    int i, j;
    double eps = 0;
#pragma dvm region
    {
// CHECK: macro_args.c:[[@LINE+3]]:9: remark: parallel loop: CUDA handler '{{.*}}_cuda' generated
// CU: eps = Max(fabs(B[(dvmh_I)(i) * dvmh_s{{[0-9]}}_0 + (dvmh_I)(j)] - A[{{.*}}]), eps);
#pragma dvm parallel([i][j] on A[i][j]) reduction(max(eps))
        for (i = 1; i < N - 1; i++)
            for (j = 1; j < N - 1; j++)
                eps = Max(fabs(B[i][j] - A[i][j]), eps);
// CHECK: macro_args.c:[[@LINE+3]]:9: remark: parallel loop: CUDA handler '{{.*}}_cuda' generated
// CU: B[{{.*}}] = SQR(A[(dvmh_I)(i + 1) * dvmh_s{{[0-9]}}_0 + (dvmh_I)(j)]) + SQR(A[{{.*}}]);
#pragma dvm parallel([i][j] on B[i][j])
        for (i = 1; i < N - 1; i++)
            for (j = 1; j < N - 1; j++)
                B[i][j] = SQR(A[i + 1][j]) + SQR(A[i][j - 1]);
// CHECK: macro_args.c:[[@LINE+2]]:9: remark: parallel loop: no CUDA handler: 'A' is subscripted inside a macro's definition
#pragma dvm parallel([i][j] on B[i][j])
        for (i = 1; i < N - 1; i++)
            for (j = 1; j < N - 1; j++)
                B[i][j] = AT(i, j);
    }
    return eps;
}
