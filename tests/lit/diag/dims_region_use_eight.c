// RUN: %not %cdvmh %s -o /dev/null 2>&1 | FileCheck %s
// CHECK: dims_region_use_eight.c:[[@LINE+8]]:9: error: 'B' has 8 dimensions: at most 7 are supported
// Data a region uses without listing it (inout) has at most 7 dimensions;
// it is reported once, for the region, not again for its sequential part.
double B[4][2][2][2][2][2][2][2];
int main(void)
{
#pragma dvm region
    {
        B[1][0][0][0][0][0][0][0] = 1;
    }
    return (int)B[1][0][0][0][0][0][0][0];
}
