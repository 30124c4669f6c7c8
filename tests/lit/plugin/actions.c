// RUN: %clang_plugin -fsyntax-only %s
// RUN: %clang_plugin -fopenmp -O2 -S -emit-llvm %s -o - | FileCheck %s --check-prefix=IR
// RUN: %clang_plugin -fopenmp -O1 -g -S %s -o - | FileCheck %s --check-prefix=ASM
// RUN: %clang_plugin -fopenmp -c %s -o %t.o && test -s %t.o
// RUN: %clang_plugin -E %s | FileCheck %s --check-prefix=PRE
// Every usual action works on the generated code; _DVMH is defined.
#pragma dvm array distribute[block]
double A[10];
#ifdef _DVMH
int dvmh_defined = 1;
#endif
void f(void)
{
    int i;
#pragma dvm parallel([i] on A[i])
    for (i = 0; i < 10; i++)
        A[i] = i;
}
// IR: @dvmh_defined = {{.*}}global i32 1
// IR: call {{.*}}@dvmh_loop_create
// IR: call {{.*}}@dvmh_loop_run
// ASM: dvmh_loop_create
// PRE: dvmh_loop_handler(dvmh_L, DVMH_DEV_HOST
