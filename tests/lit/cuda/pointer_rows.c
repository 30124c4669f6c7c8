// RUN: %cdvmh --remarks %s -o %t.c --cuda-out %t.cu 2>&1 | FileCheck %s
// Ordinary data whose elements are pointers that the loop follows (rows
// allocated one by one, strings) gets no CUDA handler: the pointers are
// the host's. Copying the pointers themselves is fine on a GPU.
#include <stdlib.h>
#define N 16
#define M 12
void k(long **a, char **names, long **b)
{
    int i, j;
    long s = 0;
#pragma dvm region
    {
// CHECK: pointer_rows.c:[[@LINE+2]]:9: remark: parallel loop: no CUDA handler: 'a' holds pointers (rows allocated one by one, strings) that the loop follows, and a GPU cannot follow the host's pointers; the loop runs on the host
#pragma dvm parallel([i][j]) tie(a[i][j])
        for (i = 0; i < N; i++)
            for (j = 0; j < M; j++)
                a[i][j] = i * 10 + j;
// CHECK: pointer_rows.c:[[@LINE+2]]:9: remark: parallel loop: no CUDA handler: 'names' holds pointers
#pragma dvm parallel([i]) reduction(sum(s))
        for (i = 0; i < N; i++)
            s += *names[i];
// CHECK: pointer_rows.c:[[@LINE+2]]:9: remark: parallel loop: CUDA handler
#pragma dvm parallel([i]) tie(b[i], a[i])
        for (i = 0; i < N; i++)
            b[i] = a[i];
    }
}
