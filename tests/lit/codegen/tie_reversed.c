// RUN: %cdvmh %s -o - | grep -v "^// " | FileCheck %s
// A reversed tie '-i' (DVM: the dimension runs against i, offset unknown)
// tells the runtime any element of that dimension; '-2*i' and 'i' stay rules.
#define N 16
double a[N];
double b[N][4];
double c[2 * N];
void f(void)
{
    int i, j;
// CHECK: dvmh_loop_tie(dvmh_L, 0, (dvmh_rule[]){{[{][{]}}DVMH_RULE_ANY, 0, 0, 0}});
#pragma dvm parallel([i]) tie(a[-i])
    for (i = 1; i <= N; i++)
        a[N - i] = i;
// CHECK: dvmh_loop_tie(dvmh_L, 0, (dvmh_rule[]){{[{][{]}}DVMH_RULE_LINEAR, 0, (1), (0)}, {DVMH_RULE_ANY, 0, 0, 0}});
#pragma dvm parallel([i][j]) tie(b[i][-j])
    for (i = 0; i < N; i++)
        for (j = 3; j >= 0; j--)
            b[i][j] = i + j;
// CHECK: dvmh_loop_tie(dvmh_L, 0, (dvmh_rule[]){{[{][{]}}DVMH_RULE_LINEAR, 0, (-(2)), (0)}});
#pragma dvm parallel([i]) tie(c[-2*i])
    for (i = -N + 1; i <= 0; i++)
        c[-2 * i] = i;
}
