// RUN: %cdvmh %s -o - | grep -v "^// " | FileCheck %s
// parallel(N): the N outermost loops of the nest, their variables from the
// 'for' headers (declared there or not); no 'on', ordinary data.
double u[8][6][4];
double f(void)
{
    double eps = 0;
    int j;
// CHECK: static void dvmh_loop_parallel_depth_[[L:[0-9]+]]_nest(const int dvmh_lo0, const int dvmh_hi0, const int dvmh_st0,
// CHECK: for (int i = dvmh_lo0; i <= dvmh_hi0; i++)
// CHECK: for (int j = dvmh_lo1; j <= dvmh_hi1; j++)
// CHECK: for (int k = 1; k < 3; k++)
// CHECK: double f(void)
// CHECK: dvmh_loop_create(__FILE__, [[L]], 2,
// CHECK-NEXT: (dvmh_idx[]){1, 1},
// CHECK-NEXT: (dvmh_idx[]){(7) - 1, (5) - 1},
// CHECK-NEXT: (dvmh_idx[]){1, 1});
// CHECK-NOT: dvmh_loop_map
// CHECK: dvmh_loop_data(dvmh_L, u, 3,
// the subscripts i, j are the loop's dimensions 0 and 1
// CHECK: dvmh_loop_reach(dvmh_L, 0, dvmh_loop_parallel_depth_[[R:[0-9]+]]_reach0_dims, dvmh_loop_parallel_depth_[[R]]_reach0_lo,
// CHECK: dvmh_loop_reduction(dvmh_L, DVMH_RED_MAX, DVMH_T_DOUBLE, &eps, 1, NULL, 0, 0);
#pragma dvm parallel(2) reduction(max(eps))
    for (int i = 1; i < 7; i++)
        for (int j = 1; j < 5; j++)
            for (int k = 1; k < 3; k++)
                eps = eps > u[i][j][k] ? eps : u[i][j][k];
// CHECK: dvmh_loop_create(__FILE__, [[@LINE+5]], 1,
// CHECK-NEXT: (dvmh_idx[]){7},
// CHECK-NEXT: (dvmh_idx[]){0},
// CHECK-NEXT: (dvmh_idx[]){-1});
#pragma dvm parallel(1) private(j)
    for (long i = 7; i >= 0; i--)
        for (j = 0; j < 6; j++)
            u[i][j][0] = i + j;
    return eps;
}
