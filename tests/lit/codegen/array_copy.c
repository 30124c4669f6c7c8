// RUN: %cdvmh %s -o - | grep -v "^// " | FileCheck %s
// array_copy becomes one runtime call; localize and unlocalize are
// checked and leave no code (indices stay global), keeping the lines.
#pragma dvm array distribute[block][]
double R[8][8];
#pragma dvm array distribute[][block]
double C[8][8];
#pragma dvm array distribute[block]
double V[8];
#pragma dvm array align([i] with V[i])
long idx[8];
void f(void)
{
// CHECK: dvmh_array_copy(__FILE__, __LINE__, C, R);
#pragma dvm array_copy(C = R)
// CHECK-EMPTY:
// CHECK-EMPTY:
// CHECK-EMPTY:
// CHECK-NEXT: dvmh_array_copy(__FILE__, __LINE__, R, C);
#pragma dvm localize(idx => V[:])
#pragma dvm localize(idx => V)
#pragma dvm unlocalize(idx)
#pragma dvm array_copy(R = C)
}
