// RUN: %cdvmh %s -o - | grep -v "^// " | FileCheck %s
// A typedef name in a directive's expression: in a cast or sizeof it is
// kept (diag/typedef_as_value.c: alone it is refused).
#include <stddef.h>
#define N 16
typedef long len_t;
#pragma dvm array distribute[block][], shadow[2][0]
double U[N][N];
int main(void)
{
    int i, j;
#pragma dvm region
    {
#pragma dvm parallel([i][j] on U[i][j]) shadow_renew(U[(len_t)1][(size_t)0])
        for (i = 1; i < N - 1; i++)
            for (j = 0; j < N; j++)
                U[i][j] = U[i - 1][j] + U[i + 1][j] + (double)sizeof(len_t);
    }
#pragma dvm get_actual(U[(len_t)2 / 2][])
    return 0;
}
// CHECK: (len_t)1
// CHECK-SAME: (size_t)0
// CHECK: (len_t)2 / 2
