// An object's device image reaches the assembler through a pipe while nvcc
// still runs (the host code compiles meanwhile): a slow stand-in nvcc's
// image, larger than a pipe holds, lands whole in .rodata.dvmh_cuda; one
// that fails leaves the single 0 byte of no image and a warning; a compile
// that fails before nvcc ends stops nvcc instead of waiting for it. No
// pipe or image file is left behind, and a cached image is read directly.
// RUN: rm -rf %t && mkdir -p %t/tmp
// RUN: %S/Inputs/make_image.py %t/img 3145745
// RUN: env TMPDIR=%t/tmp CDVMH_NVCC=%S/Inputs/slow_nvcc NVCC_IMAGE=%t/img NVCC_LOG=%t/log CDVMH_CUDA_CACHE=off %dvmcc -O1 -c %s -o %t/a.o 2>&1 | FileCheck %s --allow-empty --check-prefix=QUIET
// RUN: FileCheck %s --check-prefix=DONE < %t/log
// RUN: objcopy -O binary --only-section=.rodata.dvmh_cuda %t/a.o %t/a.image
// RUN: cmp %t/a.image %t/img.expected
// RUN: ls -A %t/tmp | FileCheck %s --allow-empty --check-prefix=QUIET
// nvcc fails after a while
// RUN: env TMPDIR=%t/tmp CDVMH_NVCC=%S/Inputs/slow_nvcc NVCC_LOG=%t/log CDVMH_CUDA_CACHE=off %dvmcc -O1 -c %s -o %t/b.o 2>&1 | FileCheck %s --check-prefix=FAILED
// RUN: objcopy -O binary --only-section=.rodata.dvmh_cuda %t/b.o %t/b.image
// RUN: %S/Inputs/make_image.py %t/none 0
// RUN: cmp %t/b.image %t/none.expected
// RUN: ls -A %t/tmp | FileCheck %s --allow-empty --check-prefix=QUIET
// an error in the host code: nvcc (20 s) is stopped, not waited for
// RUN: env TMPDIR=%t/tmp CDVMH_NVCC=%S/Inputs/slow_nvcc NVCC_SLEEP=20 NVCC_IMAGE=%t/img NVCC_LOG=%t/log CDVMH_CUDA_CACHE=off %not %dvmcc -O1 -DLATE_ERROR -Werror=unused-variable -c %s -o %t/c.o 2>&1 | FileCheck %s --check-prefix=ERROR
// RUN: FileCheck %s --check-prefix=STOPPED < %t/log
// RUN: ls -A %t/tmp | FileCheck %s --allow-empty --check-prefix=QUIET
// the cache: the first build puts the image there, the next reads it
// RUN: env TMPDIR=%t/tmp CDVMH_NVCC=%S/Inputs/slow_nvcc NVCC_IMAGE=%t/img CDVMH_CUDA_CACHE=%t/cache %dvmcc -O1 -c %s -o %t/d.o
// RUN: objcopy -O binary --only-section=.rodata.dvmh_cuda %t/d.o %t/d.image
// RUN: cmp %t/d.image %t/img.expected
// RUN: env TMPDIR=%t/tmp CDVMH_NVCC=%S/Inputs/slow_nvcc NVCC_LOG=%t/log2 CDVMH_CUDA_CACHE=%t/cache %dvmcc -O2 -c %s -o %t/e.o
// RUN: objcopy -O binary --only-section=.rodata.dvmh_cuda %t/e.o %t/e.image
// RUN: cmp %t/e.image %t/img.expected
// RUN: %not test -e %t/log2
// RUN: ls -A %t/tmp | FileCheck %s --allow-empty --check-prefix=QUIET
// QUIET-NOT: {{.}}
// DONE: done
// FAILED: warning: nvcc failed on the CUDA handlers of '{{.*}}late_image.c': its parallel loops run on the host only
// FAILED-NEXT: slow_nvcc: no image
// ERROR: error: unused variable 'unused_here'
// ERROR: error: compilation of '{{.*}}late_image.c' as C-DVMH failed
// STOPPED: stopped
#include <stdio.h>
#pragma dvm array distribute[block]
double R[8];
int main(void)
{
    int i;
    double s = 0;
#ifdef LATE_ERROR
    int unused_here;
#endif
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
