// RUN: %not %cdvmh %s -o /dev/null 2>&1 | FileCheck %s
// CHECK: dims_loop_data_eight.c:[[@LINE+10]]:9: error: 'B' has 8 dimensions: at most 7 are supported
// Ordinary data a parallel loop uses has at most 7 dimensions: the runtime
// describes it as it does a distributed array.
#pragma dvm array distribute[block]
double A[4];
double B[4][2][2][2][2][2][2][2];
int main(void)
{
#pragma dvm parallel([i] on A[i])
    for (int i = 0; i < 4; i++)
        B[i][0][0][0][0][0][0][0] = A[i];
    return 0;
}
