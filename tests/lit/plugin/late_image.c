// The image reaches the assembler through a named pipe while nvcc still
// runs beside the host compile (the pipe in TMPDIR, else in /tmp): a slow
// stand-in nvcc's image, larger than a pipe holds, lands whole in
// .rodata.dvmh_cuda; one that fails leaves the single 0 byte of no image
// and a warning; a compile that fails before nvcc ends stops nvcc instead
// of waiting for it. No pipe or image file is left behind.
// (late_image_nopipes.c: no pipe can be made; late_image_cache.c: the
// image cache; early_pipe.c: the CUDA file through a pipe to nvcc)
// REQUIRES: fifo
// RUN: rm -rf %t && mkdir -p %t/tmp
// RUN: %S/Inputs/make_image.py %t/img 3145745
// RUN: env CDVMH_PLUGIN_DEBUG=1 TMPDIR=%t/tmp CDVMH_NVCC=%S/Inputs/slow_nvcc NVCC_IMAGE=%t/img NVCC_LOG=%t/log.a CDVMH_CUDA_CACHE=off %dvmcc -O1 -c %S/Inputs/late_image.c -o %t/a.o 2>&1 | FileCheck %s --check-prefix=PIPE
// RUN: FileCheck %s --check-prefix=DONE < %t/log.a
// RUN: objcopy -O binary --only-section=.rodata.dvmh_cuda %t/a.o %t/a.image
// RUN: cmp %t/a.image %t/img.expected
// RUN: ls -A %t/tmp | FileCheck %s --allow-empty --check-prefix=QUIET
// a TMPDIR that makes no named pipes: the pipe is made in /tmp
// RUN: env CDVMH_PLUGIN_DEBUG=1 LD_PRELOAD=%nopipes NOFIFO_ALLOW=/tmp/ TMPDIR=%t/tmp CDVMH_NVCC=%S/Inputs/slow_nvcc NVCC_IMAGE=%t/img NVCC_LOG=%t/log.t CDVMH_CUDA_CACHE=off %dvmcc -O1 -c %S/Inputs/late_image.c -o %t/t.o 2>&1 | FileCheck %s --check-prefix=PIPE
// RUN: objcopy -O binary --only-section=.rodata.dvmh_cuda %t/t.o %t/t.image
// RUN: cmp %t/t.image %t/img.expected
// RUN: ls -A %t/tmp | FileCheck %s --allow-empty --check-prefix=QUIET
// nvcc fails after a while
// RUN: env TMPDIR=%t/tmp CDVMH_NVCC=%S/Inputs/slow_nvcc NVCC_LOG=%t/log.b CDVMH_CUDA_CACHE=off %dvmcc -O1 -c %S/Inputs/late_image.c -o %t/b.o 2>&1 | FileCheck %s --check-prefix=FAILED
// RUN: objcopy -O binary --only-section=.rodata.dvmh_cuda %t/b.o %t/b.image
// RUN: %S/Inputs/make_image.py %t/none 0
// RUN: cmp %t/b.image %t/none.expected
// RUN: ls -A %t/tmp | FileCheck %s --allow-empty --check-prefix=QUIET
// an error in the host code: nvcc (20 s) is stopped, not waited for
// RUN: env TMPDIR=%t/tmp CDVMH_NVCC=%S/Inputs/slow_nvcc NVCC_SLEEP=20 NVCC_IMAGE=%t/img NVCC_LOG=%t/log.c CDVMH_CUDA_CACHE=off %not %dvmcc -O1 -DLATE_ERROR -Werror=unused-variable -c %S/Inputs/late_image.c -o %t/c.o 2>&1 | FileCheck %s --check-prefix=ERROR
// RUN: FileCheck %s --check-prefix=STOPPED < %t/log.c
// RUN: ls -A %t/tmp | FileCheck %s --allow-empty --check-prefix=QUIET
// QUIET-NOT: {{.}}
// PIPE: cdvmh: the assembler reads the device image through a pipe
// PIPE-NOT: warning
// DONE: done
// DONE-NOT: {{.}}
// FAILED: warning: nvcc failed on the CUDA handlers of '{{.*}}late_image.c': its parallel loops run on the host only
// FAILED-NEXT: slow_nvcc: no image
// ERROR: error: unused variable 'unused_here'
// ERROR: error: compilation of '{{.*}}late_image.c' as C-DVMH failed
// STOPPED: stopped
// STOPPED-NOT: {{.}}
