// A clause that may appear once, given twice: an error at its second
// occurrence (found by the directive parser's fuzzer: the second one leaked).
// RUN: %not %cdvmh %s -o /dev/null 2>&1 | FileCheck %s
// CHECK: clause_twice.c:16:47: error: 'shadow' given twice
// CHECK: clause_twice.c:18:40: error: 'align' given twice
// CHECK: clause_twice.c:23:50: error: 'cuda_block' given twice
// CHECK: clause_twice.c:25:44: error: 'stage' given twice
// CHECK: clause_twice.c:28:37: error: 'weight' given twice
// CHECK: clause_twice.c:29:40: error: 'procs' given twice
// CHECK: clause_twice.c:30:39: error: 'onto' given twice
// CHECK: clause_twice.c:31:40: error: 'time' given twice
#include <stdio.h>
#define N 16
#pragma dvm array distribute[block]
double A[N];
#pragma dvm array distribute[block] shadow[1] shadow[2]
double B[N];
#pragma dvm array align([i] with A[i]) align([i] with A[i])
double C[N];
int f(void)
{
    int i, s = 0;
#pragma dvm parallel([i] on A[i]) cuda_block(32) cuda_block(64)
    for (i = 0; i < N; i++) A[i] = i;
#pragma dvm parallel([i] on A[i]) stage(2) stage(4)
    for (i = 0; i < N; i++) A[i] = i;
#pragma dvm task blocks[4]
#pragma dvm map(blocks[0] weight(1) weight(2))
#pragma dvm map(blocks[1] procs(1 : 2) procs(1 : 2))
#pragma dvm map(blocks[2] onto(0 : 0) onto(0 : 0))
#pragma dvm map(blocks[3] time(linear) time(linear))
    s = 1;
    return s;
}
