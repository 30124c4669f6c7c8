// RUN: %not %cdvmh %s -o /dev/null 2>&1 | FileCheck %s
// CHECK: dims_get_actual_eight.c:[[@LINE+6]]:24: error: 'B' has 8 dimensions: at most 7 are supported
// get_actual, actual and the region clauses describe ordinary data as the
// runtime does: at most 7 dimensions.
double B[4][2][2][2][2][2][2][2];
int main(void)
{
#pragma dvm get_actual(B)
    return (int)B[0][0][0][0][0][0][0][0];
}
