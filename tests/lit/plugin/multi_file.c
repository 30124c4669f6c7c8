// RUN: rm -rf %t && mkdir -p %t && cd %t && %dvmcc --no-cuda -c %s %S/Inputs/mf_other.c
// RUN: cd %t && test -s multi_file.o && test -s mf_other.o && %dvmcc multi_file.o mf_other.o -o prog
// RUN: %t/prog | FileCheck %s
// RUN: %dvmcc --no-cuda -O2 %s %S/Inputs/mf_other.c -o %t/prog2 && %t/prog2 | FileCheck %s
// dvmcc with several sources: -c compiles each to its object, and without
// -c they are compiled and linked into one program.
// CHECK: sum 33 X[5] 2.5
#include <stdio.h>
#include "Inputs/mf.h"

int main(void)
{
    double s = fill();
    printf("sum %g X[5] %g\n", s, X[5]);
    return 0;
}
