// dvmcc -fdvmh-check passes the plugin argument 'check', which builds
// instrumented host handlers and no CUDA handlers (so no note about nvcc).
// RUN: %dvmcc -fdvmh-check --show -c %s -o %t.o | FileCheck %s --check-prefix=SHOW
// RUN: rm -f %t.kept.c
// RUN: env CDVMH_NVCC= %dvmcc -fdvmh-check -Xclang -plugin-arg-cdvmh -Xclang keep=%t.kept.c -c %s -o %t.o 2>&1 | FileCheck %s --allow-empty --check-prefix=QUIET
// RUN: grep -v "^// " %t.kept.c | FileCheck %s --check-prefix=KEEP
#pragma dvm array distribute[block]
double A[10];
void f(void)
{
    int i;
#pragma dvm parallel([i] on A[i])
    for (i = 0; i < 10; i++)
        A[i] = i;
}
// SHOW: -plugin-arg-cdvmh -Xclang check
// QUIET-NOT: nvcc
// KEEP: dvmh_check_elem(dvmh_P, 0, DVMH_WRITE, __LINE__, (const dvmh_idx[]){i}, (const dvmh_idx[]){i})
// KEEP: dvmh_loop_check(dvmh_L, "i");
// KEEP-NOT: DVMH_DEV_CUDA
