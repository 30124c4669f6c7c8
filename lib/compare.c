/* compare.c: comparative debugging (DVMH_COMPARE_DEBUG=1): the values an
 * accelerator computed against the host's from the same inputs; integers
 * must be equal, floating point within DVMH_COMPARE_FLOATS_EPS /
 * DVMH_COMPARE_DOUBLES_EPS (absolute and relative). */
#include "compare.h"
#include "comm.h"
#include "internal.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static struct {
    bool enabled;
    double float_eps, double_eps;
    int fault;                      /* DVMH_EMU_FAULT: tests of this module */
} cmp;

static double env_eps(const char *name, double fallback)
{
    const char *text = getenv(name);
    if (!text || !*text)
        return fallback;
    char *end;
    errno = 0;
    double v = strtod(text, &end);
    if (errno || *end || !(v >= 0.0)) {
        if (comm_process_rank() == 0)
            fprintf(stderr, "dvmh: error: %s='%s' is not a tolerance >= 0\n", name, text);
        comm_abort(1);
    }
    return v;
}

void compare_start(void)
{
    const char *v = getenv("DVMH_COMPARE_DEBUG");
    cmp.enabled = false;
    if (v && *v && strcmp(v, "0") != 0) {
        if (strcmp(v, "1") != 0) {
            if (comm_process_rank() == 0)
                fprintf(stderr, "dvmh: error: DVMH_COMPARE_DEBUG='%s' is not 0 or 1\n", v);
            comm_abort(1);
        }
        cmp.enabled = true;
    }
    cmp.float_eps = env_eps("DVMH_COMPARE_FLOATS_EPS", 1e-5);
    cmp.double_eps = env_eps("DVMH_COMPARE_DOUBLES_EPS", 1e-10);
    cmp.fault = env_int("DVMH_EMU_FAULT", 0, 0);
}

bool compare_enabled(void)
{
    return cmp.enabled;
}

bool compare_fault_injection(void)
{
    return cmp.fault != 0;
}

static bool close_enough(double a, double b, double eps)
{
    if (a == b || (isnan(a) && isnan(b)))
        return true;
    double diff = fabs(a - b), scale = fmax(fabs(a), fabs(b));
    return diff <= eps || diff <= eps * scale;
}

/* Whether the k-th elements differ; their values as text. */
static bool differ(int type, size_t elem_size, const char *x, const char *y, char *xs, char *ys,
                   size_t n)
{
    switch (type) {
    case DVMH_T_FLOAT: {
        float a, b;
        memcpy(&a, x, sizeof a);
        memcpy(&b, y, sizeof b);
        snprintf(xs, n, "%.9g", a);
        snprintf(ys, n, "%.9g", b);
        return !close_enough(a, b, cmp.float_eps);
    }
    case DVMH_T_DOUBLE: {
        double a, b;
        memcpy(&a, x, sizeof a);
        memcpy(&b, y, sizeof b);
        snprintf(xs, n, "%.17g", a);
        snprintf(ys, n, "%.17g", b);
        return !close_enough(a, b, cmp.double_eps);
    }
    case DVMH_T_LDOUBLE: {
        long double a, b;
        memcpy(&a, x, sizeof a);
        memcpy(&b, y, sizeof b);
        snprintf(xs, n, "%.21Lg", a);
        snprintf(ys, n, "%.21Lg", b);
        return !close_enough((double)a, (double)b, cmp.double_eps);
    }
    default:
        break;
    }
    if (memcmp(x, y, elem_size) == 0)
        return false;
    long long a = 0, b = 0;
    if (elem_size <= sizeof a) {
        memcpy(&a, x, elem_size);
        memcpy(&b, y, elem_size);
        snprintf(xs, n, "%lld", a);
        snprintf(ys, n, "%lld", b);
    } else {
        snprintf(xs, n, "(%zu bytes)", elem_size);
        snprintf(ys, n, "(%zu bytes)", elem_size);
    }
    return true;
}

long compare_values(const compare_site *site, int type, size_t elem_size, const void *accel,
                    const void *host, long long count,
                    void (*index_text)(long long k, char *buf, size_t n, const void *arg),
                    const void *arg)
{
    long found = 0;
    for (long long k = 0; k < count; k++) {
        char xs[64], ys[64];
        const char *x = (const char *)accel + k * (long long)elem_size;
        const char *y = (const char *)host + k * (long long)elem_size;
        if (!differ(type, elem_size, x, y, xs, ys, sizeof xs))
            continue;
        if (found++ < 10) {
            char where[128] = "";
            if (index_text)
                index_text(k, where, sizeof where, arg);
            fprintf(stderr, "%s:%d: compare: %s%s: %s %s, host %s\n", site->file, site->line,
                    site->what, where, site->device, xs, ys);
        }
    }
    if (found > 10)
        fprintf(stderr, "%s:%d: compare: %s: %ld differences in all\n", site->file, site->line,
                site->what, found);
    return found;
}
