/* env.h: DVMH_* configuration variables; a bad value stops the program. */
#ifndef DVMH_ENV_H
#define DVMH_ENV_H

#include <stdbool.h>

/* An integer variable from min_value to 2^20. */
int env_int(const char *name, int default_value, int min_value);
int env_int_max(const char *name, int default_value, int min_value, int max_value);
/* The most host threads a process may ask for (DVMH_NUM_THREADS). */
#define ENV_MAX_THREADS 1024
/* A device-kind performance weight (DVMH_*_PERF): positive, default 1. */
double env_weight(const char *name);
/* DVMH_CPU_PERF: as env_weight, but 0 is allowed: in regions the host runs
 * only what no accelerator can. */
double env_cpu_weight(void);
/* The variable is unset or one of accepted; a value in later is refused as
 * not supported yet, anything else as a bad value (both stop the program). */
bool env_choice(const char *name, const char *const *accepted, const char *const *later);

#endif
