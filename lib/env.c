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

static void bad_number(const char *name, const char *text, const char *what)
{
    if (comm_process_rank() == 0)
        fprintf(stderr, "dvmh: error: %s='%s' is not %s\n", name, text, what);
    comm_abort(1);
}

bool env_given(const char *name)
{
    const char *text = getenv(name);
    return text && *text;
}

double env_number_at(const char *name, int index, int count, double default_value,
                     double min_value, bool min_ok, const char *what)
{
    const char *text = getenv(name);
    if (!text || !*text)
        return default_value;
    double values[64];
    int n = 0;
    const char *at = text;
    for (;;) {
        char *end;
        errno = 0;
        double v = strtod(at, &end);
        bool digits = end != at;
        while (*end == ' ')
            end++;
        if (errno || !digits || !(v > min_value || (min_ok && v == min_value)) || v > 1e9 ||
            n == 64 || (*end && *end != ','))
            bad_number(name, text, what);
        values[n++] = v;
        if (!*end)
            break;
        at = end + 1;
    }
    if (n > 1 && count >= 0 && n != count) {
        if (comm_process_rank() == 0)
            fprintf(stderr, "dvmh: error: %s='%s' has %d values for %d device%s\n", name, text, n,
                    count, count == 1 ? "" : "s");
        comm_abort(1);
    }
    return n == 1 ? values[0] : index < n ? values[index] : values[n - 1];
}

/* 0 would give an accelerator no work at all while still counting it as a
 * device (the host's 0 means: accelerators only); a negative or unparsable
 * weight is certainly a mistake. */
double env_weight(const char *name, int index, int count)
{
    return env_number_at(name, index, count, 1.0, 0.0, false,
                         "a positive weight or a comma list of them");
}

double env_cpu_weight(void)
{
    return env_number_at("DVMH_CPU_PERF", 0, 1, 1.0, 0.0, true, "a non-negative weight");
}

/* Stops the program: text is none of names (numbered: their indices are
 * accepted too). */
static void bad_choice(const char *name, const char *text, const char *const *names,
                       bool numbered)
{
    if (comm_process_rank() == 0) {
        fprintf(stderr, "dvmh: error: %s='%s' is not one of:", name, text);
        for (int k = 0; names[k]; k++)
            if (numbered)
                fprintf(stderr, " %s (%d)", names[k], k);
            else
                fprintf(stderr, " %s", names[k]);
        fputc('\n', stderr);
    }
    comm_abort(1);
}

int env_choice_index(const char *name, const char *const *names, int default_index)
{
    const char *text = getenv(name);
    if (!text || !*text)
        return default_index;
    int n = 0;
    while (names[n])
        n++;
    for (int k = 0; k < n; k++)
        if (strcmp(text, names[k]) == 0)
            return k;
    if (text[0] >= '0' && text[0] <= '9' && !text[1] && text[0] - '0' < n)
        return text[0] - '0';
    bad_choice(name, text, names, true);
    return default_index;
}

void env_choice(const char *name, const char *const *accepted)
{
    const char *text = getenv(name);
    if (!text || !*text)
        return;
    for (int k = 0; accepted[k]; k++)
        if (strcmp(text, accepted[k]) == 0)
            return;
    bad_choice(name, text, accepted, false);
}
