/* The scheduling model (lib/sched_model.h) alone: time tables, balancing,
 * exploration, whole-program schemes against transfer costs, scheme files
 * (round trip, stale, damaged, fuzzed). Devices are simulated: a run's
 * time is its work over the device's speed. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include "sched_model.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"

static const char *const NAMES3[] = {"host", "emu0", "emu1"};
static const char *const NAMES2[] = {"host", "emu0"};
static const int DEVS[] = {0, 1, 2};
static char dir[256];

static char *tmp_path(const char *name)
{
    static char path[384];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    return path;
}

/* ------------------------------------------------------------------------ */

static double model_perf(double w)
{
    return 50 + 20 * log(w);
}

static double model_time(double w)
{
    return w / model_perf(w);
}

static void test_table(void)
{
    static const char *const one[] = {"host"};
    sched_model *m = sched_model_new(1, one);
    sched_loop *l = sched_loop_get(sched_variant_get(m, "t.c:1", 0), "t.c:2");
    CHECK(sched_predict(l, 0, 100, NULL) < 0, "never timed");
    double pts[] = {100, 1000, 10000};
    for (int i = 0; i < 3; i++)
        sched_record(l, 0, 0, pts[i], model_time(pts[i]));
    for (int i = 0; i < 3; i++)
        CHECK(fabs(sched_predict(l, 0, pts[i], NULL) - model_time(pts[i])) < 1e-12,
              "point %g", pts[i]);
    double mid = sched_predict(l, 0, 550, NULL);
    CHECK(fabs(mid - 0.5 * (model_time(100) + model_time(1000))) < 1e-12, "linear %g", mid);
    /* the points lie on the log model: extrapolation reproduces it */
    double below = sched_predict(l, 0, 10, NULL);
    CHECK(fabs(below / model_time(10) - 1) < 1e-9, "below %g vs %g", below, model_time(10));
    double above = sched_predict(l, 0, 20000, NULL);
    CHECK(fabs(above / model_time(20000) - 1) < 1e-9, "above %g vs %g", above,
          model_time(20000));
    /* saturation at 4x the largest point: constant performance beyond */
    double far = sched_predict(l, 0, 1e6, NULL);
    CHECK(fabs(far / (1e6 / model_perf(40000)) - 1) < 1e-9, "saturated %g", far);
    /* noise: a longer time at less work keeps the function monotone */
    sched_record(l, 0, 0, 3000, 1e3);
    double prev = 0;
    for (double w = 1; w < 1e7; w *= 1.07) {
        double t = sched_predict(l, 0, w, NULL);
        CHECK(t >= prev && isfinite(t), "monotone at %g: %g < %g", w, t, prev);
        prev = t;
    }
    /* a full table merges points and stays usable */
    for (int i = 0; i < 200; i++) {
        double w = 50 + 37.0 * i * i;
        sched_record(l, 0, 0, w, model_time(w));
    }
    prev = 0;
    for (double w = 1; w < 1e7; w *= 1.5) {
        double t = sched_predict(l, 0, w, NULL);
        CHECK(t >= prev && isfinite(t) && t > 0, "monotone after merging at %g", w);
        prev = t;
    }
    sched_model_free(m);
}

/* ------------------------------------------------------------------------ */

static const double speed441[] = {4, 4, 1};

static double linear_time(void *ctx, int k, double w)
{
    return w / ((const double *)ctx)[k];
}

static void test_balance(void)
{
    double f[3];
    sched_balance(3, linear_time, (void *)speed441, 9e6, f);
    CHECK(fabs(f[0] - 4.0 / 9) < 1e-6 && fabs(f[1] - 4.0 / 9) < 1e-6 &&
              fabs(f[2] - 1.0 / 9) < 1e-6,
          "4:4:1 gave %g %g %g", f[0], f[1], f[2]);
    double prev[] = {1.0 / 3, 1.0 / 3, 1.0 / 3}, work[] = {3, 3, 3}, secs[] = {1, 1, 4}, g[3];
    sched_rebalance(3, prev, work, secs, g);
    CHECK(fabs(g[0] - 4.0 / 9) < 1e-12 && fabs(g[2] - 1.0 / 9) < 1e-12, "rebalance %g %g %g",
          g[0], g[1], g[2]);
    double a[] = {0.5, 0.5}, b[] = {0.25, 0.75}, h[] = {1, 0}, c[] = {0, 1};
    CHECK(sched_split_moved(2, a, a) == 0, "same split moves nothing");
    CHECK(fabs(sched_split_moved(2, a, b) - 0.25) < 1e-12, "a quarter moves");
    CHECK(fabs(sched_split_moved(2, h, c) - 1) < 1e-12, "all moves");
}

