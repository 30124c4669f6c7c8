// A clause that may appear once, given twice: an error at its second
// occurrence (found by the directive parser's fuzzer: the second one leaked).
// cuda_block and stage are not such clauses: the last one counts, as in
// the DVM system (codegen/clause_last_wins.c).
// RUN: %not %cdvmh %s -o /dev/null 2>&1 | FileCheck %s
// CHECK: clause_twice.c:17:47: error: 'shadow' given twice
// CHECK: clause_twice.c:19:40: error: 'align' given twice
// CHECK: clause_twice.c:27:37: error: 'weight' given twice
// CHECK: clause_twice.c:28:40: error: 'procs' given twice
// CHECK: clause_twice.c:29:39: error: 'onto' given twice
// CHECK: clause_twice.c:30:40: error: 'time' given twice
// CHECK: 6 errors generated.
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
#pragma dvm task blocks[4]
#pragma dvm map(blocks[0] weight(1) weight(2))
#pragma dvm map(blocks[1] procs(1 : 2) procs(1 : 2))
#pragma dvm map(blocks[2] onto(0 : 0) onto(0 : 0))
#pragma dvm map(blocks[3] time(linear) time(linear))
    s = 1;
    return s;
}
