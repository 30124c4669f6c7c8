// RUN: %cdvmh %s -o - | grep -v "^// " | FileCheck %s
// A bare 'template' before an extern declaration, like a bare 'array'
// before an extern array (the DVM system allows both): the definition
// gives the sizes, and the uses take them from it.
#define N 12
// CHECK: extern dvmh_template *T;
#pragma dvm template
extern void *T;
// CHECK: dvmh_template *T;
#pragma dvm template[N] distribute[block]
void *T;
#pragma dvm array align([i] with T[i])
double A[N];
void f(void)
{
    int i;
// CHECK: dvmh_loop_map(dvmh_L, T, (dvmh_rule[]){{[{][{]}}DVMH_RULE_LINEAR, 0, (1), (0)}});
#pragma dvm parallel([i] on T[i])
    for (i = 0; i < N; i++)
        A[i] = i;
}
// CHECK: T = dvmh_template_create(__FILE__, 11, 1, (dvmh_idx[]){(N)}, (dvmh_distr[]){{[{][{]}}DVMH_DISTR_BLOCK, NULL, 0, 0}});
