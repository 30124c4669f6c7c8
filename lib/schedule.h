/* schedule.h: the scheduling modes (DVMH_SCHED_TECH): how a parallel loop's
 * local part is divided among the devices of the region.
 *   single          one device per loop: the fastest that can run it
 *   static          by weights: DVMH_*_PERF, else the devices' speeds
 *                   measured at the first split
 *   simple-dynamic  each loop from the device speeds of its previous runs
 *   dynamic         the model of lib/sched_model.h: time tables per launch
 *                   variant, loop, device and handler variant; a scheme
 *                   for the whole program built periodically
 *   scheme          a scheme read from DVMH_SCHED_FILE, applied as is
 * docs/runtime.md describes them. */
#ifndef DVMH_SCHEDULE_H
#define DVMH_SCHEDULE_H

#include "dvmh.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

enum schedule_mode {
    SCHED_SINGLE,
    SCHED_STATIC,
    SCHED_SIMPLE_DYNAMIC,
    SCHED_DYNAMIC,
    SCHED_SCHEME,
    SCHED_MODES
};

struct loop_piece;

/* Checks DVMH_SCHED_TECH, DVMH_SCHED_FILE, DVMH_EMU_SLOWDOWN. */
void schedule_check_env(void);
/* After the devices are open: the mode; the scheme file in scheme mode. */
void schedule_start(void);
/* At exit, before the statistics: the dynamic modes write the scheme to
 * DVMH_SCHED_FILE. */
void schedule_finish(void);
int schedule_mode(void);
const char *schedule_mode_name(void);

/* The static weight of device dev: DVMH_*_PERF, else its measured speed
 * relative to the host's (measured once, at the first call). */
double schedule_weight(int dev);

/* The share of the loop's local part (work: its iteration count) each of
 * the n devices usable[] (ascending) gets: fraction[k], summing to 1, and
 * (threads not NULL) the handler threads of each (0: the device's own;
 * the dynamic modes try handler variants). */
void schedule_split(const dvmh_loop *l, const int *usable, int n, double work, double *fraction,
                    int *threads);
/* The pieces ran: seconds[k] is piece k's time on its device. */
void schedule_record(const dvmh_loop *l, const struct loop_piece *pieces, int n,
                     const double *seconds);

/* Region entry and exit, and the data the region names (identify its
 * launch variant in the dynamic modes). */
/* A loop that several devices could share runs whole on dev (an across
 * loop along the split, a loop that cannot be split): the dynamic model
 * counts the moves of its data to dev and back. */
void schedule_fixed(const dvmh_loop *l, int dev);
void schedule_region_begin(const char *file, int line);
void schedule_region_datum(const char *decl_file, int decl_line, int rank, const dvmh_idx *size,
                           size_t elem_size);
void schedule_region_end(void);

/* DVMH_STATS: the split of the loop at file:line and how it evolved. */
void schedule_print_loop(FILE *out, const char *file, int line);

#endif
