// RUN: %cdvmh %s -o - | grep -v "^// " | FileCheck %s
// A template this file knows only by a bare extern directive (the
// definition, with its sizes, in another file): a loop mapped onto it and
// its redistribution check the number of indexes and formats against the
// definition's rank when the program runs.
#define N 12
#pragma dvm template
extern void *T;
double A[N];
void f(void)
{
    int i;
// CHECK: dvmh_template_rank_check(__FILE__, __LINE__, T, 1); dvmh_redistribute(__FILE__, __LINE__, T,
#pragma dvm redistribute(T[block])
// CHECK: #line [[@LINE+3]]
// CHECK-NEXT: dvmh_template_rank_check(__FILE__, __LINE__, T, 1);
// CHECK-NEXT: dvmh_loop_map(dvmh_L, T,
#pragma dvm parallel([i] on T[i])
    for (i = 0; i < N; i++)
        A[i] = i;
}
