// RUN: %cdvmh --remarks %s -o %t.c --cuda-out %t.cu 2>&1 | FileCheck %s
// RUN: grep -v "^// " %t.c | FileCheck %s --check-prefix=HOST
// A loop that calls what cannot run on a GPU gets no CUDA handler (the
// runtime runs it on the host) and a remark says why; the others get one.
#include <stdio.h>
double a[10];
void log_value(double);
void f(void)
{
    int i;
// CHECK: not_on_gpu.c:[[@LINE+2]]:5: remark: parallel loop: no CUDA handler: the call to 'printf' cannot run on the GPU (only functions defined in this file and the math library can); the loop runs on the host
#pragma dvm parallel([i])
    for (i = 0; i < 10; i++)
        printf("%g\n", a[i]);
// CHECK: not_on_gpu.c:[[@LINE+2]]:5: remark: parallel loop: no CUDA handler: the call to 'log_value' cannot run on the GPU
#pragma dvm parallel([i])
    for (i = 0; i < 10; i++)
        log_value(a[i]);
// CHECK: not_on_gpu.c:[[@LINE+2]]:5: remark: parallel loop: CUDA handler '{{.*}}_cuda' generated
#pragma dvm parallel([i])
    for (i = 0; i < 10; i++)
        a[i] = i;
}
// HOST-NOT: DVMH_DEV_CUDA
// HOST: dvmh_loop_handler(dvmh_L, DVMH_DEV_CUDA,
// HOST-NOT: DVMH_DEV_CUDA
