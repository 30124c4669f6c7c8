/* env.c: DVMH_* configuration variables. A bad value stops the program
 * with a message naming the variable; it never becomes a silent default. */
#include "env.h"
#include "comm.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int env_int(const char *name, int default_value, int min_value)
{
    return env_int_max(name, default_value, min_value, 1 << 20);
}

int env_int_max(const char *name, int default_value, int min_value, int max_value)
{
    const char *text = getenv(name);
    if (!text || !*text)
        return default_value;
    char *end;
    errno = 0;
    long v = strtol(text, &end, 10);
    bool digits = end != text;
    while (*end == ' ')
        end++;
    if (errno || *end || !digits || v < min_value || v > max_value) {
        if (comm_process_rank() == 0)
            fprintf(stderr, "dvmh: error: %s='%s' is not an integer from %d to %d\n", name, text,
                    min_value, max_value);
        comm_abort(1);
    }
    return (int)v;
}

static double weight(const char *name, bool zero_ok)
{
    const char *text = getenv(name);
    if (!text || !*text)
        return 1.0;
    char *end;
    errno = 0;
    double v = strtod(text, &end);
    while (*end == ' ')
        end++;
    /* 0 would give an accelerator no work at all while still counting it
     * as a device (the host's 0 means: accelerators only); a negative or
     * unparsable weight is certainly a mistake. */
    if (errno || *end || !(v > 0.0 || (zero_ok && v == 0.0)) || v > 1e9) {
        if (comm_process_rank() == 0)
            fprintf(stderr, "dvmh: error: %s='%s' is not a %s weight\n", name, text,
                    zero_ok ? "non-negative" : "positive");
        comm_abort(1);
    }
    return v;
}

double env_weight(const char *name)
{
    return weight(name, false);
}

double env_cpu_weight(void)
{
    return weight("DVMH_CPU_PERF", true);
}

bool env_choice(const char *name, const char *const *accepted, const char *const *later)
{
    const char *text = getenv(name);
    if (!text || !*text)
        return true;
    for (int k = 0; accepted[k]; k++)
        if (strcmp(text, accepted[k]) == 0)
            return true;
    for (int k = 0; later && later[k]; k++)
        if (strcmp(text, later[k]) == 0) {
            if (comm_process_rank() == 0)
                fprintf(stderr, "dvmh: error: %s='%s': not supported yet\n", name, text);
            comm_abort(1);
        }
    if (comm_process_rank() == 0) {
        fprintf(stderr, "dvmh: error: %s='%s' is not one of:", name, text);
        for (int k = 0; accepted[k]; k++)
            fprintf(stderr, " %s", accepted[k]);
        for (int k = 0; later && later[k]; k++)
            fprintf(stderr, " %s", later[k]);
        fputc('\n', stderr);
    }
    comm_abort(1);
    return false;
}
