// RUN: %cdvmh %s -o - | grep -v "^// " | FileCheck %s
// reduction on the loop over a task array: registered with the loop (the
// runtime combines the subtasks' results in the loop's order); the
// reduction variables are not shared as written data.
double work(int b);
void f(void)
{
    int b;
    double eps = 0, s = 0;
    int at[1];
#pragma dvm task blocks[4]
#pragma dvm task_region(blocks)
    {
// CHECK: dvmh_task_loop *dvmh_TL = dvmh_task_loop_create(
// CHECK-NOT: dvmh_task_loop_data
// CHECK: dvmh_task_loop_reduction(dvmh_TL, DVMH_RED_MAXLOC, DVMH_T_DOUBLE, &eps, 1, &at, 1, sizeof(at) / (1));
// CHECK-NEXT: dvmh_task_loop_reduction(dvmh_TL, DVMH_RED_SUM, DVMH_T_DOUBLE, &s, 1, NULL, 0, 0);
// CHECK: while (dvmh_task_loop_next(dvmh_TL, &dvmh_it))
#pragma dvm parallel([b] on blocks[b]) reduction(maxloc(eps, at, 1), sum(s))
        for (b = 0; b < 4; b++) {
            double w = work(b);
            if (w > eps) {
                eps = w;
                at[0] = b;
            }
            s += w;
        }
    }
}
