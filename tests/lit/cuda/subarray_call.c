// RUN: %cdvmh --remarks %s -o %t.c --cuda-out %t.cu 2>&1 | FileCheck %s
// RUN: FileCheck %s --input-file %t.cu --check-prefix=KERNEL
// A line of a distributed array (all subscripts but the last) passed to a
// function: the kernel passes a pointer into the device's part, addressed
// with the strides of the full references. A plane (fewer subscripts) or
// a line not passed to a call keeps the loop on the host.
#pragma dvm array distribute[block][block][]
double A[8][6][10];
static void scale(double *line, int n)
{
    int k;
    for (k = 0; k < n; k++)
        line[k] *= 2;
}
static void plane(double p[6][10]) { p[0][0] = 1; }
void f(void)
{
    int i, j;
    double *q;
// CHECK: subarray_call.c:[[@LINE+2]]:5: remark: parallel loop: CUDA handler '{{.*}}_cuda' generated
#pragma dvm parallel([i][j] on A[i][j][])
    for (i = 0; i < 8; i++)
        for (j = 0; j < 6; j++)
            scale(A[i][j], 10);
// CHECK: subarray_call.c:[[@LINE+2]]:5: remark: parallel loop: no CUDA handler: 'A' is used without all of its 3 subscripts; the loop runs on the host
#pragma dvm parallel([i] on A[i][][])
    for (i = 0; i < 8; i++)
        plane(A[i]);
// CHECK: subarray_call.c:[[@LINE+2]]:5: remark: parallel loop: no CUDA handler: 'A' is used without all of its 3 subscripts; the loop runs on the host
#pragma dvm parallel([i][j] on A[i][j][]) private(q)
    for (i = 0; i < 8; i++)
        for (j = 0; j < 6; j++) {
            q = A[i][j];
            q[0] = 0;
        }
}
// KERNEL: __device__ static void scale(double *line, int n)
// KERNEL: scale((A + (dvmh_v0 * dvmh_s0_0 + dvmh_v1 * dvmh_s0_1)), 10);
