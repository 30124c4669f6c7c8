// RUN: %not %cdvmh %s -o /dev/null 2>&1 | FileCheck %s
// CHECK: dims_task_data_eight.c:[[@LINE+10]]:29: error: 'B' has 8 dimensions: at most 7 are supported
// Data a loop over a task array writes has at most 7 dimensions.
double B[4][2][2][2][2][2][2][2];
int main(void)
{
    int i;
#pragma dvm task blocks[4]
#pragma dvm task_region(blocks)
    {
#pragma dvm parallel([i] on blocks[i])
    for (i = 0; i < 4; i++) B[i][0][0][0][0][0][0][0] = i;
    }
    return 0;
}
