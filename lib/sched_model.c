/* sched_model.c: the scheduling model's devices, launch variants, loops,
 * their records and the split of each loop run (lib/sched_model.h). */
#include "sched_internal.h"
#include "alloc.h"

#include <math.h>
#include <stdarg.h>
#include <string.h>

char *sched_strdup(const char *s)
{
    size_t n = strlen(s) + 1;
    return memcpy(dvmh_xmalloc(n), s, n);
}

void sched_warn(sched_model *m, const char *fmt, ...)
{
    if (!m->warn)
        return;
    va_list ap;
    va_start(ap, fmt);
    fputs("dvmh: warning: ", m->warn);
    vfprintf(m->warn, fmt, ap);
    fputc('\n', m->warn);
    fflush(m->warn);
    va_end(ap);
}

static sched_variant *variant_new(sched_model *m, const char *site, uint64_t binding)
{
    sched_variant *v = dvmh_xcalloc(1, sizeof *v);
    v->model = m;
    v->site = sched_strdup(site);
    v->binding = binding;
    v->scheme_loops = -1;
    if (m->nvars == m->vars_cap) {
        m->vars_cap = m->vars_cap ? 2 * m->vars_cap : 16;
        m->vars = dvmh_xrealloc(m->vars, sizeof *m->vars * (size_t)m->vars_cap);
    }
    v->index = m->nvars;
    m->vars[m->nvars++] = v;
    return v;
}

sched_model *sched_model_new(int ndev, const char *const *names)
{
    if (ndev < 1 || ndev > SCHED_MAX_DEVICES)
        dvmh_fatal(NULL, 0, "scheduling model: %d devices (1 to %d)", ndev, SCHED_MAX_DEVICES);
    sched_model *m = dvmh_xcalloc(1, sizeof *m);
    m->ndev = ndev;
    for (int d = 0; d < ndev; d++) {
        m->names[d] = sched_strdup(names[d]);
        static const char *const one[] = {"default"};
        sched_model_set_handlers(m, d, 1, one);
    }
    m->warn = stderr;
    m->latency = 1e-5;
    m->bandwidth = 1e9;
    m->rebuild_every = m->next_rebuild = 8;
    m->scheme_usable = true;
    sched_variant *host = variant_new(m, "<host>", 0);
    host->is_host = true;
    host->in_scheme = true; /* its split never changes: all on the host */
    host->split[0] = 1;
    return m;
}

static void free_handler_names(sched_model *m, int dev)
{
    for (int h = 0; h < m->nhandlers[dev]; h++)
        free(m->handler_names[dev][h]);
    free(m->handler_names[dev]);
}

void sched_model_free(sched_model *m)
{
    if (!m)
        return;
    for (int i = 0; i < m->nvars; i++) {
        sched_variant *v = m->vars[i];
        for (int k = 0; k < v->nloops; k++) {
            sched_loop *l = v->loops[k];
            for (int d = 0; d < SCHED_MAX_DEVICES; d++)
                for (int h = 0; h < SCHED_MAX_HANDLERS; h++)
                    free(l->table[d][h]);
            free(l->site);
            free(l);
        }
        free(v->loops);
        for (int k = 0; k < v->nfixed; k++)
            free(v->fixed[k].site);
        free(v->fixed);
        free(v->preds);
        free(v->site);
        free(v);
    }
    free(m->vars);
    for (int d = 0; d < m->ndev; d++) {
        free(m->names[d]);
        free_handler_names(m, d);
    }
    free(m);
}

int sched_model_devices(const sched_model *m)
{
    return m->ndev;
}

void sched_model_set_handlers(sched_model *m, int dev, int n, const char *const *names)
{
    if (dev < 0 || dev >= m->ndev || n < 1 || n > SCHED_MAX_HANDLERS)
        dvmh_fatal(NULL, 0, "scheduling model: %d handler variants for device %d", n, dev);
    free_handler_names(m, dev);
    m->handler_names[dev] = dvmh_xcalloc((size_t)n, sizeof(char *));
    for (int h = 0; h < n; h++)
        m->handler_names[dev][h] = sched_strdup(names[h]);
    m->nhandlers[dev] = n;
}

