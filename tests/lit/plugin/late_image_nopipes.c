// No named pipe can be made (a file system or a sandbox that refuses
// them, stood for by a preloaded mkfifo that fails): the compile waits
// for nvcc, and the assembler reads the image from its file, into the
// same section as through the pipe (late_image.c). Without /dev/fd, nvcc
// cannot read its CUDA file from a pipe: it is not started early, but
// once, on a file. An nvcc that fails
// gives a warning and an object with no image: host handlers only.
// RUN: rm -rf %t && mkdir -p %t/tmp
// RUN: %S/Inputs/make_image.py %t/img 3145745
// RUN: env CDVMH_PLUGIN_DEBUG=1 LD_PRELOAD=%nopipes TMPDIR=%t/tmp CDVMH_NVCC=%S/Inputs/slow_nvcc NVCC_IMAGE=%t/img NVCC_LOG=%t/log.a CDVMH_CUDA_CACHE=off %dvmcc -O1 -c %S/Inputs/late_image.c -o %t/a.o 2>&1 | FileCheck %s --check-prefix=FILE
// RUN: FileCheck %s --check-prefix=DONE < %t/log.a
// RUN: objcopy -O binary --only-section=.rodata.dvmh_cuda %t/a.o %t/a.image
// RUN: cmp %t/a.image %t/img.expected
// RUN: ls -A %t/tmp | FileCheck %s --allow-empty --check-prefix=QUIET
// RUN: env LD_PRELOAD=%nopipes TMPDIR=%t/tmp CDVMH_NVCC=%S/Inputs/slow_nvcc NVCC_LOG=%t/log.b CDVMH_CUDA_CACHE=off %dvmcc -O1 -c %S/Inputs/late_image.c -o %t/b.o 2>&1 | FileCheck %s --check-prefix=FAILED
// RUN: FileCheck %s --check-prefix=DONE2 < %t/log.b
// RUN: objdump -h %t/b.o | FileCheck %s --check-prefix=NONE
// RUN: ls -A %t/tmp | FileCheck %s --allow-empty --check-prefix=QUIET
// RUN: env CDVMH_PLUGIN_DEBUG=1 LD_PRELOAD=%nopipes NO_DEV_FD=1 TMPDIR=%t/tmp CDVMH_NVCC=%S/Inputs/slow_nvcc NVCC_IMAGE=%t/img NVCC_LOG=%t/log.c CDVMH_CUDA_CACHE=off %dvmcc -O1 -c %S/Inputs/late_image.c -o %t/c.o 2>&1 | FileCheck %s --check-prefix=NODEVFD
// RUN: FileCheck %s --check-prefix=DONE < %t/log.c
// RUN: objcopy -O binary --only-section=.rodata.dvmh_cuda %t/c.o %t/c.image
// RUN: cmp %t/c.image %t/img.expected
// RUN: ls -A %t/tmp | FileCheck %s --allow-empty --check-prefix=QUIET
// QUIET-NOT: {{.}}
// NODEVFD: cdvmh: nvcc reads the CUDA file from a file
// NODEVFD-NOT: warning
// FILE: cdvmh: the assembler reads the device image from its file
// FILE-NOT: warning
// DONE: done
// DONE-NOT: {{.}}
// FAILED: warning: nvcc failed on the CUDA handlers of '{{.*}}late_image.c': its parallel loops run on the host only
// FAILED-NEXT: slow_nvcc: no image
// DONE2: done
// NONE: .text
// NONE-NOT: dvmh_cuda