/* Runs l once on the simulated devices (speed[d] work per second; device
 * 0's handler variant 1 twice as fast as its 0). */
static void run_loop(sched_loop *l, int n, const double *speed, double work, sched_plan *p)
{
    static const double weights[] = {1, 1, 0};
    sched_loop_plan(l, n, DEVS, weights, work, p);
    for (int k = 0; k < n; k++) {
        double s = speed[k] * (k == 0 && p->handler[k] == 1 ? 2 : 1);
        if (p->fraction[k] > 0)
            sched_record(l, k, p->handler[k], p->fraction[k] * work, p->fraction[k] * work / s);
    }
}

static void test_explore(void)
{
    sched_model *m = sched_model_new(3, NAMES3);
    static const char *const fam[] = {"threads=1", "threads=2"};
    sched_model_set_handlers(m, 0, 2, fam);
    sched_variant *v = sched_variant_get(m, "e.c:1", 7);
    sched_loop *l = sched_loop_get(v, "e.c:2");
    const double speed[] = {2e6, 4e6, 1e6}; /* host's fast handler: 4e6 */
    sched_plan p;
    sched_variant_enter(m, v, 0);
    run_loop(l, 3, speed, 9e6, &p);
    CHECK(p.source == SCHED_FROM_EXPLORE, "first run explores");
    for (int k = 0; k < 3; k++)
        CHECK(p.fraction[k] >= 1.0 / 12 / 1.1, "device %d explored with %g", k, p.fraction[k]);
    CHECK(p.handler[0] == 0, "first handler first");
    run_loop(l, 3, speed, 9e6, &p);
    CHECK(p.source == SCHED_FROM_EXPLORE && p.handler[0] == 1, "second handler tried");
    run_loop(l, 3, speed, 9e6, &p);
    CHECK(p.source == SCHED_FROM_MODEL, "model after exploring (%d)", p.source);
    CHECK(p.handler[0] == 1, "the faster handler");
    CHECK(fabs(p.fraction[0] - 4.0 / 9) < 1e-3 && fabs(p.fraction[1] - 4.0 / 9) < 1e-3 &&
              fabs(p.fraction[2] - 1.0 / 9) < 1e-3,
          "4:4:1 gave %g %g %g", p.fraction[0], p.fraction[1], p.fraction[2]);
    sched_model_free(m);
}

/* The dynamic mode's cycle: entries, loop runs, periodic rebuilds; the
 * scheme then gives the balanced split without search. */
static void test_cycle(void)
{
    sched_model *m = sched_model_new(3, NAMES3);
    const double speed[] = {4e6, 4e6, 1e6};
    sched_plan p;
    int builds = 0;
    for (int i = 0; i < 40; i++) {
        sched_variant *v = sched_variant_get(m, "c.c:1", 99);
        sched_variant_enter(m, v, 1e5);
        if (sched_should_rebuild(m)) {
            sched_build_scheme(m, NULL, NULL);
            builds++;
        }
        run_loop(sched_loop_get(v, "c.c:2"), 3, speed, 9e6 + 1e5 * (i % 3), &p);
    }
    CHECK(builds == 2, "rebuilt after 8 and 24 entries, got %d builds", builds);
    CHECK(p.source == SCHED_FROM_SCHEME, "the scheme applies");
    CHECK(fabs(p.fraction[0] - 4.0 / 9) < 1e-3 && fabs(p.fraction[2] - 1.0 / 9) < 1e-3,
          "4:4:1 gave %g %g %g", p.fraction[0], p.fraction[1], p.fraction[2]);
    sched_model_free(m);
}

/* ------------------------------------------------------------------------ */

/* Two variants, A fast on the host, B fast on emu0 (4:1 each), entered in
 * turn 20 times each, sharing 1e6 bytes; the scheme at a bandwidth. */
