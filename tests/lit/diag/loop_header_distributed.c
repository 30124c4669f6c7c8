// RUN: %not %cdvmh %s -o /dev/null 2>&1 | FileCheck %s
// A parallel loop's header that reads an element of a distributed array
// (its bounds are evaluated by every process, where the element may not
// be) is refused with a clear message, for the bound and the start.
#pragma dvm array distribute[block]
int A[8];
int f(void)
{
    int i, s = 0;
// CHECK: loop_header_distributed.c:[[@LINE+2]]:21: error: not supported yet: distributed array 'A' in the header of a parallel loop (read the value into a variable before the loop)
#pragma dvm parallel([i] on A[i]) reduction(sum(s))
    for (i = 0; i < A[5]; i++)
        s += A[i];
// CHECK: loop_header_distributed.c:[[@LINE+2]]:14: error: not supported yet: distributed array 'A' in the header
#pragma dvm parallel([i] on A[i]) reduction(sum(s))
    for (i = A[1]; i < 8; i++)
        s += A[i];
    return s;
}
