/* env.h: DVMH_* configuration variables; a bad value stops the program. */
#ifndef DVMH_ENV_H
#define DVMH_ENV_H

#include <stdbool.h>

/* An integer variable from min_value to 2^20. */
int env_int(const char *name, int default_value, int min_value);
int env_int_max(const char *name, int default_value, int min_value, int max_value);
/* The most host threads a process may ask for (DVMH_NUM_THREADS). */
#define ENV_MAX_THREADS 1024
/* Whether the variable is set (not empty). */
bool env_given(const char *name);
/* A number, or a comma list of them, one per device: value 'index' (a
 * single number serves every index). count >= 0: a list must have that
 * many values. Each value is above min_value (or equal, min_ok) and at
 * most 1e9; else the program stops saying the value is not 'what'. */
double env_number_at(const char *name, int index, int count, double default_value,
                     double min_value, bool min_ok, const char *what);
/* A device-kind performance weight (DVMH_EMUS_PERF, DVMH_CUDAS_PERF) of
 * device index of count: positive, default 1. */
double env_weight(const char *name, int index, int count);
/* DVMH_CPU_PERF: as env_weight, but 0 is allowed: in regions the host runs
 * only what no accelerator can. */
double env_cpu_weight(void);
/* The variable is unset or one of accepted (NULL-terminated); anything
 * else stops the program. */
void env_choice(const char *name, const char *const *accepted);
/* The variable is one of names (NULL-terminated) or its index as a number;
 * unset: default_index. Anything else stops the program. */
int env_choice_index(const char *name, const char *const *names, int default_index);

#endif