int sched_handler_index(const sched_model *m, int dev, const char *name)
{
    for (int h = 0; h < m->nhandlers[dev]; h++)
        if (strcmp(m->handler_names[dev][h], name) == 0)
            return h;
    return -1;
}

void sched_model_set_warnings(sched_model *m, FILE *to)
{
    m->warn = to;
}

void sched_model_set_transfer(sched_model *m, double latency, double bandwidth)
{
    m->latency = latency;
    m->bandwidth = bandwidth;
}

void sched_model_set_rebuild(sched_model *m, long first)
{
    m->rebuild_every = first > 0 ? first : 1;
    m->next_rebuild = m->entries + m->rebuild_every;
}

bool sched_should_rebuild(const sched_model *m)
{
    return !m->scheme_mode && m->entries >= m->next_rebuild;
}

/* ------------------------------------------------------------------------
 * Variants
 * ------------------------------------------------------------------------ */

static unsigned key_hash(const char *site, uint64_t binding)
{
    uint64_t h = 1469598103934665603ull ^ binding;
    for (const unsigned char *s = (const unsigned char *)site; *s; s++)
        h = (h ^ *s) * 1099511628211ull;
    return (unsigned)(h ^ (h >> 32)) % SCHED_HASH;
}

sched_variant *sched_variant_get(sched_model *m, const char *site, uint64_t binding)
{
    unsigned h = key_hash(site, binding);
    for (sched_variant *v = m->hash[h]; v; v = v->hash_next)
        if (v->binding == binding && strcmp(v->site, site) == 0 && !v->is_host)
            return v;
    sched_variant *v = variant_new(m, site, binding);
    v->hash_next = m->hash[h];
    m->hash[h] = v;
    return v;
}

/* The edge into v from 'from' gains a transition sharing bytes. */
static void note_edge(sched_variant *v, sched_variant *from, double bytes)
{
    for (int i = 0; i < v->npreds; i++)
        if (v->preds[i].from == from) {
            v->preds[i].count++;
            v->preds[i].bytes_sum += bytes;
            return;
        }
    if (v->npreds == v->preds_cap) {
        v->preds_cap = v->preds_cap ? 2 * v->preds_cap : 4;
        v->preds = dvmh_xrealloc(v->preds, sizeof *v->preds * (size_t)v->preds_cap);
    }
    v->preds[v->npreds++] = (sched_edge){from, 1, bytes};
}

/* A variant after a host section takes back what the section moved (at
 * most its own data) from the host, and the rest of its data, which
 * stayed on the devices, from the region entered before the section. */
void sched_variant_enter(sched_model *m, sched_variant *v, double bytes)
{
    bytes = bytes > 0 ? bytes : 0;
    m->entries++;
    v->entries++;
    sched_variant *from = m->last, *region = m->last_region;
    m->last = m->last_region = v;
    if (!from)
        return;
    if (!from->is_host) {
        note_edge(v, from, bytes);
        return;
    }
    double via_host = m->host_bytes < bytes ? m->host_bytes : bytes;
    note_edge(v, from, via_host);
    if (region)
        note_edge(v, region, bytes - via_host);
}

void sched_host_section(sched_model *m, double seconds, double bytes)
{
    sched_variant *host = m->vars[0];
    bytes = bytes > 0 ? bytes : 0;
    m->entries++;
    host->entries++;
    if (m->last && m->last != host)
        note_edge(host, m->last, bytes);
    else if (m->last == host)
        m->host_bytes += bytes; /* sections in a row are one */
    if (m->last != host)
        m->host_bytes = bytes;
    m->last = host;
    if (seconds > 0)
        host->serial_sum += seconds;
}

void sched_variant_serial(sched_variant *v, double seconds)
{
    if (seconds > 0)
        v->serial_sum += seconds;
}

long sched_variant_entries(const sched_variant *v)
{
    return v->entries;
}

