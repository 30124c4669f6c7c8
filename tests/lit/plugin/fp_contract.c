// RUN: env CDVMH_NVCC=%S/Inputs/logging_nvcc NVCC_LOG=%t.default CDVMH_CUDA_CACHE=off %dvmcc -O1 -c %s -o %t.o 2>/dev/null
// RUN: FileCheck %s --check-prefix=DEFAULT < %t.default
// RUN: env CDVMH_NVCC=%S/Inputs/logging_nvcc NVCC_LOG=%t.off CDVMH_CUDA_CACHE=off %dvmcc -O1 -ffp-contract=off -c %s -o %t.o 2>/dev/null
// RUN: FileCheck %s --check-prefix=OFF < %t.off
// RUN: env CDVMH_NVCC=%S/Inputs/logging_nvcc NVCC_LOG=%t.fast CDVMH_CUDA_CACHE=off %dvmcc -O1 -ffp-contract=fast -c %s -o %t.o 2>/dev/null
// RUN: FileCheck %s --check-prefix=DEFAULT < %t.fast
// -ffp-contract=off keeps a * b + c unfused in the CUDA handlers too
// (nvcc --fmad=false); otherwise nvcc fuses as it does by default.
// DEFAULT: -fatbin
// DEFAULT-NOT: --fmad=false
// OFF: -fatbin
// OFF: --fmad=false
#pragma dvm array distribute[block]
float R[8];
int main(void)
{
    int i;
    float a = 1.5f, b = 2.5f;
#pragma dvm region
    {
#pragma dvm parallel([i] on R[i])
        for (i = 0; i < 8; i++)
            R[i] = a * i + b;
    }
    return 0;
}
