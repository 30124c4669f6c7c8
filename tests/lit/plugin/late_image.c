// nvcc runs beside the compile. It starts before the file is rewritten and
// reads its CUDA file from a pipe (a stand-in nvcc that copies its file to
// the image shows the whole file arriving; relocatable device code, other
// flags, starts nvcc again on a file, and so does an early nvcc failing,
// which may not have read the pipe). The image reaches the assembler
// through a pipe while nvcc still runs: a slow stand-in nvcc's image,
// larger than a pipe holds, lands whole in .rodata.dvmh_cuda; one that
// fails leaves the single 0 byte of no image and a warning; a compile that
// fails before nvcc ends stops nvcc instead of waiting for it. No pipe or
// image file is left behind; a cached image is read directly, and the
// nvcc started early gets no file (the pipe closes without the file's end
// mark) and ends, refusing it.
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
// RUN: FileCheck %s --check-prefix=REFUSED < %t/log2
// the CUDA file through the pipe, whole; with -rdc=true from a file
// RUN: %cdvmh -I%runtime_include %s -o %t/h.c --cuda-out %t/k.cu
// RUN: cat %t/k.cu %S/Inputs/late_image_end %t/none.expected > %t/k.expected
// RUN: env TMPDIR=%t/tmp CDVMH_NVCC=%S/Inputs/cat_nvcc NVCC_LOG=%t/log3 CDVMH_CUDA_CACHE=off %dvmcc -O1 -c %s -o %t/f.o
// RUN: FileCheck %s --check-prefix=EARLY < %t/log3
// RUN: objcopy -O binary --only-section=.rodata.dvmh_cuda %t/f.o %t/f.image
// RUN: cmp %t/f.image %t/k.expected
// RUN: env TMPDIR=%t/tmp CDVMH_NVCC=%S/Inputs/cat_nvcc NVCC_LOG=%t/log4 CDVMH_CUDA_CACHE=off %dvmcc -O1 -DLATE_RDC -c %s -o %t/g.o
// RUN: FileCheck %s --check-prefix=FILE < %t/log4
// RUN: ls -A %t/tmp | FileCheck %s --allow-empty --check-prefix=QUIET
// an nvcc that cannot read the pipe: nvcc again on a file, no warning
// RUN: cat %t/k.cu %t/none.expected > %t/k.file.expected
// RUN: env TMPDIR=%t/tmp CDVMH_NVCC=%S/Inputs/fdless_nvcc NVCC_LOG=%t/log5 CDVMH_CUDA_CACHE=off %dvmcc -O1 -c %s -o %t/h.o 2>&1 | FileCheck %s --allow-empty --check-prefix=QUIET
// RUN: FileCheck %s --check-prefix=FILE < %t/log5
// RUN: objcopy -O binary --only-section=.rodata.dvmh_cuda %t/h.o %t/h.image
// RUN: cmp %t/h.image %t/k.file.expected
// RUN: ls -A %t/tmp | FileCheck %s --allow-empty --check-prefix=QUIET
// QUIET-NOT: {{.}}
// DONE: done
// FAILED: warning: nvcc failed on the CUDA handlers of '{{.*}}late_image.c': its parallel loops run on the host only
// FAILED-NEXT: slow_nvcc: no image
// ERROR: error: unused variable 'unused_here'
// ERROR: error: compilation of '{{.*}}late_image.c' as C-DVMH failed
// STOPPED: stopped
// REFUSED: refused
// EARLY: early
// FILE: file
#include <stdio.h>
#ifdef LATE_RDC
#include "Inputs/late_image_twice.h"
#define VALUE(i) twice(i)
#else
#define VALUE(i) ((i) * 2)
#endif
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
            R[i] = VALUE(i);
    }
#pragma dvm parallel([i] on R[i]) reduction(sum(s))
    for (i = 0; i < 8; i++)
        s += R[i];
    printf("%g\n", s);
    return 0;
}
