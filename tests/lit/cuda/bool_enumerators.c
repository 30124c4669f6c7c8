// RUN: %cdvmh %s -I%S/Inputs -o %t.c --cuda-out %t.cu
// RUN: FileCheck %s --input-file %t.cu
// RUN: %cdvmh %s -I%S/Inputs -DNO_ENUM -o %t2.c --cuda-out %t2.cu
// RUN: FileCheck %s --check-prefix=PLAIN --input-file %t2.cu
// A program's own enumerators true and false (the NPB's 'logical', here
// from a header), and C++ keywords its own headers use as names (NPB's
// print_results(..., char class, ...)), become macros of other names
// before the program's lines, kept away from its system headers
// (push_macro), so the enum keeps C's values and nvcc accepts the
// header. A program without them keeps C++'s true and false, and its
// keywords are renamed after its lines only.
// CHECK: #define false dvmh_c_false
// CHECK-NEXT: #define true dvmh_c_true
// CHECK-NEXT: #define class dvmh_c_class
// CHECK-NEXT: #pragma push_macro("false")
// CHECK-NEXT: #undef false
// CHECK: #pragma push_macro("class")
// CHECK-NEXT: #undef class
// CHECK-NEXT: #line
// CHECK-NEXT: #include <math.h>
// CHECK-NEXT: #pragma pop_macro("false")
// CHECK-NEXT: #pragma pop_macro("true")
// CHECK-NEXT: #pragma pop_macro("class")
// CHECK: #include "npb_logical.h"
// CHECK: flag[i] == true
// PLAIN-NOT: dvmh_c_true
// PLAIN-NOT: push_macro("class")
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
