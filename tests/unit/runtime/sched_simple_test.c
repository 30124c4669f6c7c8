/* The simple dynamic mode (lib/sched_simple.h) alone: the loops of a
 * region share its split, re-balanced at the region's exits from the
 * pieces' times (of the loops every device ran); a region with a loop
 * fixed on one device tries that device alone and keeps whichever of the
 * two ran its entries faster (the entries' times are made by sleeping:
 * 60 ms against 1 ms). */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include "sched_simple.h"

#include <math.h>
#include <stdio.h>
#include <time.h>

#include "check.h"

static const int DEVS[] = {0, 1};
static const double EQUAL[] = {1, 1};

static void sleep_ms(int ms)
{
    struct timespec ts = {ms / 1000, (long)(ms % 1000) * 1000000L};
    nanosleep(&ts, NULL);
}

/* One entry of region.c:line with two loops split between the host and a
 * device 3 times faster (per share: seconds = share / speed); the first
 * loop's split in f. */
static void entry(int line, double *f, bool skip_device_in_second)
{
    static const double speed[] = {1, 3};
    ssimple_region_begin("region.c", line);
    for (int loop = 0; loop < 2; loop++) {
        double g[2], t[2];
        CHECK(ssimple_split(DEVS, 2, EQUAL, g), "in a region");
        if (loop == 0) {
            f[0] = g[0];
            f[1] = g[1];
        } else {
            CHECK(g[0] == f[0] && g[1] == f[1], "the loops share the split: %g:%g, %g:%g", f[0],
                  f[1], g[0], g[1]);
        }
        for (int k = 0; k < 2; k++)
            t[k] = g[k] / speed[k];
        if (loop == 1 && skip_device_in_second)
            ssimple_record(1, DEVS, (const double[]){1}, t);
        else
            ssimple_record(2, DEVS, g, t);
    }
    ssimple_region_end();
}

static void test_shared_split(void)
{
    double f[2];
    entry(10, f, false);
    CHECK(fabs(f[0] - 0.5) < 1e-12, "the weights first: %g", f[0]);
    entry(10, f, false);
    /* target 1:3, half way from 1:1 */
    CHECK(fabs(f[1] - 0.625) < 1e-9, "half way to 0.75: %g", f[1]);
    for (int i = 0; i < 10; i++)
        entry(10, f, false);
    CHECK(fabs(f[1] - 0.75) <= 0.03, "near 0.75 in the end: %g", f[1]);
    /* another region starts from the weights; a loop that one device did
     * not run leaves the entry's sums (the other loop still counts) */
    entry(20, f, true);
    entry(20, f, false);
    CHECK(fabs(f[1] - 0.625) < 1e-9, "the loop both ran counts: %g", f[1]);
    double g[2];
    CHECK(!ssimple_split(DEVS, 2, EQUAL, g), "outside regions: no split");
}

/* Entries of region.c:line with an across loop fixed on the host and a
 * split loop; each takes balanced_ms with a split, one_ms all on the host.
 * Returns the host's share in the last entry. */
static double trial(int line, int balanced_ms, int one_ms)
{
    double g[2] = {0, 0};
    for (int i = 0; i < 8; i++) {
        ssimple_region_begin("trial.c", line);
        ssimple_fixed(0);
        CHECK(ssimple_split(DEVS, 2, EQUAL, g), "in a region");
        bool one = g[0] == 1;
        if (!one)
            ssimple_record(2, DEVS, g, (const double[]){0.001, 0.001});
        sleep_ms(one ? one_ms : balanced_ms);
        ssimple_region_end();
    }
    return g[0];
}

static void test_one_device_trial(void)
{
    CHECK(trial(30, 60, 1) == 1, "faster on the host alone: kept there");
    CHECK(trial(40, 1, 60) < 1, "slower on the host alone: back to the split");
}

int main(void)
{
    test_shared_split();
    test_one_device_trial();
    if (failures)
        fprintf(stderr, "%d failures\n", failures);
    else
        printf("sched_simple_test: all passed\n");
    return failures != 0;
}
