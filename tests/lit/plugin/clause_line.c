// RUN: not %clang_plugin -fsyntax-only -Xclang -plugin-arg-cdvmh -Xclang no-cuda %s 2>&1 | FileCheck %s
// A C error in an expression of a directive's clause ('on' index, 'align'
// rule) is reported on the directive's line, not on generated code.
#pragma dvm array distribute[block]
double A[16];
// CHECK-DAG: clause_line.c:[[@LINE+1]]:{{[0-9]+}}: error: use of undeclared identifier 'shift'
#pragma dvm array align([i] with A[i + shift])
double B[16];
void f(void)
{
    int i;
// CHECK-DAG: clause_line.c:[[@LINE+1]]:{{[0-9]+}}: error: use of undeclared identifier 'kk'
#pragma dvm parallel([i] on A[kk])
    for (i = 0; i < 16; i++)
        A[i] = i;
}
