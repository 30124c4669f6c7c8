// RUN: %not %clang_plugin -fsyntax-only %s 2>&1 | FileCheck %s
// A directive error comes out as a clang diagnostic with a caret.
int f(void)
{
    int i, s = 0;
// CHECK: diagnostics.c:[[@LINE+3]]:37: error: reduction operation 'summ' is not known
// CHECK-NEXT: {{^}}    9 | #pragma dvm parallel([i]) reduction(summ(s))
// CHECK-NEXT: {{^}}      |                                     ^
#pragma dvm parallel([i]) reduction(summ(s))
    for (i = 0; i < 10; i++)
        s += i;
    return s;
}
