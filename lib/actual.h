/* actual.h: variables (the local part of a distributed array, a block of
 * ordinary data), their representatives on the devices of the process, the
 * actuality of each representative, and the counted copies between them. */
#ifndef DVMH_ACTUAL_H
#define DVMH_ACTUAL_H

#include "boxes.h"
#include "device.h"

/* Why bytes moved (statistics and the tests that count them). */
enum move_reason {
    MOVE_REGION,            /* a loop or region needed data on a device */
    MOVE_GET_ACTUAL,        /* get_actual, or host code needing the host copy */
    MOVE_SHADOW,            /* shadow_renew */
    MOVE_ACROSS,            /* across pipelines */
    MOVE_REDUCTION,
    MOVE_REMOTE,            /* remote_access */
    MOVE_REDISTRIBUTE,
    MOVE_SHARE,             /* ordinary data written by a divided loop */
    MOVE_REASONS
};
enum move_direction {
    MOVE_TO_DEVICE,         /* host -> accelerator */
    MOVE_TO_HOST,           /* accelerator -> host */
    MOVE_DEVICE_TO_DEVICE,
    MOVE_PROCESSES,         /* sent to other processes */
    MOVE_DIRECTIONS
};

/* A copy of (a part of) a variable in one device's memory. */
typedef struct repr {
    box box;                        /* the elements it holds; empty: none */
    char *base;                     /* address of element box.lo */
    bool owned;                     /* base was allocated by the device */
    box_set actual;                 /* elements holding the current value */
} repr;

typedef struct var {
    char name[80];                  /* for messages and statistics */
    int rank;
    size_t elem_size;
    box whole;                      /* every element of the variable here */
    repr rep[DEVICE_MAX];           /* rep[0]: the host's, always whole */
    unsigned long long bytes[MOVE_REASONS][MOVE_DIRECTIONS];
    /* set while an accelerator holds a copy (a distributed array's head) */
    int *on_devices;
    /* elements host code changed since, while the host copy was actual
     * everywhere (a bounding box: marked written on the host when the
     * variable is next used) */
    box host_dirty;
    struct var *next;               /* the list of every variable */
} var;

/* A variable whose host representative is host_base (element whole.lo),
 * actual on the host everywhere. */
var *var_create(const char *name, int rank, size_t elem_size, const box *whole,
                char *host_base);
void var_destroy(var *v);
/* The host memory was replaced (reallocation): every device copy is
 * dropped and the host's is actual. */
void var_reset_host(var *v, const box *whole, char *host_base);

/* Makes box b (clipped to the variable) actual on device dev, growing its
 * representative when needed and copying each missing part from a device
 * where it is actual. */
void var_actualize(var *v, int dev, const box *b, int reason);
/* Ensures dev's representative holds box b without copying values in. */
void var_reserve(var *v, int dev, const box *b);
/* Box b was just written on dev: actual there and nowhere else. */
void var_written(var *v, int dev, const box *b);
/* Host code is about to change element idx (owner computes): the host copy
 * becomes actual everywhere first, the element joins the host's changes. */
void var_host_write(var *v, const dvmh_idx *idx);
/* Every element is actual on the host (the host copy serves collective
 * operations between processes). */
void var_actualize_host_all(var *v, int reason);
/* Address of element index (0,..,0) in dev's representative, and its
 * extents (the strides' dimensions). */
char *var_zero_address(const var *v, int dev);
void var_extents(const var *v, int dev, dvmh_idx *ext);
/* Address of element idx in dev's representative (which holds it). */
char *var_address(const var *v, int dev, const dvmh_idx *idx);
/* Whether everything is actual on the host (fast path for host code). */
bool var_host_actual(const var *v);
/* Whether the host holds every element actual and no device holds any:
 * element-wise bookkeeping on the host (var_actualize, var_written of the
 * host) would change nothing. */
bool var_host_only(const var *v);
/* Bytes sent to other processes on behalf of the variable, by an exchange
 * that started at time started (dvmh_wtime) and ends now; < 0: not timed
 * (an across pipeline's messages, counted at its end). */
void var_count_processes(var *v, int reason, size_t bytes, double started);

/* Copies box b (inside dev's representative) into a packed buffer (not
 * counted: comparative debugging). */
void var_fetch_box(var *v, int dev, const box *b, void *packed);
/* Bytes moved that belong to no variable (reduction results). */
void actual_count(int reason, int direction, unsigned long long bytes);
/* Host code (get_actual, actual, host code needing the host copy) names
 * box b of v: counts its bytes when a device holds a representative of
 * any of it (the data lives on devices: what moves depends on the split).
 * actual_host_named_bytes: the count so far (the dynamic model's host
 * sections). */
void var_count_host_named(const var *v, const box *b);
unsigned long long actual_host_named_bytes(void);
/* Total bytes moved for a reason and direction (all variables; < 0: any). */
unsigned long long actual_bytes_moved(int reason, int direction);

#endif
