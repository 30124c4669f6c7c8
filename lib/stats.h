/* stats.h: performance statistics (DVMH_STATS): per region and per parallel
 * loop, time and iterations per device and bytes and time per kind of
 * transfer; printed at exit. */
#ifndef DVMH_STATS_H
#define DVMH_STATS_H

#include <stdbool.h>
#include <stddef.h>

/* Reads DVMH_STATS ("0", "1" for stderr, or a file name). */
void stats_start(void);
/* DVMH_STATS is on. */
bool stats_enabled(void);
/* Prints the report (when enabled) and frees everything. */
void stats_finish(void);

/* The innermost open scope (a region, then a loop inside it) receives the
 * device times and transfers; every enclosing one too. */
void stats_region_begin(const char *file, int line);
void stats_region_end(void);
void stats_interval_begin(const char *file, int line, long id);
void stats_interval_end(void);
void stats_loop_begin(const char *file, int line);
void stats_loop_end(void);
void stats_device_work(int device, double seconds, long long iterations);
void stats_transfer(int reason, int direction, unsigned long long bytes, double seconds);
/* A reduction or barrier between processes from started until now. */
void stats_sync(double started);
/* Waiting in an across pipeline's stage from started until now (outside
 * its piece). */
void stats_comm(double started);

#endif