static sched_model *two_variants(double bandwidth, sched_variant **a, sched_variant **b)
{
    sched_model *m = sched_model_new(2, NAMES2);
    sched_model_set_warnings(m, NULL);
    sched_model_set_transfer(m, 0, bandwidth);
    *a = sched_variant_get(m, "two.c:10", 0x1234);
    *b = sched_variant_get(m, "two.c:20", 0x1234);
    const double fast_a[] = {4e6, 1e6}, fast_b[] = {1e6, 4e6};
    sched_plan p;
    for (int i = 0; i < 20; i++) {
        sched_variant_enter(m, *a, 1e6);
        run_loop(sched_loop_get(*a, "two.c:11"), 2, fast_a, 1e6, &p);
        sched_variant_enter(m, *b, 1e6);
        run_loop(sched_loop_get(*b, "two.c:21"), 2, fast_b, 1e6, &p);
    }
    sched_build_scheme(m, NULL, NULL);
    return m;
}

static void test_scheme_costs(void)
{
    sched_variant *a, *b;
    double sa[2], sb[2];
    sched_model *m = two_variants(1e15, &a, &b);
    CHECK(sched_variant_split(a, sa) && sched_variant_split(b, sb), "both in the scheme");
    CHECK(fabs(sa[0] - 0.8) < 1e-3 && fabs(sb[1] - 0.8) < 1e-3,
          "cheap moves: own splits, got A %g:%g B %g:%g", sa[0], sa[1], sb[0], sb[1]);
    sched_model_free(m);
    m = two_variants(1e3, &a, &b);
    CHECK(sched_variant_split(a, sa) && sched_variant_split(b, sb), "both in the scheme");
    CHECK(fabs(sa[0] - sb[0]) < 1e-12, "dear moves: one split, got A %g:%g B %g:%g", sa[0],
          sa[1], sb[0], sb[1]);
    sched_model_free(m);
}

/* One variant, 4x faster on emu0, between host sections that need its
 * data on the host (get_actual) and give it back (actual). */
static void host_sections(double bandwidth, double section_bytes, double *split)
{
    sched_model *m = sched_model_new(2, NAMES2);
    sched_model_set_transfer(m, 0, bandwidth);
    sched_variant *a = sched_variant_get(m, "h.c:10", 1);
    const double speed[] = {1e6, 4e6};
    sched_plan p;
    for (int i = 0; i < 20; i++) {
        sched_variant_enter(m, a, 1e6);
        sched_variant_serial(a, 1e-3);
        run_loop(sched_loop_get(a, "h.c:11"), 2, speed, 1e6, &p);
        sched_host_section(m, 1e-3, section_bytes);
    }
    sched_build_scheme(m, NULL, NULL);
    CHECK(sched_variant_split(a, split), "in the scheme");
    sched_model_free(m);
}

static void test_host_sections(void)
{
    double s[2];
    host_sections(1e15, 1e6, s);
    CHECK(fabs(s[1] - 0.8) < 1e-3, "cheap moves: emu0 gets 0.8, got %g", s[1]);
    host_sections(1e3, 1e6, s);
    CHECK(s[0] == 1 && s[1] == 0, "dear moves: all on the host, got %g:%g", s[0], s[1]);
    /* host sections that get_actual nothing: the data stays on the
     * devices between the entries, and moving is dear for nothing */
    host_sections(1e3, 0, s);
    CHECK(fabs(s[1] - 0.8) < 1e-3, "sections moving nothing: emu0 gets 0.8, got %g", s[1]);
}

/* A variant of a loop 4x faster on emu0 and an across loop run whole on
 * the host: splitting the first moves the second's data there and back. */
static void fixed_loop(double bytes, double *split)
{
    sched_model *m = sched_model_new(2, NAMES2);
    sched_model_set_transfer(m, 0, 1e9);
    sched_variant *a = sched_variant_get(m, "f.c:10", 1);
    const double speed[] = {1e6, 4e6};
    sched_plan p;
    for (int i = 0; i < 20; i++) {
        sched_variant_enter(m, a, bytes);
        run_loop(sched_loop_get(a, "f.c:11"), 2, speed, 1e5, &p);
        sched_fixed_loop(a, "f.c:20", 0, bytes);
        sched_variant_serial(a, 0.05);
    }
    sched_build_scheme(m, NULL, NULL);
    CHECK(sched_variant_split(a, split), "in the scheme");
    sched_model_free(m);
}

