// RUN: %cdvmh %s -o - | grep -v "^// " | FileCheck %s
// The generated file keeps the user's line numbers after every multi-line edit.
// CHECK: #include <dvmh.h>
// CHECK-NEXT: #line 1 "{{.*}}line_markers.c"
double a[4];
void f(void)
{
    int i;
#pragma dvm parallel([i])
    for (i = 0; i < 4; i++)
        a[i] = i;
// CHECK: dvmh_loop_run(dvmh_L);
// CHECK-NEXT: }
// CHECK-NEXT: #line 11 "{{.*}}line_markers.c"
    a[0] = 1;
}
