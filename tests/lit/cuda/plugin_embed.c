// REQUIRES: nvcc
// The plugin compiles the CUDA handlers with nvcc for the asked
// architectures and embeds the fat binary in the object; no-cuda (or no
// nvcc) leaves host handlers only; -S gets the image's bytes in the text.
// RUN: %clang_plugin -fopenmp -Xclang -plugin-arg-cdvmh -Xclang keep=%t.s.kept.c -S %s -o %t.s
// RUN: grep -v "^// " %t.s.kept.c | FileCheck %s --check-prefix=TEXT
// RUN: %clang_plugin -fopenmp -Xclang -plugin-arg-cdvmh -Xclang cuda-arch=sm_80,sm_90 -Xclang -plugin-arg-cdvmh -Xclang keep=%t.kept.c -c %s -o %t.o
// RUN: grep -v "^// " %t.kept.c | FileCheck %s --check-prefix=KEPT
// RUN: nm %t.o | FileCheck %s --check-prefix=OBJ
// RUN: %clang_plugin -fopenmp -Xclang -plugin-arg-cdvmh -Xclang no-cuda -c %s -o %t.host.o
// RUN: nm %t.host.o | FileCheck %s --check-prefix=HOSTONLY
// Command-line macros reach the CUDA source too: names the runtime's CUDA
// prelude uses (template parameters, locals) must not collide with common ones.
// RUN: %clang_plugin -fopenmp -DN=64 -DM=3 -DL=5 -DOP=1 -Dv=w -Dk=kk -c %s -o %t.macros.o
// RUN: nm %t.macros.o | FileCheck %s --check-prefix=OBJ
#pragma dvm array distribute[block]
#ifndef N
#define N 64
#endif
double A[N];
void f(void)
{
    int i;
    double s = 0;
#pragma dvm parallel([i] on A[i]) reduction(sum(s))
    for (i = 0; i < N; i++) {
        A[i] = 2 * i;
        s += A[i];
    }
}
// An object gets the image from its file in the cache (.incbin, added to
// the module after optimization, so not in the kept text): nvcc runs while
// the host code is parsed and optimized.
// KEPT: extern const unsigned char dvmh_cuda_image_[[KEY:[0-9a-f]+]][] __attribute__((visibility("hidden")));
// KEPT-NOT: .incbin
// KEPT: static dvmh_cuda_module dvmh_cuda_module_plugin_embed = {.image = dvmh_cuda_image_[[KEY]], .file =
// OBJ: {{[VW]}} dvmh_cuda_image_{{[0-9a-f]+}}
// OBJ: dvmh_loop_plugin_embed_{{[0-9]+}}_cuda
// HOSTONLY-NOT: dvmh_cuda
// TEXT: static const unsigned char dvmh_cuda_image_plugin_embed[] __attribute__((aligned(16))) =
// TEXT: static dvmh_cuda_module dvmh_cuda_module_plugin_embed = {.image = dvmh_cuda_image_plugin_embed,
