// RUN: %cdvmh %s -o %t.c --cuda-out %t.cu
// RUN: FileCheck %s --input-file %t.cu
// The file's types reach the CUDA file: a typedef of an anonymous struct
// whole (once, not its struct alone, which would leave the name
// undefined), a tagged struct, an enum (nvcc compiles it in the cuda
// suite: cuda-nvcc-w_host_members).
typedef struct {
    double x, y;
    struct {
        int a, b;
    } in;
} P;
struct Q {
    int k;
};
enum color { RED, GREEN };
#pragma dvm array distribute[block]
P A[8];
#pragma dvm array align([i] with A[i])
struct Q B[8];
void f(void)
{
#pragma dvm region
    {
#pragma dvm parallel([i] on A[i])
        for (int i = 0; i < 8; i++) {
            A[i].x = i;
            A[i].in.b = B[i].k + GREEN;
        }
    }
}
// CHECK: typedef struct {
// CHECK-NEXT: double x, y;
// CHECK: } P;
// CHECK-NOT: } P;
// CHECK: struct Q {
// CHECK: enum color { RED, GREEN };
// CHECK: P *const __restrict__ A
