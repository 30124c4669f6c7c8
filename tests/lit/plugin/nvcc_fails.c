// RUN: env CDVMH_NVCC=%S/Inputs/failing_nvcc CDVMH_CUDA_CACHE=off %dvmcc -O1 %s -o %t 2>&1 | FileCheck %s
// RUN: %t | FileCheck %s --check-prefix=OUT
// RUN: env CDVMH_NVCC=%S/Inputs/failing_nvcc CDVMH_CUDA_CACHE=off %dvmcc -O1 -S %s -o %t.s 2>&1 | FileCheck %s
// nvcc failing on a file's CUDA handlers (C that C++ refuses) is a
// warning: the program builds, with an empty device image (an object, nvcc
// running alongside the host compile) or without the handlers (-S), and
// its loops run on the host.
// CHECK: warning: nvcc failed on the CUDA handlers of '{{.*}}nvcc_fails.c': its parallel loops run on the host only (--no-cuda builds without them and silences this):
// CHECK-NEXT: handlers.cu(3): error: expected an identifier
// CHECK: 1 warning generated.
// OUT: 56
#include <stdio.h>
#pragma dvm array distribute[block]
double R[8];
int main(void)
{
    int i;
    double s = 0;
#pragma dvm region
    {
#pragma dvm parallel([i] on R[i])
        for (i = 0; i < 8; i++)
            R[i] = i * 2;
    }
#pragma dvm parallel([i] on R[i]) reduction(sum(s))
    for (i = 0; i < 8; i++)
        s += R[i];
    printf("%g\n", s);
    return 0;
}
