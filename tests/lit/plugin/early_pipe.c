// nvcc starts before the file is rewritten and reads its CUDA file from a
// pipe that its input includes (/dev/fd/N): a stand-in nvcc that copies
// its file to the image shows the whole file arriving, then the end mark.
// Relocatable device code (other flags) starts nvcc again on a file (the
// early one, given no file, ends by itself, refusing it, not waited for),
// and so does an early nvcc failing, which may not have read the pipe (a
// wrapper that closes inherited descriptors): no warning then. A cached
// image is read directly: the early nvcc gets no file, and ends by itself,
// refusing it, not waited for.
// REQUIRES: dev-fd
// RUN: rm -rf %t && mkdir -p %t/tmp
// RUN: %S/Inputs/make_image.py %t/none 0
// RUN: %cdvmh -I%runtime_include %S/Inputs/late_image.c -o %t/h.c --cuda-out %t/k.cu
// RUN: cat %t/k.cu %S/Inputs/late_image_end %t/none.expected > %t/k.expected
// RUN: env CDVMH_PLUGIN_DEBUG=1 TMPDIR=%t/tmp CDVMH_NVCC=%S/Inputs/cat_nvcc NVCC_LOG=%t/log.f CDVMH_CUDA_CACHE=off %dvmcc -O1 -c %S/Inputs/late_image.c -o %t/f.o 2>&1 | FileCheck %s --check-prefix=PIPE
// RUN: FileCheck %s --check-prefix=EARLY < %t/log.f
// RUN: objcopy -O binary --only-section=.rodata.dvmh_cuda %t/f.o %t/f.image
// RUN: cmp %t/f.image %t/k.expected
// RUN: ls -A %t/tmp | FileCheck %s --allow-empty --check-prefix=QUIET
// RUN: env TMPDIR=%t/tmp CDVMH_NVCC=%S/Inputs/cat_nvcc NVCC_LOG=%t/log.g CDVMH_CUDA_CACHE=off %dvmcc -O1 -DLATE_RDC -c %S/Inputs/late_image.c -o %t/g.o 2>&1 | FileCheck %s --allow-empty --check-prefix=QUIET
// RUN: %S/Inputs/await_lines %t/log.g 2 | FileCheck %s --check-prefix=RDC
// RUN: ls -A %t/tmp | FileCheck %s --allow-empty --check-prefix=QUIET
// an nvcc that cannot read the pipe: nvcc again on a file, no warning
// RUN: cat %t/k.cu %t/none.expected > %t/k.file.expected
// RUN: env TMPDIR=%t/tmp CDVMH_NVCC=%S/Inputs/fdless_nvcc NVCC_LOG=%t/log.h CDVMH_CUDA_CACHE=off %dvmcc -O1 -c %S/Inputs/late_image.c -o %t/h.o 2>&1 | FileCheck %s --allow-empty --check-prefix=QUIET
// RUN: FileCheck %s --check-prefix=FILE < %t/log.h
// RUN: objcopy -O binary --only-section=.rodata.dvmh_cuda %t/h.o %t/h.image
// RUN: cmp %t/h.image %t/k.file.expected
// RUN: ls -A %t/tmp | FileCheck %s --allow-empty --check-prefix=QUIET
// RUN: env TMPDIR=%t/tmp CDVMH_NVCC=%S/Inputs/cat_nvcc NVCC_LOG=%t/log.i CDVMH_CUDA_CACHE=%t/cache %dvmcc -O1 -c %S/Inputs/late_image.c -o %t/i.o
// RUN: FileCheck %s --check-prefix=EARLY < %t/log.i
// RUN: env TMPDIR=%t/tmp CDVMH_NVCC=%S/Inputs/cat_nvcc NVCC_LOG=%t/log.j CDVMH_CUDA_CACHE=%t/cache %dvmcc -O2 -c %S/Inputs/late_image.c -o %t/j.o
// RUN: objcopy -O binary --only-section=.rodata.dvmh_cuda %t/j.o %t/j.image
// RUN: cmp %t/j.image %t/k.expected
// RUN: %S/Inputs/await_lines %t/log.j 1 | FileCheck %s --check-prefix=REFUSED
// RUN: ls -A %t/tmp | FileCheck %s --allow-empty --check-prefix=QUIET
// QUIET-NOT: {{.}}
// PIPE: cdvmh: nvcc reads the CUDA file through a pipe
// PIPE-NOT: warning
// EARLY: early
// EARLY-NOT: {{.}}
// RDC-DAG: refused
// RDC-DAG: file
// REFUSED: refused
// REFUSED-NOT: {{.}}
// FILE: file
// FILE-NOT: {{.}}