const char *sched_variant_site(const sched_variant *v)
{
    return v->site;
}

uint64_t sched_variant_binding(const sched_variant *v)
{
    return v->binding;
}

bool sched_variant_split(const sched_variant *v, double *fraction)
{
    if (!v->in_scheme || !v->model->scheme_usable)
        return false;
    memcpy(fraction, v->split, sizeof(double) * (size_t)v->model->ndev);
    return true;
}

/* ------------------------------------------------------------------------
 * Loops
 * ------------------------------------------------------------------------ */

void sched_fixed_loop(sched_variant *v, const char *site, int dev, double bytes)
{
    if (dev < 0 || dev >= v->model->ndev)
        return;
    sched_fixed *f = NULL;
    for (int k = 0; k < v->nfixed && !f; k++)
        if (v->fixed[k].device == dev && strcmp(v->fixed[k].site, site) == 0)
            f = &v->fixed[k];
    if (!f) {
        if (v->nfixed == v->fixed_cap) {
            v->fixed_cap = v->fixed_cap ? 2 * v->fixed_cap : 4;
            v->fixed = dvmh_xrealloc(v->fixed, sizeof *v->fixed * (size_t)v->fixed_cap);
        }
        f = &v->fixed[v->nfixed++];
        *f = (sched_fixed){sched_strdup(site), dev, 0, 0};
    }
    f->runs++;
    if (bytes > f->bytes)
        f->bytes = bytes;
}

sched_loop *sched_loop_get(sched_variant *v, const char *site)
{
    for (int k = 0; k < v->nloops; k++)
        if (strcmp(v->loops[k]->site, site) == 0)
            return v->loops[k];
    sched_loop *l = dvmh_xcalloc(1, sizeof *l);
    l->site = sched_strdup(site);
    l->variant = v;
    if (v->nloops == v->loops_cap) {
        v->loops_cap = v->loops_cap ? 2 * v->loops_cap : 4;
        v->loops = dvmh_xrealloc(v->loops, sizeof *v->loops * (size_t)v->loops_cap);
    }
    v->loops[v->nloops++] = l;
    return l;
}

bool sched_loop_timed(const sched_loop *l, int dev)
{
    for (int h = 0; h < SCHED_MAX_HANDLERS; h++)
        if (l->table[dev][h] && l->table[dev][h]->n > 0)
            return true;
    return false;
}

void sched_record(sched_loop *l, int dev, int handler, double work, double seconds)
{
    const sched_model *m = l->variant->model;
    if (dev < 0 || dev >= m->ndev || handler < 0 || handler >= m->nhandlers[dev])
        return;
    if (!l->table[dev][handler])
        l->table[dev][handler] = dvmh_xcalloc(1, sizeof(sched_table));
    table_add(l->table[dev][handler], work, seconds);
}

double sched_predict(const sched_loop *l, int dev, double work, int *handler)
{
    double best = -1;
    int which = 0;
    if (dev < 0 || dev >= l->variant->model->ndev)
        return best;
    for (int h = 0; h < l->variant->model->nhandlers[dev]; h++) {
        const sched_table *t = l->table[dev][h];
        if (!t || t->n == 0)
            continue;
        double s = table_time(t, work);
        if (best < 0 || s < best) {
            best = s;
            which = h;
        }
    }
    if (handler)
        *handler = which;
    return best;
}

typedef struct plan_ctx {
    const sched_loop *l;
    const int *devs;
} plan_ctx;

static double plan_time(void *arg, int k, double work)
{
    const plan_ctx *c = arg;
    return sched_predict(c->l, c->devs[k], work, NULL);
}

/* The most work the device's fastest handler variant does within finish. */
static double plan_within(void *arg, int k, double finish, double total)
{
    const plan_ctx *c = arg;
    int d = c->devs[k];
    double w = 0;
    for (int h = 0; h < c->l->variant->model->nhandlers[d]; h++) {
        const sched_table *t = c->l->table[d][h];
        if (t && t->n > 0)
            w = fmax(w, table_work_within(t, finish, total));
    }
    return w;
}

