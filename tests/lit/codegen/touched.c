// RUN: %cdvmh %s -o - | grep -v "^// " | FileCheck %s
// How far each loop's references reach from its loop variables
// (dvmh_loop_reach), so devices exchange exactly the rows a stencil reads;
// the names and types of the data (dvmh_loop_describe); none when some
// reference is not 'loop variable + constant' or the data is used whole.
// The reach arrays are constants at file scope, before the function (as
// compound literals they cost the compiler an eighth of a file).
// CHECK: static const int dvmh_loop_touched_[[L1:[0-9]+]]_reach0_dims[] = {0, 1};
// CHECK-NEXT: static const dvmh_idx dvmh_loop_touched_[[L1]]_reach0_lo[] = {0, 0}, dvmh_loop_touched_[[L1]]_reach0_hi[] = {0, 0};
// CHECK-NEXT: static const int dvmh_loop_touched_[[L1]]_reach1_dims[] = {0, 1};
// CHECK-NEXT: static const dvmh_idx dvmh_loop_touched_[[L1]]_reach1_lo[] = {-1, -2}, dvmh_loop_touched_[[L1]]_reach1_hi[] = {1, 0};
// CHECK-NOT: _reach
// CHECK: static const int dvmh_loop_touched_[[L4:[0-9]+]]_reach0_dims[] = {0};
// CHECK-NEXT: static const dvmh_idx dvmh_loop_touched_[[L4]]_reach0_lo[] = {-1}, dvmh_loop_touched_[[L4]]_reach0_hi[] = {3};
// CHECK: void f(void)
#pragma dvm array distribute[block][block]
double A[16][16];
#pragma dvm array align([i][j] with A[i][j])
double B[16][16];
float X[16];
int idx[16];
void take(float *p);
void f(void)
{
    int i, j;
// CHECK: #line [[@LINE+6]] "{{.*}}touched.c"
// CHECK-NEXT: dvmh_loop_map(dvmh_L, A,
// CHECK: dvmh_loop_describe(dvmh_L, 0, "A", -1);
// CHECK-NEXT: dvmh_loop_reach(dvmh_L, 0, dvmh_loop_touched_[[L1]]_reach0_dims, dvmh_loop_touched_[[L1]]_reach0_lo, dvmh_loop_touched_[[L1]]_reach0_hi);
// CHECK-NEXT: dvmh_loop_describe(dvmh_L, 1, "B", -1);
// CHECK-NEXT: dvmh_loop_reach(dvmh_L, 1, dvmh_loop_touched_[[L1]]_reach1_dims, dvmh_loop_touched_[[L1]]_reach1_lo, dvmh_loop_touched_[[L1]]_reach1_hi);
#pragma dvm parallel([i][j] on A[i][j])
    for (i = 1; i < 15; i++)
        for (j = 2; j < 15; j++)
            A[i][j] = B[i - 1][j] + B[i + 1][j - 2] + B[(i)][j - 1];
// X is subscripted by 2*i: no reach; idx by a constant only: no reach
// CHECK: dvmh_loop_describe(dvmh_L, 0, "X", DVMH_T_FLOAT);
// CHECK-NEXT: dvmh_loop_describe(dvmh_L, 1, "idx", DVMH_T_INT);
// CHECK-NOT: dvmh_loop_reach
// CHECK: dvmh_loop_handler
#pragma dvm parallel([i]) tie(X[i])
    for (i = 0; i < 8; i++)
        X[2 * i] = idx[3];
// X passed whole to a function: no reach
// CHECK: dvmh_loop_describe(dvmh_L, 0, "X", DVMH_T_FLOAT);
// CHECK-NOT: dvmh_loop_reach
// CHECK: dvmh_loop_handler
#pragma dvm parallel([i]) tie(X[i])
    for (i = 0; i < 16; i++)
        if (i == 0)
            take(X);
// 3 + i and i - 1 on an ordinary array
// CHECK: dvmh_loop_reach(dvmh_L, 0, dvmh_loop_touched_[[L4]]_reach0_dims, dvmh_loop_touched_[[L4]]_reach0_lo, dvmh_loop_touched_[[L4]]_reach0_hi);
#pragma dvm parallel([i]) tie(X[i])
    for (i = 1; i < 12; i++)
        X[i] = X[3 + i] * X[i - 1];
}
