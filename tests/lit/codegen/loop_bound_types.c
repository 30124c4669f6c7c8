// RUN: %cdvmh %s -o - | grep -v "^// " | FileCheck %s
// The nest function takes each dimension's bounds in the type of its loop
// variable when it is signed (int against int, as in the user's loop),
// else in dvmh_idx: unsigned (an empty piece's hi = -1 must stay below lo)
// and bounds that use outer loop variables (red-black).
#pragma dvm array distribute[block][block]
double A[100][100];
void f(void)
{
    long j;
// CHECK: _nest(const int dvmh_lo0, const int dvmh_hi0, const int dvmh_st0,
// CHECK-NEXT: const long dvmh_lo1, const long dvmh_hi1, const long dvmh_st1,
// CHECK: for (int i = dvmh_lo0; i <= dvmh_hi0; i++)
// CHECK-NEXT: DVMH_NO_UNROLL
// CHECK-NEXT: for (long j = dvmh_lo1; j <= dvmh_hi1; j++)
#pragma dvm parallel([i][j] on A[i][j])
    for (int i = 0; i < 100; i++)
        for (j = 0; j < 100; j++)
            A[i][j] = i + j;
// CHECK: _nest(const dvmh_idx dvmh_lo0, const dvmh_idx dvmh_hi0, const dvmh_idx dvmh_st0,
// CHECK-NEXT: const dvmh_idx dvmh_lo1, const dvmh_idx dvmh_hi1, const dvmh_idx dvmh_st1,
// CHECK: for (unsigned i = dvmh_lo0; i <= dvmh_hi0; i += dvmh_st0)
// CHECK-NEXT: DVMH_NO_UNROLL
// CHECK-NEXT: for (int k = dvmh_up_first(1 + i % 2, dvmh_lo1, (2)); k <= dvmh_min((99) - 1, dvmh_hi1); k += (2))
#pragma dvm parallel([i][k] on A[i][k])
    for (unsigned i = 1; i < 99; i += 3)
        for (int k = 1 + i % 2; k < 99; k += 2)
            A[i][k] = 0;
}
