// RUN: env CDVMH_NVCC= %dvmcc -c %s -o %t.o 2>&1 | FileCheck %s
// RUN: env CDVMH_NVCC= %dvmcc -c --no-cuda %s -o %t.o 2>&1 | FileCheck %s --allow-empty --check-prefix=QUIET
// RUN: env CDVMH_NVCC= %dvmcc -fsyntax-only %s 2>&1 | FileCheck %s --allow-empty --check-prefix=QUIET
// RUN: nm %t.o | FileCheck %s --check-prefix=HOST
// Without nvcc the object gets host handlers only, and dvmcc says so once
// per command (not at all with --no-cuda, or when nothing is compiled).
double a[10];
void f(void)
{
    int i;
#pragma dvm parallel([i])
    for (i = 0; i < 10; i++)
        a[i] = i;
}
// CHECK-COUNT-1: dvmcc: note: nvcc not found: no CUDA handlers are built
// CHECK-NOT: nvcc not found
// QUIET-NOT: nvcc
// HOST-NOT: dvmh_cuda_image
