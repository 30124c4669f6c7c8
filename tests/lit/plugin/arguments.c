// The plugin's own arguments: help, keep=FILE, and clear errors for an
// unknown argument and for a cuda-arch that names no GPU architecture.
// RUN: %clang_plugin -Xclang -plugin-arg-cdvmh -Xclang help -fsyntax-only %s 2>&1 | FileCheck %s --check-prefix=HELP
// RUN: rm -f %t.kept.c
// RUN: %clang_plugin -Xclang -plugin-arg-cdvmh -Xclang keep=%t.kept.c -fsyntax-only %s
// RUN: grep -v "^// " %t.kept.c | FileCheck %s --check-prefix=KEEP
// RUN: not %clang_plugin -Xclang -plugin-arg-cdvmh -Xclang bogus -fsyntax-only %s 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: not %clang_plugin -Xclang -plugin-arg-cdvmh -Xclang cuda-arch=sm_80,volta -fsyntax-only %s 2>&1 | FileCheck %s --check-prefix=CUDA
// RUN: %clang_plugin -Xclang -plugin-arg-cdvmh -Xclang cuda-arch=sm_90 -Xclang -plugin-arg-cdvmh -Xclang no-cuda -fsyntax-only %s
#pragma dvm array distribute[block]
double A[10];
void f(void)
{
    int i;
#pragma dvm parallel([i] on A[i])
    for (i = 0; i < 10; i++)
        A[i] = i;
}
// HELP: keep=FILE
// HELP: cuda-arch=
// KEEP: dvmh_loop_create
// KEEP-NOT: {{^}}#pragma dvm
// BAD: error: cdvmh plugin: unknown argument 'bogus'
// CUDA: error: cdvmh plugin: cuda-arch: 'volta' is not a GPU architecture such as sm_90
