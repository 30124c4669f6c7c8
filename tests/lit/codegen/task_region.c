// RUN: %cdvmh %s -o - | grep -v "^// " | FileCheck %s
// Subtasks: a task array, automatic and manual maps, a link, a task
// region and the loop over the task array (data written in the bodies are
// registered; the bodies stay in place).
double cost[4], res[4];
double spread(int b, int k);
#pragma dvm task blocks[4]
// CHECK: static dvmh_task *dvmh_task_blocks;
void solve(int b, double *out);
void f(int n)
{
    int b;
// CHECK: dvmh_task *dvmh_task_parts __attribute__((cleanup(dvmh_task_release))) = dvmh_task_create(__FILE__, [[@LINE+1]], "parts", (long)(n));
#pragma dvm task parts[n]
    for (b = 0; b < 4; b++) {
// CHECK: dvmh_task_map(__FILE__, __LINE__, dvmh_task_blocks, (long)(b), (double)(cost[b]), (long)(1), (long)(b + 1), DVMH_TIME_AMDAHL, (double)(0.1), NULL);
#pragma dvm map(blocks[b] weight(cost[b]) procs(1 : b + 1) time(amdahl(0.1)))
// CHECK: dvmh_task_onto(__FILE__, __LINE__, dvmh_task_parts, (long)(b), (long)(b), (long)(b + 1));
#pragma dvm map(parts[b] onto(b : b + 1))
    }
// CHECK: dvmh_task_map(__FILE__, __LINE__, dvmh_task_blocks, (long)(0), (double)(1), (long)(-1), (long)(-1), DVMH_TIME_USER, 0, spread);
#pragma dvm map(blocks[0] time(spread))
// CHECK: dvmh_task_link(__FILE__, __LINE__, dvmh_task_blocks, (long)(0), (long)(1), (double)(8.0));
#pragma dvm task_link(blocks[0], blocks[1], 8.0)
// CHECK: dvmh_task_region_begin(__FILE__, [[RLINE:[0-9]+]], dvmh_task_blocks); {
#pragma dvm task_region(blocks)
    {
// CHECK: dvmh_task_loop *dvmh_TL = dvmh_task_loop_create(__FILE__, [[@LINE+7]], dvmh_task_blocks,
// CHECK-NEXT: (0), (4) - 1, 1, (1), 0);
// CHECK-NEXT: dvmh_task_loop_data(dvmh_TL, res, 1,
// CHECK-NEXT: dvmh_idx dvmh_it;
// CHECK-NEXT: while (dvmh_task_loop_next(dvmh_TL, &dvmh_it)) {
// CHECK-NEXT: b = (int)dvmh_it;
#pragma dvm parallel([b] on blocks[b])
        for (b = 0; b < 4; b++)
            solve(b, &res[b]);
// CHECK: dvmh_task_region_end(__FILE__, [[RLINE]], dvmh_task_blocks);
    }
}
// CHECK: dvmh_task_blocks = dvmh_task_create(__FILE__, 7, "blocks", (long)(4));
