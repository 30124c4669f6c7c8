/* sched_internal.h: the data of the scheduling model (lib/sched_model.h),
 * shared by its files: sched_model.c (variants, loops, plans),
 * sched_table.c (time tables, balancing), sched_build.c (schemes),
 * sched_scheme.c (scheme files). */
#ifndef DVMH_SCHED_INTERNAL_H
#define DVMH_SCHED_INTERNAL_H

#include "sched_model.h"

/* One measured amount of work: the mean time of the runs that gave the
 * device about that much work. */
typedef struct sched_point {
    double work, time;
    long count;                     /* runs averaged (capped: newer runs weigh more) */
} sched_point;

/* The time table of one (loop, device, handler variant): points sorted by
 * work, and what prediction derives from them (sched_table.c). */
typedef struct sched_table {
    int n;
    sched_point p[SCHED_MAX_POINTS];
    double mono[SCHED_MAX_POINTS];  /* times made monotone: the largest up to each point */
    double a, b, floor;             /* performance a + b ln(work), at least floor */
} sched_table;

struct sched_loop {
    char *site;
    sched_variant *variant;
    long runs;
    double work_sum;                /* over the runs: mean work per run */
    unsigned usable;                /* devices offered to it (bit d) */
    sched_table *table[SCHED_MAX_DEVICES][SCHED_MAX_HANDLERS]; /* NULL: never timed */
    bool in_scheme;
    double scheme_fraction[SCHED_MAX_DEVICES]; /* over the model's devices */
    int scheme_handler[SCHED_MAX_DEVICES];
};

/* A loop of a variant that runs whole on one device though others could
 * share it (an across loop whose pieces would wait for each other): its
 * data goes to that device and comes back to the variant's split. */
typedef struct sched_fixed {
    char *site;
    int device;
    long runs;
    double bytes;                   /* the data it names (the largest seen) */
} sched_fixed;

/* A transition into a variant from the one entered before it. */
typedef struct sched_edge {
    sched_variant *from;
    long count;
    double bytes_sum;
} sched_edge;

struct sched_variant {
    sched_model *model;
    char *site;
    uint64_t binding;
    int index;                      /* in the model's list; 0 the host pseudo-variant */
    bool is_host;
    long entries;
    double serial_sum;              /* sequential parts, host section times */
    sched_loop **loops;
    int nloops, loops_cap;
    sched_fixed *fixed;
    int nfixed, fixed_cap;
    sched_edge *preds;
    int npreds, preds_cap;
    bool in_scheme;
    int scheme_loops;               /* its loops when a scheme last covered it */
    double split[SCHED_MAX_DEVICES];
    sched_variant *hash_next;
};

#define SCHED_HASH 256

/* A loop's first runs explore with the static split (sched_loop_plan). */
#define SCHED_EXPLORE_RUNS 2

struct sched_model {
    int ndev;
    char *names[SCHED_MAX_DEVICES];
    int nhandlers[SCHED_MAX_DEVICES];
    char **handler_names[SCHED_MAX_DEVICES];
    FILE *warn;
    double latency, bandwidth;
    sched_variant **vars;           /* vars[0]: the host pseudo-variant */
    int nvars, vars_cap;
    sched_variant *hash[SCHED_HASH];
    sched_variant *last;            /* entered last */
    sched_variant *last_region;     /* the last variant entered, not a host section */
    double host_bytes;              /* the last host section's get_actual/actual bytes */
    long entries;                   /* region entries and host sections */
    long next_rebuild, rebuild_every;
    bool scheme_mode;               /* a scheme file was read: no search */
    bool scheme_usable;             /* the file's devices are ours */
    bool warned_stale;
};

/* sched_table.c */
void table_add(sched_table *t, double work, double seconds);
double table_time(const sched_table *t, double work);
/* The most work, at most total, that t finishes within finish seconds. */
double table_work_within(const sched_table *t, double finish, double total);
/* sched_balance with each device's inverse: the most work (at most
 * total) device k finishes within finish seconds, non-decreasing in it. */
typedef double (*sched_inverse_fn)(void *ctx, int k, double finish, double total);
void sched_balance_inverse(int n, sched_time_fn t, sched_inverse_fn inv, void *ctx,
                           double work, double *fraction);
/* sched_model.c */
char *sched_strdup(const char *s);
void sched_warn(sched_model *m, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
bool sched_loop_timed(const sched_loop *l, int dev);
int sched_handler_index(const sched_model *m, int dev, const char *name);

#endif
