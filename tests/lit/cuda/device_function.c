// RUN: %cdvmh %s -o %t.c --cuda-out %t.cu
// RUN: FileCheck %s --input-file %t.cu
// Functions the body calls that are defined in this file get __device__
// copies (with what they call in turn); math functions are CUDA's.
#include <math.h>
#pragma dvm array distribute[block]
double A[64];
static double square(double x) { return x * x; }
double norm(double x, double y) { return sqrt(square(x) + square(y)); }
void f(void)
{
    int i;
#pragma dvm parallel([i] on A[i])
    for (i = 0; i < 64; i++)
        A[i] = norm(A[i], fabs((double)i));
}
// CHECK: #include <math.h>
// CHECK: __device__ double norm(double x, double y) ;
// CHECK-NEXT: __device__ static double square(double x) ;
// CHECK: __device__ double norm(double x, double y) { return sqrt(square(x) + square(y)); }
// CHECK: __device__ static double square(double x) { return x * x; }
// CHECK: A[i] = norm(A[i], fabs((double)i));
