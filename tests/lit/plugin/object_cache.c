// The object cache: compiling an unchanged file again copies the object
// the first compile made (no rewrite, no nested compile); a change of the
// file, of a header it includes or of an option compiles again. A compile
// with a diagnostic, -Xclang keep=, a file naming the clock, one that
// embeds another or CDVMH_CUDA_CACHE=off caches nothing. -MD lists the
// headers either way.
// RUN: rm -rf %t && mkdir -p %t && cp %S/Inputs/object_cache.h %t/oc.h
// RUN: env CDVMH_CUDA_CACHE=%t/c CDVMH_PLUGIN_DEBUG=1 %dvmcc --no-cuda -O1 -I%t -MD -MF %t/a.d -c %s -o %t/a.o 2>&1 | FileCheck %s --check-prefix=MISS
// RUN: FileCheck %s --check-prefix=DEPS < %t/a.d
// RUN: rm %t/a.d && cp %t/a.o %t/first.o
// RUN: env CDVMH_CUDA_CACHE=%t/c CDVMH_PLUGIN_DEBUG=1 %dvmcc --no-cuda -O1 -I%t -MD -MF %t/a.d -c %s -o %t/a.o 2>&1 | FileCheck %s --check-prefix=HIT
// RUN: cmp %t/a.o %t/first.o
// RUN: FileCheck %s --check-prefix=DEPS < %t/a.d
// RUN: %dvmcc %t/a.o -o %t/a && %t/a | FileCheck %s --check-prefix=RUN2
// another output name: the same object
// RUN: env CDVMH_CUDA_CACHE=%t/c CDVMH_PLUGIN_DEBUG=1 %dvmcc --no-cuda -O1 -I%t -c %s -o %t/b.o 2>&1 | FileCheck %s --check-prefix=HIT
// a header changes
// RUN: echo '#define OC_VALUE 3' > %t/oc.h
// RUN: env CDVMH_CUDA_CACHE=%t/c CDVMH_PLUGIN_DEBUG=1 %dvmcc --no-cuda -O1 -I%t -c %s -o %t/a.o 2>&1 | FileCheck %s --check-prefix=MISS
// RUN: %dvmcc %t/a.o -o %t/a && %t/a | FileCheck %s --check-prefix=RUN3
// RUN: env CDVMH_CUDA_CACHE=%t/c CDVMH_PLUGIN_DEBUG=1 %dvmcc --no-cuda -O1 -I%t -c %s -o %t/a.o 2>&1 | FileCheck %s --check-prefix=HIT
// an option changes
// RUN: env CDVMH_CUDA_CACHE=%t/c CDVMH_PLUGIN_DEBUG=1 %dvmcc --no-cuda -O2 -I%t -c %s -o %t/a.o 2>&1 | FileCheck %s --check-prefix=MISS
// RUN: env CDVMH_CUDA_CACHE=%t/c CDVMH_PLUGIN_DEBUG=1 %dvmcc --no-cuda -O1 -I%t -DOC_EXTRA=5 -c %s -o %t/a.o 2>&1 | FileCheck %s --check-prefix=MISS
// RUN: %dvmcc %t/a.o -o %t/a && %t/a | FileCheck %s --check-prefix=RUN8
// RUN: env CDVMH_CUDA_CACHE=%t/c CDVMH_PLUGIN_DEBUG=1 %dvmcc -fdvmh-check -O1 -I%t -c %s -o %t/a.o 2>&1 | FileCheck %s --check-prefix=MISS
// RUN: ls %t/c/obj | wc -l | FileCheck %s --check-prefix=FIVE
// a warning: shown on every compile (its count once), nothing cached
// RUN: env CDVMH_CUDA_CACHE=%t/c CDVMH_PLUGIN_DEBUG=1 %dvmcc --no-cuda -O1 -I%t -DOC_WARN -Wall -c %s -o %t/a.o 2>&1 | FileCheck %s --check-prefixes=MISS,WARN
// RUN: env CDVMH_CUDA_CACHE=%t/c CDVMH_PLUGIN_DEBUG=1 %dvmcc --no-cuda -O1 -I%t -DOC_WARN -Wall -c %s -o %t/a.o 2>&1 | FileCheck %s --check-prefixes=MISS,WARN
// RUN: ls %t/c/obj | wc -l | FileCheck %s --check-prefix=FIVE
// keep= writes the generated C: never from the cache
// RUN: env CDVMH_CUDA_CACHE=%t/c CDVMH_PLUGIN_DEBUG=1 %dvmcc --no-cuda -O1 -I%t -Xclang -plugin-arg-cdvmh -Xclang keep=%t/kept.c -MD -MF %t/k.d -c %s -o %t/a.o 2>&1 | FileCheck %s --check-prefixes=NONE,MISS
// RUN: test -s %t/kept.c
// RUN: FileCheck %s --check-prefix=DEPS < %t/k.d
// the clock
// RUN: env CDVMH_CUDA_CACHE=%t/c CDVMH_PLUGIN_DEBUG=1 %dvmcc --no-cuda -O1 -c %S/Inputs/object_cache_clock.c -o %t/clock.o 2>&1 | FileCheck %s --check-prefixes=NONE,MISS
// not a regular file: compiled, never renamed over
// RUN: env CDVMH_CUDA_CACHE=%t/c CDVMH_PLUGIN_DEBUG=1 %dvmcc --no-cuda -O1 -I%t -c %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=MISS
// RUN: test -c /dev/null
// a file embedded
// RUN: env CDVMH_CUDA_CACHE=%t/c CDVMH_PLUGIN_DEBUG=1 %dvmcc --no-cuda -std=c23 -O1 -c %S/Inputs/object_cache_embed.c -o %t/embed.o 2>&1 | FileCheck %s --check-prefixes=NONE,MISS
// no cache
// RUN: env CDVMH_CUDA_CACHE=off CDVMH_PLUGIN_DEBUG=1 %dvmcc --no-cuda -O1 -I%t -c %s -o %t/a.o 2>&1 | FileCheck %s --check-prefixes=NONE,MISS
// RUN: ls %t/c/obj | wc -l | FileCheck %s --check-prefix=FIVE
// HIT: cdvmh: object cache entry '{{.*}}/c/obj/{{[0-9a-f]+}}.o'
// HIT-NOT: nested action
// NONE: cdvmh: object cache entry ''
// MISS: cdvmh: nested action made
// WARN: warning: unused variable 'unused'
// WARN: 1 warning generated.
// WARN-NOT: generated
// DEPS: a.o:
// DEPS: object_cache.c
// DEPS-NEXT: oc.h
// RUN2: 2 45
// RUN3: 3 45
// RUN8: 8 45
// FIVE: {{^ *5$}}
#include "oc.h"
#include <stdio.h>
#ifndef OC_EXTRA
#define OC_EXTRA 0
#endif
int main(void)
{
    int a[10], s = 0;
#ifdef OC_WARN
    int unused;
#endif
#pragma dvm region
    {
#pragma dvm parallel(1) reduction(sum(s))
        for (int i = 0; i < 10; i++) {
            a[i] = i;
            s += a[i];
        }
    }
    printf("%d %d\n", OC_VALUE + OC_EXTRA, s);
    return 0;
}
