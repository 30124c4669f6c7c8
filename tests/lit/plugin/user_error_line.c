// RUN: %not %clang_plugin -fopenmp -c %s -o /dev/null 2>&1 | FileCheck %s
// An error in the user's own code after generated code points at the user's line.
#pragma dvm array distribute[block]
double A[10];
int f(void)
{
    int i;
#pragma dvm parallel([i] on A[i])
    for (i = 0; i < 10; i++)
        A[i] = i;
// CHECK: user_error_line.c:[[@LINE+1]]:{{[0-9]+}}: error: use of undeclared identifier 'nothing'
    return nothing;
}