static void test_fixed_loop(void)
{
    double s[2];
    fixed_loop(1e3, s);
    CHECK(fabs(s[1] - 0.8) < 1e-3, "little data: emu0 gets 0.8, got %g", s[1]);
    /* the split saves 0.1 - 0.025 s; moving 0.8 of 1e8 bytes there and
     * back costs 0.16 s */
    fixed_loop(1e8, s);
    CHECK(s[0] == 1 && s[1] == 0, "much data: all on the host, got %g:%g", s[0], s[1]);
}

/* A variant of two loops, one that only the host can run: the variant's
 * split still balances the other. */
static void test_partial_loops(void)
{
    sched_model *m = sched_model_new(2, NAMES2);
    sched_variant *v = sched_variant_get(m, "p.c:1", 0);
    const double speed[] = {1e6, 3e6};
    sched_plan p;
    static const double w[] = {1, 1};
    for (int i = 0; i < 5; i++) {
        sched_variant_enter(m, v, 0);
        run_loop(sched_loop_get(v, "p.c:2"), 2, speed, 4e6, &p);
        sched_loop_plan(sched_loop_get(v, "p.c:3"), 1, DEVS, w, 1e3, &p);
        CHECK(p.fraction[0] == 1, "one device takes it all");
        sched_record(sched_loop_get(v, "p.c:3"), 0, 0, 1e3, 1e-3);
    }
    sched_build_scheme(m, NULL, NULL);
    double s[2];
    CHECK(sched_variant_split(v, s) && fabs(s[1] - 0.75) < 1e-3, "3:1 gave %g:%g", s[0], s[1]);
    sched_loop_plan(sched_loop_get(v, "p.c:3"), 1, DEVS, w, 1e3, &p);
    CHECK(p.source == SCHED_FROM_SCHEME && p.fraction[0] == 1, "host-only loop in the scheme");
    int h = -1;
    CHECK(fabs(sched_predict(sched_loop_get(v, "p.c:2"), 1, 3e6, &h) - 1) < 1e-9 && h == 0,
          "emu0's time for 3e6");
    sched_model_free(m);
}

static void test_rebuild(void)
{
    sched_model *m = sched_model_new(2, NAMES2);
    sched_model_set_rebuild(m, 4);
    sched_variant *v = sched_variant_get(m, "r.c:1", 0);
    for (int i = 0; i < 3; i++)
        sched_variant_enter(m, v, 0);
    CHECK(!sched_should_rebuild(m), "not yet");
    sched_variant_enter(m, v, 0);
    CHECK(sched_should_rebuild(m), "after 4 entries");
    sched_build_scheme(m, NULL, NULL);
    CHECK(!sched_should_rebuild(m), "just built");
    for (int i = 0; i < 8; i++)
        sched_host_section(m, 0.001, 100);
    CHECK(sched_should_rebuild(m), "after 8 more");
    sched_model_free(m);
}

/* A variant whose loops have explored (two runs each, timed everywhere)
 * asks for a scheme at once; the build covers it and keeps the periodic
 * schedule; a loop new to it asks again after its own two runs. */
static void test_needs_scheme(void)
{
    sched_model *m = sched_model_new(3, NAMES3);
    sched_model_set_rebuild(m, 100);
    const double speed[] = {4e6, 4e6, 1e6};
    sched_variant *v = sched_variant_get(m, "n.c:1", 5);
    sched_plan p;
    sched_variant_enter(m, v, 0);
    CHECK(!sched_variant_needs_scheme(v), "no loop yet");
    run_loop(sched_loop_get(v, "n.c:2"), 3, speed, 9e6, &p);
    CHECK(!sched_variant_needs_scheme(v), "one run is not enough");
    sched_variant_enter(m, v, 0);
    run_loop(sched_loop_get(v, "n.c:2"), 3, speed, 9e6, &p);
    CHECK(p.source == SCHED_FROM_EXPLORE, "the second run explores too (%d)", p.source);
    CHECK(sched_variant_needs_scheme(v), "two runs timed everywhere");
    sched_build_scheme(m, NULL, NULL);
    CHECK(!sched_variant_needs_scheme(v), "covered");
    CHECK(!sched_should_rebuild(m), "the periodic schedule stays");
    run_loop(sched_loop_get(v, "n.c:2"), 3, speed, 9e6, &p);
    CHECK(p.source == SCHED_FROM_SCHEME && fabs(p.fraction[2] - 1.0 / 9) < 1e-3,
          "the scheme's split (%d, %g)", p.source, p.fraction[2]);
    for (int i = 0; i < 2; i++) {
        run_loop(sched_loop_get(v, "n.c:3"), 3, speed, 9e6, &p);
        CHECK(i == 1 || !sched_variant_needs_scheme(v), "a new loop's first run");
    }
    CHECK(sched_variant_needs_scheme(v), "a new loop explored");
    for (int i = 0; i < 97; i++)
        sched_host_section(m, 0.001, 0);
    CHECK(!sched_should_rebuild(m), "99 entries: not yet");
    sched_host_section(m, 0.001, 0);
    CHECK(sched_should_rebuild(m), "after 100 entries");
    sched_model_free(m);
}

