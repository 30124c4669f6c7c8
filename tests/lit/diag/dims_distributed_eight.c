// RUN: %not %cdvmh %s -o /dev/null 2>&1 | FileCheck %s
// CHECK: dims_distributed_eight.c:[[@LINE+3]]:1: error: 'A' has 8 dimensions: at most 7 are supported
// A distributed array has at most 7 dimensions (DVMH_MAX_RANK).
#pragma dvm array distribute[block]
double A[2][2][2][2][2][2][2][2];
int main(void)
{
    return 0;
}
