// RUN: %cdvmh %s -o %t.c --cuda-out %t.cu
// RUN: FileCheck %s --input-file %t.cu
// A private variable is declared in the kernel, one per thread; a scalar
// read in the body arrives by value; a 1-D ordinary array keeps its indexing.
double a[100], b[100];
void f(double w)
{
    int i;
    double t;
#pragma dvm parallel([i]) private(t)
    for (i = 0; i < 100; i++) {
        t = w * a[i];
        b[i] = t * t;
    }
}
// CHECK: const double *const __restrict__ a,
// CHECK-NEXT: double *const __restrict__ b,
// CHECK-NEXT: const double w)
// CHECK: double t;
// CHECK: const int i = (int)dvmh_v0;
// CHECK: t = w * a[i];
// CHECK-NEXT: b[i] = t * t;
// cuda_block: the launcher passes the loop's block; the runtime checks it
// against the kernel's limit
// RUN: grep -v "^// " %t.c | FileCheck %s --check-prefix=BLOCK
#define BX 64
void g(void)
{
    int i;
#pragma dvm parallel([i]) cuda_block(BX, 2)
    for (i = 0; i < 100; i++)
        a[i] = b[i];
}
// BLOCK: unsigned dvmh_block[3] = {(unsigned)(BX), (unsigned)(2), (unsigned)(1)};
// BLOCK: dvmh_cuda_config(
