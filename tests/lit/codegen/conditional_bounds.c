// RUN: %cdvmh %s -o - | grep -v "^// " | FileCheck %s
// RUN: %cdvmh %s -o %t.c && %clang -fsyntax-only -Wall -Werror -I%runtime_include %t.c
// A conditional operator in a bound of a 'lo : hi' pair takes its own
// ':' (as in C): onto(b == 0 ? 0 : 1 : 2) is onto((b == 0 ? 0 : 1) : 2),
// and so in procs(...) and in sections.
#pragma dvm task t[2]
double a[16];
void f(int k)
{
    int b;
    for (b = 0; b < 2; b++) {
// CHECK: dvmh_task_onto(__FILE__, __LINE__, dvmh_task_t, (long)(b), (long)(b == 0 ? 0 : 1), (long)(2));
#pragma dvm map(t[b] onto(b == 0 ? 0 : 1 : 2))
// CHECK: (long)(b ? 1 : 2), (long)(k > 1 ? 3 : 4)
#pragma dvm map(t[b] procs(b ? 1 : 2 : k > 1 ? 3 : 4))
    }
// CHECK: (dvmh_range[]){{[{][{]}}(k ? 1 : 2), (k > 3 ? 7 : 9)}}
#pragma dvm get_actual(a[k ? 1 : 2 : k > 3 ? 7 : 9])
}
