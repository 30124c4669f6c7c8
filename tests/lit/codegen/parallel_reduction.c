// RUN: %cdvmh %s -o - | grep -v "^// " | FileCheck %s
// A parallel loop with a reduction: handler before the function, calls in place.
#pragma dvm array distribute[block]
double A[100];
double f(void)
{
    int i;
    double s = 0;
// CHECK: static void dvmh_loop_parallel_reduction_[[L:[0-9]+]]_nest(const int dvmh_lo0, const int dvmh_hi0, const int dvmh_st0,
// CHECK-NEXT: double *const restrict A,
// CHECK-NEXT: void *const dvmh_red0)
// CHECK: double s;
// CHECK-NEXT: __builtin_memcpy(&s, dvmh_red0, sizeof(s));
// CHECK-NEXT: DVMH_NO_UNROLL
// CHECK-NEXT: for (int i = dvmh_lo0; i <= dvmh_hi0; i++)
// CHECK: __builtin_memcpy(dvmh_red0, &s, sizeof(s));
// The team function: thread dvmh_t of dvmh_n runs the nest on each part
// of dimension 0 that dvmh_thread_next gives it (its block; parts of
// others' blocks where the reductions allow); the handler runs the team
// (dvmh_team_run: one thread calls it without a parallel region). Both
// are compiled unoptimized (optnone: nanoseconds per piece; the nest is
// where the time goes).
// CHECK: __attribute__((noinline, optnone))
// CHECK-NEXT: static void dvmh_loop_parallel_reduction_[[L]]_team(dvmh_piece *dvmh_P, const int dvmh_t, const int dvmh_n)
// CHECK-NEXT: {
// CHECK-NEXT: dvmh_idx dvmh_tlo, dvmh_thi;
// CHECK-NEXT: double s;
// CHECK-NEXT: dvmh_red_init(dvmh_P, 0, &s, NULL);
// CHECK-NEXT: while (dvmh_thread_next(dvmh_P, 0, dvmh_t, dvmh_n, &dvmh_tlo, &dvmh_thi))
// CHECK-NEXT: dvmh_loop_parallel_reduction_[[L]]_nest(dvmh_tlo, dvmh_thi, dvmh_P->step[0], dvmh_P->data[0], &s);
// CHECK-NEXT: dvmh_red_put(dvmh_P, 0, dvmh_t, &s, NULL);
// CHECK-NEXT: }
// CHECK: __attribute__((noinline, optnone))
// CHECK-NEXT: static void dvmh_loop_parallel_reduction_[[L]](dvmh_piece *dvmh_P)
// CHECK-NEXT: {
// CHECK-NEXT: dvmh_team_run(dvmh_P, dvmh_loop_parallel_reduction_[[L]]_team);
// CHECK-NEXT: }
// CHECK: double f(void)
// CHECK: dvmh_loop_create(__FILE__, [[L]], 1,
// CHECK-NEXT: (dvmh_idx[]){0},
// CHECK-NEXT: (dvmh_idx[]){(100) - 1},
// CHECK-NEXT: (dvmh_idx[]){1});
// CHECK: dvmh_loop_map(dvmh_L, A, (dvmh_rule[]){{[{][{]}}DVMH_RULE_LINEAR, 0, (1), (0)}});
// CHECK: dvmh_loop_array(dvmh_L, A, DVMH_READ);
// CHECK: dvmh_loop_reduction(dvmh_L, DVMH_RED_SUM, DVMH_T_DOUBLE, &s, 1, NULL, 0, 0);
// CHECK: dvmh_loop_run(dvmh_L);
#pragma dvm parallel([i] on A[i]) reduction(sum(s))
    for (i = 0; i < 100; i++)
        s += A[i];
    return s;
}
