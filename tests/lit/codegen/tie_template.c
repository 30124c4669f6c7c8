// RUN: %cdvmh %s -o - | grep -v "^// " | FileCheck %s
// Loops on a template; tie of an ordinary array; cuda_block; remote_access in a loop.
#define N 16
#pragma dvm template[N] distribute[block]
void *T;
#pragma dvm array align([i] with T[i])
double A[N];
double b[N][4];
void f(void)
{
    int i;
// CHECK: static void dvmh_loop_tie_template_{{[0-9]+}}
// CHECK: const dvmh_idx dvmh_e0_1,
// CHECK-NEXT: double (*const restrict b)[dvmh_e0_1],
// CHECK-NEXT: double *const restrict A)
// CHECK: dvmh_loop_map(dvmh_L, T, (dvmh_rule[]){{[{][{]}}DVMH_RULE_LINEAR, 0, (1), (0)}});
// CHECK: dvmh_loop_tie(dvmh_L, 0, (dvmh_rule[]){{[{][{]}}DVMH_RULE_LINEAR, 0, (1), (0)}, {DVMH_RULE_ANY, 0, 0, 0}});
// CHECK: dvmh_loop_remote(dvmh_L, 1, (dvmh_rule[]){{[{][{]}}DVMH_RULE_LINEAR, 0, (1), (+(1))}});
// CHECK: dvmh_loop_cuda_block(dvmh_L, 64, 1, 1);
#pragma dvm parallel([i] on T[i]) tie(b[i][]) remote_access(A[i+1]) cuda_block(64)
    for (i = 0; i < N - 1; i++)
        b[i][0] = A[i + 1];
}
// CHECK: T = dvmh_template_create(__FILE__, 5, 1, (dvmh_idx[]){(N)}, (dvmh_distr[]){{[{][{]}}DVMH_DISTR_BLOCK, NULL, 0, 0}});
