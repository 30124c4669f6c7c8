/* dvmh_core.h: the program (start, end, processes, errors), element types,
 * intervals and the data motion counters.
 * Part of dvmh.h, the runtime's public interface. */
#ifndef DVMH_PUBLIC_CORE_H
#define DVMH_PUBLIC_CORE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef int64_t dvmh_idx;          /* every index, extent and bound */
#define DVMH_MAX_RANK 7

/* ------------------------------------------------------------------------
 * Program
 * ------------------------------------------------------------------------ */

/* Called first by the generated main(); starts MPI (if built with it), reads
 * DVMH_* variables, creates the devices, creates the global distributed
 * arrays of every translation unit (see dvmh_register_init), and registers
 * an atexit handler that finishes everything (statistics, MPI_Finalize).
 * argc/argv may be NULL. */
void dvmh_init(int *argc, char ***argv);

/* Called by generated main() with the user's main's return value; returns
 * the exit status to return from main (the same on every process). */
int dvmh_finish(int status);

/* Each translation unit with file-scope distributed arrays or templates
 * registers one function (from a constructor) that creates them;
 * dvmh_init runs them in registration order. */
void dvmh_register_init(void (*create_globals)(void));

double dvmh_wtime(void);
void dvmh_barrier(void);
int dvmh_process_count(void);      /* of the current processor system */
int dvmh_process_rank(void);

/* Stops every process with a message naming file:line. */
void dvmh_fatal(const char *file, int line, const char *fmt, ...)
    __attribute__((noreturn, format(printf, 3, 4)));
/* Check mode (dvmcc -fdvmh-check): an error of the program found by a
 * check; prints "file:line: error: check: MESSAGE" and stops every process
 * like dvmh_fatal. */
void dvmh_check_fail(const char *file, int line, const char *fmt, ...)
    __attribute__((noreturn, format(printf, 3, 4)));

/* ------------------------------------------------------------------------
 * Element types (reductions, comparative debugging)
 * ------------------------------------------------------------------------ */
enum dvmh_type {
    DVMH_T_CHAR, DVMH_T_SCHAR, DVMH_T_UCHAR, DVMH_T_SHORT, DVMH_T_USHORT,
    DVMH_T_INT, DVMH_T_UINT, DVMH_T_LONG, DVMH_T_ULONG, DVMH_T_LLONG,
    DVMH_T_ULLONG, DVMH_T_FLOAT, DVMH_T_DOUBLE, DVMH_T_LDOUBLE,
    DVMH_T_BOOL,
    DVMH_T_OTHER                   /* structs etc.: copied, never combined */
};

/* ------------------------------------------------------------------------
 * Intervals (DVMH_STATS reports each)
 * ------------------------------------------------------------------------ */
void dvmh_interval_begin(const char *file, int line, long id);
void dvmh_interval_end(const char *file, int line);

/* ------------------------------------------------------------------------
 * Data motion counters (tests, tools): bytes this process moved so far for
 * a reason and a direction (-1: all of them).
 * ------------------------------------------------------------------------ */
enum dvmh_move_reason {
    DVMH_MOVE_REGION, DVMH_MOVE_GET_ACTUAL, DVMH_MOVE_SHADOW, DVMH_MOVE_ACROSS,
    DVMH_MOVE_REDUCTION, DVMH_MOVE_REMOTE, DVMH_MOVE_REDISTRIBUTE
};
enum dvmh_move_direction {
    DVMH_MOVE_TO_DEVICE, DVMH_MOVE_TO_HOST, DVMH_MOVE_DEVICE_TO_DEVICE, DVMH_MOVE_PROCESSES
};
unsigned long long dvmh_bytes_moved(int reason, int direction);
/* Devices of this process (the host is device 0). */
int dvmh_device_count(void);

#ifdef __cplusplus
}
#endif
#endif