/* ------------------------------------------------------------------------ */

static sched_model *reader_model(int ndev, FILE *warnings)
{
    sched_model *m = sched_model_new(ndev, ndev == 2 ? NAMES2 : NAMES3);
    sched_model_set_warnings(m, warnings);
    return m;
}

static void test_round_trip(void)
{
    sched_variant *a, *b;
    sched_model *m = two_variants(1e15, &a, &b);
    sched_plan pa, pb, qa, qb;
    static const double w[] = {1, 1};
    sched_loop_plan(sched_loop_get(a, "two.c:11"), 2, DEVS, w, 1e6, &pa);
    sched_loop_plan(sched_loop_get(b, "two.c:21"), 2, DEVS, w, 1e6, &pb);
    CHECK(pa.source == SCHED_FROM_SCHEME && pb.source == SCHED_FROM_SCHEME, "scheme applies");
    char err[512];
    CHECK(sched_scheme_write(m, tmp_path("scheme"), err, sizeof err) == 0, "write: %s", err);
    double sa[2], ra[2];
    sched_variant_split(a, sa);
    sched_model_free(m);

    FILE *warn = tmpfile();
    m = reader_model(2, warn);
    CHECK(sched_scheme_read(m, tmp_path("scheme"), err, sizeof err) == 0, "read: %s", err);
    a = sched_variant_get(m, "two.c:10", 0x1234);
    b = sched_variant_get(m, "two.c:20", 0x1234);
    sched_loop_plan(sched_loop_get(a, "two.c:11"), 2, DEVS, w, 1e6, &qa);
    sched_loop_plan(sched_loop_get(b, "two.c:21"), 2, DEVS, w, 1e6, &qb);
    CHECK(sched_variant_split(a, ra) && memcmp(sa, ra, sizeof sa) == 0, "variant split");
    CHECK(memcmp(&pa, &qa, sizeof pa) == 0 && memcmp(&pb, &qb, sizeof pb) == 0,
          "plans differ: %.17g vs %.17g", pa.fraction[0], qa.fraction[0]);
    CHECK(!sched_should_rebuild(m), "scheme mode never rebuilds");
    CHECK(ftell(warn) == 0, "no warning for a matching scheme");
    sched_model_free(m);
    fclose(warn);
}

static int count_lines(FILE *f)
{
    int n = 0, c;
    rewind(f);
    while ((c = fgetc(f)) != EOF)
        n += c == '\n';
    return n;
}

static void test_stale(void)
{
    /* the program changed: other regions and loops than the file's */
    char err[512];
    FILE *warn = tmpfile();
    sched_model *m = reader_model(2, warn);
    CHECK(sched_scheme_read(m, tmp_path("scheme"), err, sizeof err) == 0, "read: %s", err);
    static const double w[] = {3, 1};
    sched_plan p;
    for (int i = 0; i < 3; i++) {
        sched_variant *v = sched_variant_get(m, i == 2 ? "two.c:10" : "new.c:5", i == 2 ? 0x1234 : (uint64_t)i);
        sched_loop_plan(sched_loop_get(v, "new.c:6"), 2, DEVS, w, 100, &p);
        CHECK(p.source == SCHED_FROM_STATIC && p.fraction[0] == 0.75 && p.fraction[1] == 0.25,
              "static fallback %d: %g", p.source, p.fraction[0]);
    }
    CHECK(count_lines(warn) == 1, "one warning, got %d lines", count_lines(warn));
    sched_model_free(m);
    fclose(warn);
    /* other devices: one warning, nothing applies */
    warn = tmpfile();
    m = reader_model(3, warn);
    CHECK(sched_scheme_read(m, tmp_path("scheme"), err, sizeof err) == 0, "read: %s", err);
    sched_variant *a = sched_variant_get(m, "two.c:10", 0x1234);
    static const double w3[] = {1, 1, 2};
    sched_loop_plan(sched_loop_get(a, "two.c:11"), 3, DEVS, w3, 100, &p);
    CHECK(p.source == SCHED_FROM_STATIC && p.fraction[2] == 0.5, "other devices: static");
    CHECK(count_lines(warn) == 1, "one warning, got %d lines", count_lines(warn));
    sched_model_free(m);
    fclose(warn);
}

