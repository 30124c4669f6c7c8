/* schedule_dyn.h: the dynamic and scheme modes' glue between the runtime
 * (schedule.c) and the model (sched_model.h): launch variants from the
 * regions entered, time tables fed from the pieces run, the scheme built,
 * read and written. Private to schedule.c. */
#ifndef DVMH_SCHEDULE_DYN_H
#define DVMH_SCHEDULE_DYN_H

#include "dvmh.h"

#include <stdbool.h>
#include <stddef.h>

/* mode: SCHED_DYNAMIC or SCHED_SCHEME; path: DVMH_SCHED_FILE or NULL. */
void sdyn_start(int mode, const char *path);
void sdyn_finish(void);
void sdyn_region_begin(const char *file, int line);
void sdyn_region_datum(const char *decl_file, int decl_line, int rank, const dvmh_idx *size,
                       size_t elem_size);
void sdyn_region_end(void);
struct loop_piece;
/* The split of l among usable[0..n-1] (weights: their static weights) and
 * the handler threads of each (threads may be NULL); *source names where
 * it came from (statistics). */
void sdyn_split(const dvmh_loop *l, const int *usable, int n, const double *weights, double work,
                double *fraction, int *threads, const char **source);
/* Piece p of l ran work iterations in seconds. */
void sdyn_record(const dvmh_loop *l, const struct loop_piece *p, double work, double seconds);
/* The loop split last is done (its pieces recorded). */
void sdyn_loop_done(void);
/* schedule_fixed in dynamic mode. */
void sdyn_fixed(const dvmh_loop *l, int dev);

#endif
