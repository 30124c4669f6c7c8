/* compare.c: comparative debugging (DVMH_COMPARE_DEBUG=1): the values an
 * accelerator computed against the host's from the same inputs; integers
 * must be equal, floating point within DVMH_COMPARE_FLOATS_EPS /
 * DVMH_COMPARE_DOUBLES_EPS (absolute and relative). */
#include "compare.h"
#include "comm.h"
#include "env.h"

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

/* Whether two elements differ: floating point within the tolerances,
 * anything else bit for bit. */
static bool differ(int type, size_t elem_size, const char *x, const char *y)
{
    if (memcmp(x, y, elem_size) == 0)
        return false;
    if (type == DVMH_T_FLOAT) {
        float a, b;
        memcpy(&a, x, sizeof a);
        memcpy(&b, y, sizeof b);
        return !close_enough(a, b, cmp.float_eps);
    }
    if (type == DVMH_T_DOUBLE || type == DVMH_T_LDOUBLE) {
        double a, b;
        if (type == DVMH_T_DOUBLE) {
            memcpy(&a, x, sizeof a);
            memcpy(&b, y, sizeof b);
        } else {
            long double la, lb;
            memcpy(&la, x, sizeof la);
            memcpy(&lb, y, sizeof lb);
            a = (double)la;
            b = (double)lb;
        }
        return !close_enough(a, b, cmp.double_eps);
    }
    return true;
}

/* An element's value as text (only for the differences reported). */
static void value_text(int type, size_t elem_size, const char *x, char *buf, size_t n)
{
    if (type == DVMH_T_FLOAT) {
        float a;
        memcpy(&a, x, sizeof a);
        snprintf(buf, n, "%.9g", a);
    } else if (type == DVMH_T_DOUBLE) {
        double a;
        memcpy(&a, x, sizeof a);
        snprintf(buf, n, "%.17g", a);
    } else if (type == DVMH_T_LDOUBLE) {
        long double a;
        memcpy(&a, x, sizeof a);
        snprintf(buf, n, "%.21Lg", a);
    } else if (elem_size <= sizeof(long long)) {
        long long a = 0;
        memcpy(&a, x, elem_size);
        snprintf(buf, n, "%lld", a);
    } else {
        snprintf(buf, n, "(%zu bytes)", elem_size);
    }
}

long compare_values(const compare_site *site, int type, size_t elem_size, const void *accel,
                    const void *host, long long count,
                    void (*index_text)(long long k, char *buf, size_t n, const void *arg),
                    const void *arg)
{
    long found = 0;
    for (long long k = 0; k < count; k++) {
        const char *x = (const char *)accel + k * (long long)elem_size;
        const char *y = (const char *)host + k * (long long)elem_size;
        if (!differ(type, elem_size, x, y))
            continue;
        if (found++ < 10) {
            char xs[64], ys[64], where[128] = "";
            value_text(type, elem_size, x, xs, sizeof xs);
            value_text(type, elem_size, y, ys, sizeof ys);
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
