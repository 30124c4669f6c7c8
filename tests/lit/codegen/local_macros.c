// RUN: %cdvmh %s -o - | grep -v "^// " | FileCheck %s
// A macro defined (or redefined) inside the function before a loop: the
// loop's handlers, made outside the function, replay the function's
// #define and #undef lines before the loop between push_macro and
// pop_macro, so they see the macros as the loop does and the code after
// them sees the file's own.
#define F(x) ((x) * 2)
double a[10];
void f(void)
{
    int i;
#define S 3
#pragma dvm parallel([i])
    for (i = 0; i < 10; i++)
        a[i] = F(i) + S;
#undef F
#define F(x) ((x) * 100)
#pragma dvm parallel([i])
    for (i = 0; i < 10; i++)
        a[i] += F(i);
}
// CHECK: #pragma push_macro("S")
// CHECK-NEXT: #define S 3
// CHECK: a[i] = F(i) + S;
// CHECK: #pragma pop_macro("S")
// CHECK: #pragma push_macro("S")
// CHECK-NEXT: #pragma push_macro("F")
// CHECK-NEXT: #define S 3
// CHECK-NEXT: #undef F
// CHECK-NEXT: #define F(x) ((x) * 100)
// CHECK: a[i] += F(i);
// CHECK: #pragma pop_macro("F")
// CHECK-NEXT: #pragma pop_macro("S")
// CHECK: void f(void)
