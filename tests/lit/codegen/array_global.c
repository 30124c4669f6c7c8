// RUN: %cdvmh %s -o - | grep -v "^// " | FileCheck %s
// File-scope distributed arrays become descriptors created at start-up.
#define N 8
// CHECK: dvmh_array *A;
#pragma dvm array distribute[block][*], shadow[1:2][0]
double A[N][N];
// CHECK: static dvmh_array *B;
#pragma dvm array align([i][j] with A[j][i])
static float B[N][N];
int main(void)
{
// CHECK: return (int)DVMH_RD(A, double, 1, 2);
    return (int)A[1][2];
}
// run once, at start-up: not optimized
// CHECK: __attribute__((noinline, optnone)) static void dvmh_create_globals_array_global(void)
// CHECK: A = dvmh_array_create(__FILE__, 6, 2, sizeof(double), DVMH_T_DOUBLE, (dvmh_idx[]){(N), (N)}, (dvmh_idx[]){(1), (0)}, (dvmh_idx[]){(2), (0)}, (dvmh_distr[]){{[{][{]}}DVMH_DISTR_BLOCK, NULL, 0, 0}, {DVMH_DISTR_NONE, NULL, 0, 0}});
// CHECK: B = dvmh_array_create(__FILE__, 9, 2, sizeof(float), DVMH_T_FLOAT, (dvmh_idx[]){(N), (N)}, NULL, NULL, NULL);
// the align rules carry the directive's line (C errors in them land there)
// CHECK-NEXT: #line 8 "{{.*}}array_global.c"
// CHECK-NEXT: dvmh_array_align(__FILE__, 9, B, A, (dvmh_rule[]){{[{][{]}}DVMH_RULE_LINEAR, 1, (1), (0)}, {DVMH_RULE_LINEAR, 0, (1), (0)}});
// CHECK: __attribute__((constructor, noinline, optnone)) static void dvmh_register_globals_array_global(void)
// CHECK-NEXT: {
// CHECK-NEXT: dvmh_register_init(dvmh_create_globals_array_global);
// CHECK: int main(int argc, char **argv)
// CHECK: dvmh_init(&argc, &argv);
// CHECK: return dvmh_finish(dvmh_user_main());
