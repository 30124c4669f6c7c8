// REQUIRES: nvcc
// A file with device versions of its functions for other files' loops and
// no kernels of its own still compiles when nvcc rejects those versions
// (here: C's implicit conversion from void *, which CUDA C++ refuses): a
// warning says the loops that call them run on the host, and no device
// image is embedded (nothing registers for the device link).
// RUN: %clang_plugin -fopenmp -Xclang -plugin-arg-cdvmh -Xclang keep=%t.kept.c -c %s -o %t.o 2>&1 | FileCheck %s
// RUN: grep -v "^// " %t.kept.c | FileCheck %s --check-prefix=KEPT
// RUN: nm %t.o | FileCheck %s --check-prefix=OBJ
#include "Inputs/extern_bad.h"
double from_void(void *p)
{
    double *d = p;
    return *d;
}
double fine(double x)
{
    return x + 1;
}
// CHECK: warning: nvcc failed on the device versions of the functions of '{{.*}}extern_nvcc_fails.c': the parallel loops of other files that call them run on the host
// KEPT-NOT: dvmh_cuda_image_
// KEPT-NOT: dvmh_cuda_register
// OBJ-NOT: dvmh_cuda_register
// OBJ: T fine
