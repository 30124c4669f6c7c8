/* bench_time.h: wall-clock seconds for the benchmarks (the same clock in
 * the C-DVMH and the hand-written versions, so ratios compare like with
 * like). */
#ifndef BENCH_TIME_H
#define BENCH_TIME_H
#include <time.h>

static double bench_seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}
#endif
