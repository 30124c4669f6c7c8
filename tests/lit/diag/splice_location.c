// RUN: %not %cdvmh %s -o /dev/null 2>&1 | FileCheck %s
// RUN: sed 's/$/\r/' %s > %t.c
// RUN: %not %cdvmh %t.c -o /dev/null 2>&1 | FileCheck %s
// Errors after line splices (deleted as the preprocessor does, inside a
// word too, and before CRLF in the second run) point at their own line
// and column.
// CHECK: .c:18:6: error: reduction operation 'summ' is not known
// CHECK: .c:22:5: error: unknown clause 'privat' in 'parallel' directive
// CHECK: 2 errors generated.
#define N 16
#pragma dvm array distribute[block]
double A[N];
double f(void)
{
    int i;
    double s = 0;
#pragma dvm parallel([i] on A[i]) reduc\
tion(summ(s))
    for (i = 0; i < N; i++)
        s += A[i];
#pragma dvm parallel([i] on A[i]) \
    privat\
    e(s)
    for (i = 0; i < N; i++)
        A[i] = s;
    return s;
}
