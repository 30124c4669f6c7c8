// RUN: %cdvmh %s -o - | grep -v "^// " | FileCheck %s
// Mapping subscripts with parentheses and with macros that bring the loop
// variable (expanded as the preprocessor would); constant macros stay.
#define N 16
#define OFF 1
#define IDX(k) ((k) + OFF)
#define TWICE(k) ((k) + (k))
#define HERE i
#pragma dvm array distribute[block]
double A[2 * N + 2];
#pragma dvm array align([i] with A[IDX(i)])
double B[N];
int main(void)
{
    int i;
#pragma dvm region
    {
// CHECK: dvmh_loop_map(dvmh_L, A, (dvmh_rule[]){{[{][{]}}DVMH_RULE_LINEAR, 0, (1), (OFF)}});
#pragma dvm parallel([i] on A[IDX(i)])
        for (i = 0; i < N; i++)
            A[i + OFF] = i;
// CHECK: dvmh_loop_map(dvmh_L, A, (dvmh_rule[]){{[{][{]}}DVMH_RULE_LINEAR, 0, (2), (0)}});
#pragma dvm parallel([i] on A[TWICE(i)])
        for (i = 0; i < N; i++)
            A[2 * i] = i;
// CHECK: dvmh_loop_map(dvmh_L, A, (dvmh_rule[]){{[{][{]}}DVMH_RULE_LINEAR, 0, (2), ((2) * (OFF))}});
#pragma dvm parallel([i] on A[2 * ((i) + OFF)])
        for (i = 0; i < N; i++)
            A[2 * (i + OFF)] = i;
// CHECK: dvmh_loop_map(dvmh_L, B, (dvmh_rule[]){{[{][{]}}DVMH_RULE_LINEAR, 0, (1), (0)}});
#pragma dvm parallel([i] on B[HERE])
        for (i = 0; i < N; i++)
            B[i] = i;
// CHECK: dvmh_loop_map(dvmh_L, A, (dvmh_rule[]){{[{][{]}}DVMH_RULE_LINEAR, 0, (-1), ((N) + (-1))}});
#pragma dvm parallel([i] on A[N - (i) - 1])
        for (i = 0; i < N; i++)
            A[N - i - 1] = i;
    }
    return 0;
}
// CHECK: dvmh_array_align(__FILE__, {{[0-9]+}}, B, A, (dvmh_rule[]){{[{][{]}}DVMH_RULE_LINEAR, 0, (1), (OFF)}});