#define HEAD "dvmh-sched-scheme 1\ndevices 2 host emu0\n"
#define VAR "variant a.c:1 00000000000000ff\n"

static const struct damaged {
    const char *text;
    int line;
} damaged[] = {
    {"", 1},
    {"# only a comment\n\n", 2},
    {"hello\n", 1},
    {"dvmh-sched-scheme 2\n", 1},
    {"dvmh-sched-scheme\n", 1},
    {"dvmh-sched-scheme 1\n", 1},
    {"dvmh-sched-scheme 1\ndevices 2 host\n", 2},
    {"dvmh-sched-scheme 1\ndevices 99 host\n", 2},
    {"dvmh-sched-scheme 1\ndevices x\n", 2},
    {"dvmh-sched-scheme 1\n" VAR, 2},
    {HEAD VAR "  split 0.5 abc\nend\n", 4},
    {HEAD VAR "  split 0.5 0.2\nend\n", 4},
    {HEAD VAR "  split 0.5\nend\n", 4},
    {HEAD VAR "  split -0.5 1.5\nend\n", 4},
    {HEAD VAR "  split nan 1\nend\n", 4},
    {HEAD VAR "  split inf 0\nend\n", 4},
    {HEAD VAR "  split 1e400 0\nend\n", 4},
    {HEAD VAR "  split 1 0\n  split 1 0\nend\n", 5},
    {HEAD VAR "  split 1 0\n", 4},
    {HEAD VAR "end\n", 4},
    {HEAD VAR "  split 1 0\n  loop a.c:2 1 0\nend\n", 5},
    {HEAD VAR "  split 1 0\n  loop a.c:2 1 0 handler default default\nend\n", 5},
    {HEAD VAR "  split 1 0\n  loop a.c:2 1 0 handlers default\nend\n", 5},
    {HEAD VAR "  split 1 0\n  loop a%zz.c:2 1 0 handlers default default\nend\n", 5},
    {HEAD VAR "  split 1 0\n  loop a.c:2 1 0 handlers default default\n"
              "  loop a.c:2 1 0 handlers default default\nend\n", 6},
    {HEAD VAR "  split 1 0\n  frobnicate\nend\n", 5},
    {HEAD VAR "  split 1 0\n  entries -3\nend\n", 5},
    {HEAD "entries 3\n", 3},
    {HEAD "split 1 0\n", 3},
    {HEAD "end\n", 3},
    {HEAD "variant a.c:1 xyz\n", 3},
    {HEAD "variant a.c:1 -00000000000000f\n", 3},
    {HEAD "variant a.c:1\n", 3},
    {HEAD "variant a%00.c:1 00000000000000ff\n", 3},
    {HEAD VAR "  split 1 0\n" VAR, 5},
    {HEAD VAR "  split 1 0\nend\n" VAR "  split 1 0\nend\n", 6},
    {HEAD "devices 2 host emu0\n", 3},
    {HEAD VAR "  split 1 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0"
              " 0 0 0 0 0 0 0\nend\n", 4},
};

static sched_plan probe(sched_model *m)
{
    static const double w[] = {1, 1};
    sched_plan p;
    sched_variant *v = sched_variant_get(m, "a.c:1", 0xff);
    sched_loop_plan(sched_loop_get(v, "a.c:2"), 2, DEVS, w, 100, &p);
    return p;
}

