// RUN: %not %cdvmh %s -o /dev/null 2>&1 | FileCheck %s
// CHECK: task_array_param.c:[[@LINE+11]]:29: error: not supported yet: heap data written through pointer 'v' in a subtask (use an array)
// An array parameter is a pointer in C: written in a loop over a task
// array it is refused as a pointer is (before, the subtask took
// sizeof(v) bytes of it, the pointer's size).
void f(double v[4])
{
    int i;
#pragma dvm task blocks[4]
#pragma dvm task_region(blocks)
    {
#pragma dvm parallel([i] on blocks[i])
    for (i = 0; i < 4; i++) v[i] = i;
    }
}
