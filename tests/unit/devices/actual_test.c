/* Actuality tracking (lib/actual.c) against a model: every element has the
 * version of its last write; random writes on random devices and random
 * reads (actualize, then compare the device's copy with the model) over
 * the host and two emulated accelerators. Also: fresh emulated memory is
 * poisoned, so a read without its transfer shows. Fixed seeds. */
#define _GNU_SOURCE
#include "actual.h"
#include "device.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define ROWS 12
#define COLS 10

static int failures;

static int *elem(var *v, int dev, int i, int j)
{
    dvmh_idx ext[DVMH_MAX_RANK];
    var_extents(v, dev, ext);
    return (int *)(void *)var_zero_address(v, dev) + (dvmh_idx)i * ext[1] + j;
}

static void random_box(box *b, unsigned *seed)
{
    b->rank = 2;
    int dims[2] = {ROWS, COLS};
    for (int d = 0; d < 2; d++) {
        int x = rand_r(seed) % dims[d], y = rand_r(seed) % dims[d];
        b->lo[d] = x < y ? x : y;
        b->hi[d] = x < y ? y : x;
    }
}

static void model_run(unsigned seed, int steps)
{
    static int host[ROWS][COLS];
    int model[ROWS][COLS];
    int version = 1;
    for (int i = 0; i < ROWS; i++)
        for (int j = 0; j < COLS; j++)
            host[i][j] = model[i][j] = version++;
    box whole = {.rank = 2, .lo = {0, 0}, .hi = {ROWS - 1, COLS - 1}};
    var *v = var_create("model", 2, sizeof(int), &whole, (char *)host);
    for (int s = 0; s < steps; s++) {
        int dev = rand_r(&seed) % device_count();
        box b;
        random_box(&b, &seed);
        if (rand_r(&seed) % 2) {
            var_reserve(v, dev, &b);
            for (dvmh_idx i = b.lo[0]; i <= b.hi[0]; i++)
                for (dvmh_idx j = b.lo[1]; j <= b.hi[1]; j++)
                    *elem(v, dev, (int)i, (int)j) = model[i][j] = version++;
            var_written(v, dev, &b);
        } else {
            var_actualize(v, dev, &b, MOVE_REGION);
            for (dvmh_idx i = b.lo[0]; i <= b.hi[0]; i++)
                for (dvmh_idx j = b.lo[1]; j <= b.hi[1]; j++)
                    if (*elem(v, dev, (int)i, (int)j) != model[i][j]) {
                        if (failures++ < 10)
                            printf("FAIL seed %u step %d: device %d [%lld][%lld] = %d, "
                                   "expected %d\n", seed, s, dev, (long long)i, (long long)j,
                                   *elem(v, dev, (int)i, (int)j), model[i][j]);
                    }
        }
    }
    /* everything comes back to the host */
    var_actualize_host_all(v, MOVE_GET_ACTUAL);
    if (memcmp(host, model, sizeof host) != 0 && failures++ < 10)
        printf("FAIL: the host copy differs from the model at the end\n");
    var_destroy(v);
}

static void poison_shows(void)
{
    static double host[ROWS][COLS];
    for (int i = 0; i < ROWS; i++)
        for (int j = 0; j < COLS; j++)
            host[i][j] = i + j;
    box whole = {.rank = 2, .lo = {0, 0}, .hi = {ROWS - 1, COLS - 1}};
    var *v = var_create("poison", 2, sizeof(double), &whole, (char *)host);
    box row = {.rank = 2, .lo = {3, 0}, .hi = {3, COLS - 1}};
    /* the transfer left out: the device holds the poison pattern */
    var_reserve(v, 1, &row);
    dvmh_idx ext[DVMH_MAX_RANK];
    var_extents(v, 1, ext);
    double *d = (double *)(void *)var_zero_address(v, 1) + 3 * ext[1];
    if (d[0] == d[0]) {
        failures++;
        printf("FAIL: fresh emulated memory is not poisoned (%g)\n", d[0]);
    }
    var_actualize(v, 1, &row, MOVE_REGION);
    for (int j = 0; j < COLS; j++)
        if (d[j] != 3 + j) {
            failures++;
            printf("FAIL: row 3 was not copied in: [%d] = %g\n", j, d[j]);
        }
    /* the copy is counted once: a second request moves nothing */
    unsigned long long before = actual_bytes_moved(-1, -1);
    var_actualize(v, 1, &row, MOVE_REGION);
    if (actual_bytes_moved(-1, -1) != before) {
        failures++;
        printf("FAIL: an actual row was copied again\n");
    }
    if (v->bytes[MOVE_REGION][MOVE_TO_DEVICE] != COLS * sizeof(double)) {
        failures++;
        printf("FAIL: %llu bytes counted for one row\n", v->bytes[MOVE_REGION][MOVE_TO_DEVICE]);
    }
    var_destroy(v);
}

int main(void)
{
    setenv("DVMH_NUM_EMUS", "2", 1);
    devices_start(1);
    if (device_count() != 3) {
        printf("FAIL: %d devices\n", device_count());
        return 1;
    }
    poison_shows();
    for (unsigned seed = 1; seed <= 200; seed++)
        model_run(seed, 60);
    devices_stop();
    printf("actual_test: %d failures\n", failures);
    return failures != 0;
}
