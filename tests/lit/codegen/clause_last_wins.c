// RUN: %cdvmh %s -o - | grep -v "^// " | FileCheck %s
// cuda_block and stage given twice: the last one counts, as in the DVM
// system.
#define N 16
#pragma dvm array distribute[block]
double A[N];
void f(void)
{
    int i;
// CHECK: dvmh_loop_stage(dvmh_L, 4);
// CHECK-NEXT: dvmh_loop_cuda_block(dvmh_L, 64, 2, 1);
#pragma dvm parallel([i] on A[i]) cuda_block(32) stage(2) cuda_block(64, 2) stage(4)
    for (i = 0; i < N; i++)
        A[i] = i;
// CHECK: dvmh_loop_cuda_block(dvmh_L, 8, 1, 1);
#pragma dvm parallel([i] on A[i]) cuda_block(16, 4, 2) cuda_block(8)
    for (i = 0; i < N; i++)
        A[i] = i;
}
