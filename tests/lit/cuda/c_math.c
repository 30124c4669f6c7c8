// RUN: %cdvmh %s -o %t.c --cuda-out %t.cu
// RUN: FileCheck %s --input-file %t.cu
// RUN: %cdvmh %S/Inputs/tgmath_loop.c -o %t2.c --cuda-out %t2.cu
// RUN: FileCheck %s --input-file %t2.cu --check-prefix=TG
// C's double math functions in a kernel: a device wrapper with the C
// prototype each (arguments convert to double: sqrt(i) of an int compiles,
// sqrt(f) of a float computes in double), called through a macro of the
// function's name defined after the program's own #include lines. Not
// under <tgmath.h>, whose macros choose by type.
#include <math.h>
double a[10];
void f(void)
{
    int i;
#pragma dvm parallel([i])
    for (i = 0; i < 10; i++) {
        float g = i;
        a[i] = sqrt(i) + fmod(i, 3.5) + sqrt(g) + ilogb(i + 1.0);
    }
}
// CHECK: static __device__ __forceinline__ double dvmh_c_sqrt(double dvmh_x) { return sqrt(dvmh_x); }
// CHECK: static __device__ __forceinline__ double dvmh_c_fmod(double dvmh_x, double dvmh_y) { return fmod(dvmh_x, dvmh_y); }
// CHECK: static __device__ __forceinline__ int dvmh_c_ilogb(double dvmh_x) { return ilogb(dvmh_x); }
// CHECK: #include <math.h>
// CHECK: #ifndef sqrt
// CHECK-NEXT: #define sqrt(...) dvmh_c_sqrt(__VA_ARGS__)
// CHECK-NEXT: #endif
// C++ keywords that C programs use as names are renamed after the headers.
// CHECK: #ifndef new
// CHECK-NEXT: #define new dvmh_c_new
// CHECK: #define class dvmh_c_class
// CHECK: #define min dvmh_c_min
// CHECK: a[i] = sqrt(i) + fmod(i, 3.5) + sqrt(g) + ilogb(i + 1.0);
// TG: #include <tgmath.h>
// TG-NOT: #define sqrt(
