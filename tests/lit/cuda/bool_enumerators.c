// RUN: %cdvmh %s -I%S/Inputs -o %t.c --cuda-out %t.cu
// RUN: FileCheck %s --input-file %t.cu
// RUN: %cdvmh %s -I%S/Inputs -DNO_ENUM -o %t2.c --cuda-out %t2.cu
// RUN: FileCheck %s --check-prefix=PLAIN --input-file %t2.cu
// A program's own enumerators true and false (the NPB's 'logical', here
// from a header) are C++ keywords: in the CUDA file they become macros
// of other names before the program's lines, taken away around its
// system headers, so the enum keeps C's values and nvcc accepts it. A
// program without them keeps C++'s true and false.
// CHECK: #define false dvmh_c_false
// CHECK-NEXT: #define true dvmh_c_true
// CHECK: #undef false
// CHECK-NEXT: #undef true
// CHECK: #include <math.h>
// CHECK-NEXT: #define false dvmh_c_false
// CHECK-NEXT: #define true dvmh_c_true
// CHECK: #include "npb_logical.h"
// CHECK: flag[i] == true
// PLAIN-NOT: dvmh_c_true
#include <math.h>
#ifndef NO_ENUM
#include "npb_logical.h"
#else
typedef int logical;
#define true 1
#endif
#define N 32
double a[N];
logical flag[N];
void k(void)
{
    int i;
#pragma dvm region
    {
#pragma dvm parallel([i]) tie(a[i], flag[i])
        for (i = 0; i < N; i++)
            a[i] = flag[i] == true ? sqrt(a[i]) : a[i];
    }
}
