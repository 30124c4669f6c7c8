// RUN: %cdvmh %s -o - | grep -v "^// " | FileCheck %s
// Reaching the end of main returns 0 (C99); the renamed dvmh_user_main
// says so (a local distributed array goes by its cleanup). A main that
// ends with a return gets nothing more.
// RUN: %cdvmh %S/Inputs/main_return.c -o - | grep -v "^// " | FileCheck %s --check-prefix=RET
#include <stdio.h>
int main(void)
{
#pragma dvm array distribute[block]
    int A[10];
#pragma dvm parallel([i] on A[i])
    for (int i = 0; i < 10; i++)
        A[i] = i;
    printf("%d\n", A[3]);
}
// CHECK: int dvmh_user_main(void)
// CHECK: dvmh_printf("%d\n", DVMH_RD(A, int, 3));
// CHECK-NEXT: return 0; }
// RET: int dvmh_user_main(void)
// RET-NEXT: {
// RET-NEXT: return 3;
// RET-NEXT: }
