// RUN: %cdvmh --remarks %s -o %t.c --cuda-out %t.cu 2>&1 | FileCheck %s
// RUN: FileCheck %s --check-prefix=CU < %t.cu
// A file without parallel loops defines device versions of the functions a
// user header declares, for the loops of other files: not those whose body
// cannot run on a GPU, nor static, inline or undeclared ones (no remark).
#include "Inputs/extern_fns.h"
double factor = 2.0;
static double half(double x)
{
    return x * 0.5;
}
// CHECK: extern_defs.c:[[@LINE+1]]:1: remark: function 'ext_twice': device version for the parallel loops of other files
double ext_twice(double x)
{
    return half(x) * 4.0;
}
// CHECK: extern_defs.c:[[@LINE+1]]:1: remark: function 'ext_global': no device version for the parallel loops of other files: a function it calls uses the global variable 'factor'
double ext_global(double x)
{
    return x * factor;
}
// CHECK: extern_defs.c:[[@LINE+1]]:1: remark: function 'ext_scale': device version for the parallel loops of other files
double ext_scale(double x, int k)
{
    return x * k + ext_twice(x);
}
// CHECK-NOT: 'not_declared'
double not_declared(double x)
{
    return x;
}
// CU: compile with nvcc -fatbin -rdc=true
// CU-NOT: functions of other files
// declarations, then the definitions
// CU: __device__ double ext_twice(double x)
// CU: __device__ static double half(double x)
// CU: __device__ double ext_scale(double x, int k)
// CU: __device__ double ext_twice(double x)
// CU-NEXT: {
// CU-NEXT: return half(x) * 4.0;
// CU-NOT: ext_global
// CU-NOT: not_declared
