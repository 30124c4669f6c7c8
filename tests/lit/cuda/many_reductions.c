// RUN: %cdvmh --remarks %s -o %t.c --cuda-out %t.cu 2>&1 | FileCheck %s
// RUN: FileCheck %s --check-prefix=CU < %t.cu
// A loop with 20 reductions gets a CUDA handler: the generator used to have
// room for 16 and ran such loops on the host.
// CHECK: many_reductions.c:[[@LINE+14]]:5: remark: parallel loop: CUDA handler 'dvmh_loop_many_reductions_[[@LINE+14]]_cuda' generated
// CU: dvmh_loop_many_reductions_[[@LINE+13]]_red18(
#define N 64
#pragma dvm array distribute[block]
double A[N];

int main(void)
{
    double r0 = 0, r1 = 0, r2 = 0, r3 = 0, r4 = 0, r5 = 0, r6 = 0, r7 = 0, r8 = 0, r9 = 0;
    double r10 = 0, r11 = 0, r12 = 0, r13 = 0, r14 = 0, r15 = 0, r16 = 0, r17 = 0, r18 = 0, r19 = 0;
#pragma dvm parallel([i] on A[i]) reduction(sum(r0), max(r1), sum(r2), max(r3), sum(r4), \
    max(r5), sum(r6), max(r7), sum(r8), max(r9), \
    sum(r10), max(r11), sum(r12), max(r13), sum(r14), \
    max(r15), sum(r16), max(r17), sum(r18), max(r19))
    for (int i = 0; i < N; i++) {
        r0 += A[i] * 1;
        r1 = r1 > A[i] + 1 ? r1 : A[i] + 1;
        r2 += A[i] * 3;
        r3 = r3 > A[i] + 3 ? r3 : A[i] + 3;
        r4 += A[i] * 5;
        r5 = r5 > A[i] + 5 ? r5 : A[i] + 5;
        r6 += A[i] * 7;
        r7 = r7 > A[i] + 7 ? r7 : A[i] + 7;
        r8 += A[i] * 9;
        r9 = r9 > A[i] + 9 ? r9 : A[i] + 9;
        r10 += A[i] * 11;
        r11 = r11 > A[i] + 11 ? r11 : A[i] + 11;
        r12 += A[i] * 13;
        r13 = r13 > A[i] + 13 ? r13 : A[i] + 13;
        r14 += A[i] * 15;
        r15 = r15 > A[i] + 15 ? r15 : A[i] + 15;
        r16 += A[i] * 17;
        r17 = r17 > A[i] + 17 ? r17 : A[i] + 17;
        r18 += A[i] * 19;
        r19 = r19 > A[i] + 19 ? r19 : A[i] + 19;
    }
    return (int)(r0 + r5 + r10 + r15);
}
