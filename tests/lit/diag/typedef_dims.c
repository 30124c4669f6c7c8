// RUN: %not %cdvmh %s -o /dev/null 2>&1 | FileCheck %s
// A distributed array (or an inherit parameter) whose dimensions hide in a
// typedef of an array or pointer type is refused clearly; a typedef of the
// element type (a struct) is fine.
// CHECK: typedef_dims.c:17:1: error: not supported yet: 'U' is declared with the array or pointer type 'row_t' (a typedef): write its dimensions out in the declaration (double U[N][M])
// CHECK-NEXT: row_t U[N];
// CHECK: typedef_dims.c:20:21: error: not supported yet: 'R' is declared with the array or pointer type 'row_t' (a typedef): write its dimensions out in the declaration (double R[N][M])
// CHECK-NOT: 'P'
// CHECK-NOT: 'Q'
#define N 8
#define M 4
typedef double row_t[M];
typedef struct { double x, y; } point;
#pragma dvm array distribute[block]
point P[N];
#pragma dvm array distribute[block]
row_t U[N];
#pragma dvm array distribute[block][block]
point Q[N][M];
#pragma dvm inherit(R)
double first(row_t *R)
{
    return R[0][0];
}
