// RUN: %not %cdvmh %s -o /dev/null 2>&1 | FileCheck %s
// CHECK: dims_across_eight.c:[[@LINE+8]]:42: error: 'B' has 8 dimensions: at most 7 are supported
// An ordinary array named in 'across' (and not used in the body) is data of
// the loop too.
#pragma dvm array distribute[block]
double A[4];
double B[4][2][2][2][2][2][2][2];
int main(void)
{
#pragma dvm parallel([i] on A[i]) across(B)
    for (int i = 0; i < 4; i++)
        A[i] = i;
    return 0;
}
