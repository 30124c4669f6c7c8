// RUN: %clang_plugin -fsyntax-only -Rpass=dvmh %s 2>&1 | FileCheck %s
// RUN: %clang_plugin -fsyntax-only -Xclang -plugin-arg-cdvmh -Xclang remarks %s 2>&1 | FileCheck %s
// Compile remarks say what was generated for each parallel loop.
double a[10];
double f(void)
{
    int i;
    double s = 0;
#pragma dvm parallel([i]) reduction(sum(s))
// CHECK: remarks.c:[[@LINE+1]]:5: remark: parallel loop: host handler 'dvmh_loop_remarks_[[@LINE+1]]' generated; reductions: sum(s)
    for (i = 0; i < 10; i++)
        s += a[i];
    return s;
}
