// RUN: %cdvmh %s -o - | grep -v "^// " | FileCheck %s
// RUN: %cdvmh --remarks %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// Every dimension dependent: the nest runs in order.
#pragma dvm array distribute[block][block]
double A[8][8];
void f(void)
{
    int i, j;
// CHECK-NOT: #pragma omp
// CHECK: dvmh_loop_across(dvmh_L, 0, (dvmh_idx[]){(1), (1)}, (dvmh_idx[]){(1), (1)}, 0);
// REMARK: across_all.c:[[@LINE+2]]:{{[0-9]+}}: remark: parallel loop: host handler 'dvmh_loop_across_all_[[@LINE+2]]' generated; runs in order
#pragma dvm parallel([i][j] on A[i][j]) across(A[1:1][1:1])
    for (i = 1; i < 7; i++)
        for (j = 1; j < 7; j++)
            A[i][j] = (A[i - 1][j] + A[i][j - 1] + A[i + 1][j] + A[i][j + 1]) / 4;
}
