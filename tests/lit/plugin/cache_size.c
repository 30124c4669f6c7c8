// The compile cache is kept under CDVMH_CACHE_SIZE (default 1G): after a
// compile stores an object or an image, at most once a minute, the files
// used least recently go until it holds nine tenths of that, but never one
// used in the last ten minutes; a cache hit counts as a use. What compiles
// that stopped midway left (*.tmp*) goes after an hour. A bad size is an
// error.
// RUN: rm -rf %t && mkdir -p %t/c/obj
// RUN: env CDVMH_CUDA_CACHE=%t/c %dvmcc --no-cuda -O1 -DV=1 -c %s -o %t/a.o
// RUN: env CDVMH_CUDA_CACHE=%t/c %dvmcc --no-cuda -O1 -DV=2 -c %s -o %t/a.o
// RUN: env CDVMH_CUDA_CACHE=%t/c %dvmcc --no-cuda -O1 -DV=3 -c %s -o %t/a.o
// RUN: echo image > %t/c/0123.fatbin && echo part > %t/c/obj/0123.o.tmp99
// RUN: touch -d '2 hours ago' %t/c/obj/*.o %t/c/0123.fatbin %t/c/obj/0123.o.tmp99 %t/c/trimmed
// V=2 is used again (a hit), then V=4 is stored with a limit of 2K
// RUN: env CDVMH_CUDA_CACHE=%t/c CDVMH_PLUGIN_DEBUG=1 %dvmcc --no-cuda -O1 -DV=2 -c %s -o %t/a.o 2>&1 | FileCheck %s --check-prefix=HIT
// RUN: env CDVMH_CUDA_CACHE=%t/c CDVMH_CACHE_SIZE=2K %dvmcc --no-cuda -O1 -DV=4 -c %s -o %t/a.o
// RUN: ls %t/c %t/c/obj | FileCheck %s --check-prefix=LEFT
// RUN: env CDVMH_CUDA_CACHE=%t/c CDVMH_PLUGIN_DEBUG=1 %dvmcc --no-cuda -O1 -DV=2 -c %s -o %t/a.o 2>&1 | FileCheck %s --check-prefix=HIT
// RUN: env CDVMH_CUDA_CACHE=%t/c CDVMH_PLUGIN_DEBUG=1 %dvmcc --no-cuda -O1 -DV=4 -c %s -o %t/a.o 2>&1 | FileCheck %s --check-prefix=HIT
// RUN: env CDVMH_CUDA_CACHE=%t/c CDVMH_PLUGIN_DEBUG=1 %dvmcc --no-cuda -O1 -DV=1 -c %s -o %t/a.o 2>&1 | FileCheck %s --check-prefix=MISS
// within the minute nothing is trimmed, however small the limit
// RUN: env CDVMH_CUDA_CACHE=%t/c CDVMH_CACHE_SIZE=1 %dvmcc --no-cuda -O1 -DV=5 -c %s -o %t/a.o
// RUN: ls %t/c/obj | FileCheck %s --check-prefix=FOUR
// RUN: env CDVMH_CUDA_CACHE=%t/c CDVMH_CACHE_SIZE=2X %not %dvmcc --no-cuda -O1 -c %s -o %t/a.o 2>&1 | FileCheck %s --check-prefix=BAD
// HIT: object cache entry
// HIT-NOT: nested action
// MISS: nested action made
// LEFT-NOT: 0123
// LEFT: obj
// LEFT-NOT: 0123
// LEFT: trimmed
// LEFT: {{^[0-9a-f]+\.o$}}
// LEFT-NEXT: {{^[0-9a-f]+\.o$}}
// LEFT-NOT: {{.}}
// FOUR-COUNT-4: {{^[0-9a-f]+\.o$}}
// FOUR-NOT: {{.}}
// BAD: error: CDVMH_CACHE_SIZE='2X' is not a size (a number with K, M or G, such as 500M; 0: no limit)
int main(void)
{
    return V;
}
