/* compare.c: comparative debugging (DVMH_COMPARE_DEBUG=1): a loop's
 * accelerator pieces run, then the host runs the whole local part from the
 * same inputs, and the values are compared; integers must be equal,
 * floating point within DVMH_COMPARE_FLOATS_EPS / DVMH_COMPARE_DOUBLES_EPS
 * (absolute and relative). */
#include "compare.h"
#include "actual.h"
#include "alloc.h"
#include "boxes.h"
#include "comm.h"
#include "device.h"
#include "env.h"
#include "loop.h"
#include "reduce.h"

#include <errno.h>
#include <math.h>
#include <math.h>
#include <stdint.h>
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
    if (errno || *end || !(v >= 0.0) || !isfinite(v)) {
        if (comm_process_rank() == 0)
            fprintf(stderr, "dvmh: error: %s='%s' is not a finite tolerance >= 0\n", name, text);
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

/* ---- the comparative run of a loop ---- */

typedef struct index_namer {
    const loop_data *d;
    const box *b;                   /* array: global indices; data: bytes */
} index_namer;

static void name_index(long long k, char *buf, size_t n, const void *arg)
{
    const index_namer *in = arg;
    const loop_data *d = in->d;
    dvmh_idx idx[DVMH_MAX_RANK];
    if (d->array) {
        for (int x = d->rank - 1; x >= 0; x--) {
            dvmh_idx extent = in->b->hi[x] - in->b->lo[x] + 1;
            idx[x] = in->b->lo[x] + k % extent;
            k /= extent;
        }
    } else {
        /* byte address -> element of the program's view */
        long long e = (in->b->lo[0] - (dvmh_idx)(uintptr_t)d->addr) / (dvmh_idx)d->elem_size + k;
        for (int x = d->rank - 1; x >= 0; x--) {
            idx[x] = x > 0 ? e % d->ext[x] : e;
            e = x > 0 ? e / d->ext[x] : e;
        }
    }
    size_t used = 0;
    for (int x = 0; x < d->rank && used < n; x++)
        used += (size_t)snprintf(buf + used, n - used, "[%lld]", (long long)idx[x]);
}

/* Compares a box an accelerator piece wrote with the host's results (host
 * memory), element by element. */
static bool compare_box(dvmh_loop *l, const loop_piece *p, loop_data *d, const box *b)
{
    size_t bytes = (size_t)box_volume(b) * d->var->elem_size;
    char *accel = dvmh_xmalloc(bytes), *host = dvmh_xmalloc(bytes);
    var_fetch_box(d->var, p->device, b, accel);
    var_fetch_box(d->var, 0, b, host);
    compare_site site = {l->file, l->line, d->name ? d->name : d->var->name,
                         device_get(p->device)->name};
    index_namer in = {d, b};
    /* ordinary data is tracked in bytes: compare whole elements */
    compare_values(&site, d->type, d->elem_size, accel, host, (long long)(bytes / d->elem_size),
                   name_index, &in);
    free(accel);
    free(host);
    return true;
}

/* DVMH_EMU_FAULT: an emulated accelerator spoils the first element it
 * wrote (its most significant byte, little-endian: a large change), so
 * tests can see comparative debugging catch a wrong device. */
static bool spoil_box(dvmh_loop *l, const loop_piece *p, loop_data *d, const box *b)
{
    (void)l;
    char *first = var_address(d->var, p->device, b->lo);
    first[d->elem_size - 1] ^= 0x40;
    return false;
}

void compare_run(dvmh_loop *l, loop_piece *pieces, int n)
{
    /* the host's copy holds the inputs: only accelerators take pieces */
    int kept = 0;
    for (int k = 0; k < n; k++)
        if (pieces[k].device != 0)
            pieces[kept++] = pieces[k];
    if (kept < n) /* the host's share goes to the first accelerator */
        memcpy(pieces[0].first, l->first, sizeof l->first);
    n = kept;
    dvmh_idx lo[DVMH_MAX_RANK], hi[DVMH_MAX_RANK];
    piece_iteration_range(l, l->first, l->last, lo, hi);
    box_set boxes;
    /* the inputs, on the host */
    for (int k = 0; k < l->data_count; k++) {
        loop_data *d = &l->data[k];
        if (!d->var)
            continue;
        box_set_init(&boxes, d->var->rank);
        for (int pass = 0; pass < 2; pass++) {
            piece_data_boxes(d, lo, hi, pass == 1, &boxes);
            for (int m = 0; m < boxes.count; m++)
                var_actualize(d->var, 0, &boxes.boxes[m], MOVE_REGION);
        }
        box_set_free(&boxes);
    }
    for (int k = 0; k < n; k++) {
        piece_actualize(l, &pieces[k]);
        piece_run(l, &pieces[k]);
        if (compare_fault_injection() && device_get(pieces[k].device)->kind == DEVICE_EMU)
            piece_for_each_written_box(l, &pieces[k], spoil_box);
        red_fold(l);
        piece_written(l, &pieces[k]);
    }
    unsigned char *saved[l->red_count + 1];
    for (int k = 0; k < l->red_count; k++) {
        saved[k] = l->reds[k].acc;
        l->reds[k].acc = NULL;
    }
    loop_piece host = {.device = 0};
    memcpy(host.first, l->first, sizeof l->first);
    memcpy(host.last, l->last, sizeof l->last);
    piece_run(l, &host);
    red_fold(l);
    for (int k = 0; k < n; k++)
        piece_for_each_written_box(l, &pieces[k], compare_box);
    for (int k = 0; k < l->red_count; k++) {
        loop_reduction *r = &l->reds[k];
        char what[32];
        snprintf(what, sizeof what, "reduction %d", k + 1);
        compare_site site = {l->file, l->line, what, "accelerators"};
        compare_values(&site, r->type, reduce_type_size(r->type), saved[k], r->acc, r->count,
                       NULL, NULL);
        free(saved[k]);
    }
    piece_written(l, &host);
}
