// The image cache: the first build puts nvcc's image there, the next reads
// it directly (the same bytes in .rodata.dvmh_cuda). (early_pipe.c: the
// nvcc started early for nothing then.)
// RUN: rm -rf %t && mkdir -p %t/tmp
// RUN: %S/Inputs/make_image.py %t/img 3145745
// RUN: env TMPDIR=%t/tmp CDVMH_NVCC=%S/Inputs/slow_nvcc NVCC_IMAGE=%t/img NVCC_LOG=%t/log.d CDVMH_CUDA_CACHE=%t/cache %dvmcc -O1 -c %S/Inputs/late_image.c -o %t/d.o
// RUN: FileCheck %s --check-prefix=DONE < %t/log.d
// RUN: objcopy -O binary --only-section=.rodata.dvmh_cuda %t/d.o %t/d.image
// RUN: cmp %t/d.image %t/img.expected
// RUN: env TMPDIR=%t/tmp CDVMH_NVCC=%S/Inputs/slow_nvcc CDVMH_CUDA_CACHE=%t/cache %dvmcc -O2 -c %S/Inputs/late_image.c -o %t/e.o
// RUN: objcopy -O binary --only-section=.rodata.dvmh_cuda %t/e.o %t/e.image
// RUN: cmp %t/e.image %t/img.expected
// RUN: ls -A %t/tmp | FileCheck %s --allow-empty --check-prefix=QUIET
// RUN: ls -A %t/cache | FileCheck %s --check-prefix=CACHED
// QUIET-NOT: {{.}}
// DONE: done
// DONE-NOT: {{.}}
// CACHED-NOT: tmp
