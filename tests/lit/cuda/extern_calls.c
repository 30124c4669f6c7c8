// RUN: %cdvmh --remarks %s -o %t.c --cuda-out %t.cu 2>&1 | FileCheck %s
// RUN: FileCheck %s --check-prefix=CU < %t.cu
// RUN: grep -v "^// " %t.c | FileCheck %s --check-prefix=HOST
// Loops calling functions of other files that a user header declares get
// CUDA handlers: the CUDA file declares them __device__ and is relocatable
// device code; the call site gives the handler only when the program's
// device code can be completed (dvmh_cuda_linkable).
#include <stdio.h>
#include "Inputs/extern_fns.h"
double a[10];
double local_proto(double);
void f(void)
{
    int i;
// CHECK: extern_calls.c:[[@LINE+2]]:5: remark: parallel loop: CUDA handler 'dvmh_loop_extern_calls_[[L1:[0-9]+]]_cuda' generated (kernel 'dvmh_loop_extern_calls_[[L1]]_kernel'); it calls 'ext_scale', 'ext_twice' of other files (device code linked at run time)
#pragma dvm parallel([i])
    for (i = 0; i < 10; i++)
        a[i] = ext_scale(a[i], i) + ext_twice(a[i]);
// CHECK: extern_calls.c:[[@LINE+2]]:5: remark: parallel loop: no CUDA handler: the call to 'ext_sum' cannot run on the GPU (a function of another file needs a prototype without '...'); the loop runs on the host
#pragma dvm parallel([i])
    for (i = 0; i < 10; i++)
        a[i] = ext_sum(2, a[i], 1.0);
// CHECK: extern_calls.c:[[@LINE+2]]:5: remark: parallel loop: no CUDA handler: the call to 'local_proto' cannot run on the GPU (a function of another file can when a header declares it); the loop runs on the host
#pragma dvm parallel([i])
    for (i = 0; i < 10; i++)
        a[i] = local_proto(a[i]);
// CHECK: extern_calls.c:[[@LINE+2]]:5: remark: parallel loop: no CUDA handler: the call to 'ext_apply' cannot run on the GPU (it takes or returns a pointer to a function or a long double); the loop runs on the host
#pragma dvm parallel([i])
    for (i = 0; i < 10; i++)
        a[i] = ext_apply(ext_twice, a[i]);
// CHECK: extern_calls.c:[[@LINE+2]]:5: remark: parallel loop: no CUDA handler: the call to 'puts' cannot run on the GPU (only functions defined in this file and the math library can); the loop runs on the host
#pragma dvm parallel([i])
    for (i = 0; i < 10; i++)
        a[i] = puts("x");
}
// CU: compile with nvcc -fatbin -rdc=true
// CU: /* functions of other files (relocatable device code) */
// CU-NEXT: __device__ double ext_scale(double, int);
// CU-NEXT: __device__ double ext_twice(double);
// CU-NOT: ext_sum
// CU: extern "C" __global__
// HOST: dvmh_loop_handler(dvmh_L, DVMH_DEV_HOST,
// HOST-NEXT: #ifdef DVMH_CUDA_HANDLERS
// HOST-NEXT: if (dvmh_cuda_linkable(&dvmh_cuda_module_extern_calls))
// HOST-NEXT: dvmh_loop_handler(dvmh_L, DVMH_DEV_CUDA, dvmh_loop_extern_calls_{{[0-9]+}}_cuda);