/* The scheme's fractions restricted to devs; false when they give devs
 * nothing. */
static bool plan_scheme(const sched_loop *l, int n, const int *devs, sched_plan *out)
{
    double sum = 0;
    for (int k = 0; k < n; k++)
        sum += l->scheme_fraction[devs[k]];
    if (!(sum > 0))
        return false;
    for (int k = 0; k < n; k++) {
        out->fraction[k] = l->scheme_fraction[devs[k]] / sum;
        out->handler[k] = l->scheme_handler[devs[k]];
    }
    out->source = SCHED_FROM_SCHEME;
    return true;
}

static void plan_static(int n, const double *weight, double floor, sched_plan *out)
{
    double sum = 0;
    for (int k = 0; k < n; k++)
        sum += weight[k] > 0 ? weight[k] : 0;
    double total = 0;
    for (int k = 0; k < n; k++) {
        double f = sum > 0 ? (weight[k] > 0 ? weight[k] : 0) / sum : 1.0 / n;
        total += out->fraction[k] = f > floor ? f : floor;
    }
    for (int k = 0; k < n; k++)
        out->fraction[k] /= total;
}

/* Handlers for a planned split: one not yet timed, else the fastest. */
static void plan_handlers(const sched_loop *l, int n, const int *devs, double work,
                          sched_plan *out)
{
    const sched_model *m = l->variant->model;
    for (int k = 0; k < n; k++) {
        int d = devs[k], h = 0;
        while (h < m->nhandlers[d] && l->table[d][h] && l->table[d][h]->n > 0)
            h++;
        if (h < m->nhandlers[d]) {
            out->handler[k] = h;
            if (m->nhandlers[d] > 1 && out->source == SCHED_FROM_MODEL)
                out->source = SCHED_FROM_EXPLORE;
        } else {
            sched_predict(l, d, out->fraction[k] * work, &out->handler[k]);
        }
    }
}

void sched_loop_plan(sched_loop *l, int n, const int *devs, const double *static_weight,
                     double work, sched_plan *out)
{
    sched_model *m = l->variant->model;
    if (n < 1 || n > m->ndev)
        dvmh_fatal(NULL, 0, "scheduling model: a loop split among %d devices", n);
    l->runs++;
    l->work_sum += work > 0 ? work : 0;
    for (int k = 0; k < n; k++)
        l->usable |= 1u << devs[k];
    memset(out, 0, sizeof *out);
    if (l->in_scheme && m->scheme_usable && plan_scheme(l, n, devs, out))
        return;
    if (m->scheme_mode) {
        if (!m->warned_stale && m->scheme_usable) {
            m->warned_stale = true;
            sched_warn(m, "the scheduling scheme does not cover the loop at %s in the region "
                          "at %s (the program or its data changed?); what it does not cover "
                          "gets the static split", l->site, l->variant->site);
        }
        plan_static(n, static_weight, 0, out);
        out->source = SCHED_FROM_STATIC;
        for (int k = 0; k < n; k++)
            sched_predict(l, devs[k], out->fraction[k] * work, &out->handler[k]);
        return;
    }
    /* explore: the static split (each device at least a quarter of its
     * equal share, to be timed) until every device has a time, and for
     * the loop's first SCHED_EXPLORE_RUNS runs: one run's times are too
     * noisy to trust, and the same split again moves no data */
    bool all_timed = l->runs > SCHED_EXPLORE_RUNS;
    for (int k = 0; k < n; k++)
        all_timed &= sched_loop_timed(l, devs[k]);
    if (!all_timed) {
        plan_static(n, static_weight, 0.25 / n, out);
        out->source = SCHED_FROM_EXPLORE;
    } else {
        plan_ctx c = {l, devs};
        sched_balance_inverse(n, plan_time, plan_within, &c, work, out->fraction);
        out->source = SCHED_FROM_MODEL;
    }
    plan_handlers(l, n, devs, work, out);
}