static void test_damaged(void)
{
    char *path = tmp_path("damaged");
    char err[512], want[256];
    for (size_t i = 0; i < sizeof damaged / sizeof damaged[0]; i++) {
        FILE *f = fopen(path, "w");
        fputs(damaged[i].text, f);
        fclose(f);
        sched_model *m = reader_model(2, NULL);
        err[0] = 0;
        int rc = sched_scheme_read(m, path, err, sizeof err);
        snprintf(want, sizeof want, "%s:%d: ", path, damaged[i].line);
        CHECK(rc == -1 && strncmp(err, want, strlen(want)) == 0, "case %zu: rc %d, '%s'", i,
              rc, err);
        CHECK(probe(m).source == SCHED_FROM_EXPLORE, "case %zu: the model changed", i);
        sched_model_free(m);
    }
    /* a NUL byte inside a line */
    FILE *f = fopen(path, "w");
    fwrite(HEAD "var\0iant\n", 1, sizeof HEAD + 8, f);
    fclose(f);
    sched_model *m = reader_model(2, NULL);
    CHECK(sched_scheme_read(m, path, err, sizeof err) == -1 && strstr(err, ":3: "), "NUL: %s",
          err);
    CHECK(sched_scheme_read(m, tmp_path("missing"), err, sizeof err) == -1 &&
              strstr(err, "missing: cannot read"),
          "missing file: %s", err);
    sched_model_free(m);
}

/* Random damage to the round trip's file: each read succeeds or fails
 * with the file's name; nothing crashes (run under ASan or valgrind). */
static void test_fuzz(void)
{
    FILE *f = fopen(tmp_path("scheme"), "r");
    char good[8192];
    size_t len = fread(good, 1, sizeof good - 1, f);
    fclose(f);
    static const char junk[] = " \n\t#%0-.e9xfz";
    char *path = tmp_path("fuzz"), err[512], text[8192 + 64];
    srand(20);
    int failed = 0;
    for (int it = 0; it < 600; it++) {
        size_t n = len;
        memcpy(text, good, len);
        for (int k = 0, edits = 1 + rand() % 4; k < edits && n > 0; k++) {
            size_t at = (size_t)rand() % n;
            switch (rand() % 4) {
            case 0: text[at] = junk[rand() % (int)(sizeof junk - 1)]; break;
            case 1: text[at] = (char)(rand() % 256); break;
            case 2: memmove(text + at, text + at + 1, n - at - 1); n--; break;
            default: n = at; break;
            }
        }
        f = fopen(path, "w");
        fwrite(text, 1, n, f);
        fclose(f);
        sched_model *m = reader_model(2, NULL);
        int rc = sched_scheme_read(m, path, err, sizeof err);
        if (rc != 0) {
            failed++;
            CHECK(rc == -1 && strncmp(err, path, strlen(path)) == 0 && err[strlen(path)] == ':',
                  "fuzz %d: rc %d '%s'", it, rc, err);
        }
        sched_plan p = probe(m);
        double sum = 0;
        for (int k = 0; k < 2; k++)
            sum += p.fraction[k];
        CHECK(fabs(sum - 1) < 1e-6, "fuzz %d: fractions sum to %g", it, sum);
        sched_model_free(m);
    }
    CHECK(failed > 100, "the fuzzing damaged too little (%d failures)", failed);
}

int main(void)
{
    const char *tmp = getenv("TMPDIR");
    if ((size_t)snprintf(dir, sizeof dir, "%s/sched_test.XXXXXX", tmp && *tmp ? tmp : "/tmp") >=
        sizeof dir) {
        fprintf(stderr, "TMPDIR is too long\n");
        return 1;
    }
    if (!mkdtemp(dir)) {
        perror("mkdtemp");
        return 1;
    }
    test_table();
    test_balance();
    test_explore();
    test_cycle();
    test_scheme_costs();
    test_host_sections();
    test_fixed_loop();
    test_partial_loops();
    test_rebuild();
    test_needs_scheme();
    test_round_trip();
    test_stale();
    test_damaged();
    test_fuzz();
    static const char *const files[] = {"scheme", "damaged", "fuzz"};
    for (int i = 0; i < 3; i++)
        if (!getenv("SCHED_TEST_KEEP"))
            unlink(tmp_path(files[i]));
    if (!getenv("SCHED_TEST_KEEP"))
        rmdir(dir);
    if (failures)
        fprintf(stderr, "%d failures\n", failures);
    else
        printf("sched_test: all passed\n");
    return failures != 0;
}
