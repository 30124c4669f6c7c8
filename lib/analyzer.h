/* analyzer.h: the performance analyzer's characteristics for DVMH_STATS
 * (docs/trace.md, "The characteristics"): the time of the process's main
 * thread divided among productive work and the causes of lost time, for
 * the whole program and each interval, then combined over the processes
 * at exit. The same classes and names as dvmh-report's. */
#ifndef DVMH_ANALYZER_H
#define DVMH_ANALYZER_H

#include "device.h"

#include <stdio.h>

enum an_class {
    AN_PIECE,           /* loop pieces: productive */
    AN_SEQUENTIAL,      /* outside loops and exchanges */
    AN_COMM,            /* exchanges with other processes */
    AN_SYNC,            /* reductions, barriers */
    AN_DATA_HD,         /* host <-> device copies */
    AN_DATA_DD,         /* device <-> device copies */
    AN_OVERHEAD,        /* in a loop, outside its pieces and exchanges */
    AN_CLASSES
};

/* What one scope (the program, an interval) accumulated. */
typedef struct an_times {
    double time[AN_CLASSES];
    double elapsed;                 /* the scope's own time, every run */
    double opened;                  /* when the current run began */
} an_times;

/* Starts the clock; the program's scope is open from now on. */
void analyzer_start(an_times *program);
/* A scope (interval) opens or closes on this process. */
void analyzer_push(an_times *t);
void analyzer_pop(void);
/* A parallel loop begins or ends. */
void analyzer_loop(int begin);
/* Something of class c ran from started until now. */
void analyzer_span(int c, double started);
/* Ends the program's scope. */
void analyzer_stop(void);
/* Collective: prints the characteristics of t (device_seconds: its time
 * per device) for this process and summed over the processes; every
 * process calls it for the same scopes in the same order. */
void analyzer_print(FILE *out, const char *indent, const an_times *t,
                    const double *device_seconds);

#endif
