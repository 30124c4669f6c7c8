/* trace.h: the timeline (DVMH_TRACE=FILE) in the Chrome trace-event JSON
 * format. Each process streams its events through a fixed buffer into a
 * part file beside FILE; at exit rank 0 joins the parts into FILE. Every
 * hook is an inline check of one global flag: off costs a load and a
 * branch. Times are dvmh_wtime() seconds; the trace shows microseconds
 * since a start-up barrier (the common origin of every process). */
#ifndef DVMH_TRACE_H
#define DVMH_TRACE_H

#include <stdbool.h>
#include <stddef.h>

extern bool trace_on;

/* Reads DVMH_TRACE (after the devices started: they name the tracks). */
void trace_start(void);
/* Collective: writes the last events and joins the parts (rank 0). */
void trace_finish(void);

/* Kinds of scope (nested spans on the host track). */
enum trace_scope { TRACE_REGION, TRACE_INTERVAL, TRACE_LOOP, TRACE_REDISTRIBUTE, TRACE_REALIGN };

void trace_scope_begin_(int kind, const char *file, int line, long id);
void trace_scope_end_(void);
void trace_piece_(const char *file, int line, int device, double started, long long iterations);
void trace_transfer_(const char *var, int reason, int to, int from, unsigned long long bytes,
                     double seconds);
void trace_count_(int reason, int direction, unsigned long long bytes);
void trace_comm_(const char *var, int reason, unsigned long long bytes, double started);
void trace_peer_(int peer, unsigned long long bytes);
void trace_op_(const char *name, double started, unsigned long long bytes);
void trace_stage_(double started);
struct dvmh_loop;
struct loop_piece;
void trace_schedule_(const struct dvmh_loop *l, const struct loop_piece *pieces, int count);
void trace_kernel_(const char *name, int device, double started, double seconds);

static inline void trace_scope_begin(int kind, const char *file, int line, long id)
{
    if (trace_on)
        trace_scope_begin_(kind, file, line, id);
}
static inline void trace_scope_end(void)
{
    if (trace_on)
        trace_scope_end_();
}
/* A loop piece that ran on device from started until now. */
static inline void trace_piece(const char *file, int line, int device, double started,
                               long long iterations)
{
    if (trace_on)
        trace_piece_(file, line, device, started, iterations);
}
/* bytes of variable var copied from device from to device to, ending now. */
static inline void trace_transfer(const char *var, int reason, int to, int from,
                                  unsigned long long bytes, double seconds)
{
    if (trace_on)
        trace_transfer_(var, reason, to, from, bytes, seconds);
}
/* bytes counted that belong to no variable (reduction results). */
static inline void trace_count(int reason, int direction, unsigned long long bytes)
{
    if (trace_on)
        trace_count_(reason, direction, bytes);
}
/* bytes sent to other processes for var (shadow, remote, across...) by
 * an exchange that started at time started and ends now; its args get the
 * peers noted since it started (< 0: untimed, the peers noted since the
 * last exchange). */
static inline void trace_comm(const char *var, int reason, unsigned long long bytes,
                              double started)
{
    if (trace_on)
        trace_comm_(var, reason, bytes, started);
}
/* A message of bytes to process peer (rank in the current system). */
static inline void trace_peer(int peer, unsigned long long bytes)
{
    if (trace_on)
        trace_peer_(peer, bytes);
}
/* A reduction, barrier or across stage from started (dvmh_wtime) until
 * now. */
static inline void trace_op(const char *name, double started, unsigned long long bytes)
{
    if (trace_on)
        trace_op_(name, started, bytes);
}
/* One stage of an across pipeline from started until now: its messages
 * (bytes, peers) in args. */
static inline void trace_stage(double started)
{
    if (trace_on)
        trace_stage_(started);
}
/* How a loop's iterations were split among the devices (instant event). */
static inline void trace_schedule(const struct dvmh_loop *l, const struct loop_piece *pieces,
                                  int count)
{
    if (trace_on)
        trace_schedule_(l, pieces, count);
}
/* A GPU kernel, timed with events on the GPU: started (dvmh_wtime) and
 * seconds from its events. */
static inline void trace_kernel(const char *name, int device, double started, double seconds)
{
    if (trace_on)
        trace_kernel_(name, device, started, seconds);
}

#endif
