// RUN: %cdvmh %s -o - | grep -v "^// " | FileCheck %s
// RUN: sed 's/$/\r/' %s > %t.c
// RUN: %cdvmh %t.c -o - | grep -v "^// " | FileCheck %s
// Line splices in directives are deleted as the preprocessor deletes
// them, even inside a word ('reduc\' and 'tion' on the next line are
// 'reduction'), and after a backslash before CRLF (the second run, on the
// file with DOS line endings).
#define N 16
#pragma dvm array distri\
bute[block]
double A[N];
double f(void)
{
    int i;
    double s = 0;
// CHECK: dvmh_loop_create(__FILE__, [[@LINE+7]], 1,
// CHECK: dvmh_loop_reduction(dvmh_L, DVMH_RED_SUM, DVMH_T_DOUBLE, &s, 1, NULL, 0, 0);
// CHECK: dvmh_loop_run(dvmh_L);
#pragma dvm parallel([i] on A[i]) reduc\
tion(sum(s)) pri\
vate(  \
)
    for (i = 0; i < N; i++)
        s += A[i];
// CHECK: A = dvmh_array_create(__FILE__, 11, 1, sizeof(double), DVMH_T_DOUBLE, (dvmh_idx[]){(N)}, NULL, NULL, (dvmh_distr[]){{[{][{]}}DVMH_DISTR_BLOCK, NULL, 0, 0}});
    return s;
}
