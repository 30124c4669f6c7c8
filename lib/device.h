/* device.h: the devices of one process (the host, emulated accelerators,
 * GPUs) behind one table of operations; loops and actuality tracking never
 * ask which kind of device they talk to. */
#ifndef DVMH_DEVICE_H
#define DVMH_DEVICE_H

#include "boxes.h"
#include "dvmh.h"

#include <stdbool.h>
#include <stddef.h>

enum device_kind { DEVICE_HOST, DEVICE_EMU, DEVICE_CUDA };

#define DEVICE_MAX 16

typedef struct device device;

/* What a backend gets with a piece besides its handler: the device memory
 * the piece's data occupy and whether the loop writes each block (a GPU
 * orders its copies and kernels by them), and where reduction results go
 * that the device delivers later. */
typedef struct device_piece {
    int memory_count;
    const void *const *memory;      /* the start of each block on the device */
    const bool *writes;
    /* Reduction k's result will be at var (and loc) once the device has
     * been synchronised. */
    void (*result_later)(void *arg, int k, const void *var, const void *loc);
    void *arg;
} device_piece;

typedef struct device_ops {
    /* Device memory; NULL when the device is out of memory. Fresh memory of
     * an accelerator holds garbage (emu: a poison pattern). */
    void *(*alloc)(device *d, size_t bytes);
    void (*release)(device *d, void *p);
    /* src in host memory, dst on d */
    void (*to_device)(device *d, const box_copy *c);
    /* src on d, dst in host memory */
    void (*to_host)(device *d, const box_copy *c);
    /* dst on d, src on peer (a device of the same backend); NULL: the
     * generic layer stages the copy through host memory */
    void (*from_peer)(device *d, device *peer, const box_copy *c);
    /* Runs a handler on a piece of a loop whose data pointers address d's
     * memory (a host handler for host/emu, a CUDA launcher for cuda). */
    void (*run)(device *d, dvmh_handler fn, dvmh_piece *p, const device_piece *dp);
    /* Waits until everything queued on d is done. */
    void (*sync)(device *d);
    void (*destroy)(device *d);
} device_ops;

struct device {
    int index;                      /* 0 is the host */
    int kind;                       /* enum device_kind */
    int handler_kind;               /* the handler it runs: DVMH_DEV_HOST or DVMH_DEV_CUDA */
    const device_ops *ops;
    double weight;                  /* static split: relative performance */
    bool weight_given;              /* by DVMH_*_PERF (else measured, schedule.c) */
    /* the last piece's own time, where the backend knows it (an emulated
     * accelerator, whose piece runs on a thread of its own); < 0: unknown,
     * the caller times it up to its sync */
    double piece_seconds;
    int threads;                    /* handler threads (host, emu) */
    char name[24];                  /* "host", "emu0", "cuda1" (statistics) */
    void *impl;                     /* the backend's own state */
};

/* The generic layer (device.c). */
/* Creates the host device and the accelerators the environment asks for
 * (DVMH_NUM_EMUS, DVMH_NUM_CUDAS), weighted by DVMH_*_PERF. */
void devices_start(int host_threads);
void devices_stop(void);
int device_count(void);
/* DVMH_EMU_SLOWDOWN's value for emulated device index of count (1: none). */
double device_emu_slowdown(int index, int count);
device *device_get(int index);
/* Copies a box between any two devices (same device: within its memory). */
void device_copy(device *dst, device *src, const box_copy *c);

/* The plugins, one per device kind: each makes its devices from what it is
 * given; the generic layer numbers them and weighs them. */
device *dev_host_open(int threads);
/* Emulated accelerator 'number' (its name: emuN): runs its pieces on a
 * thread of its own, each taking 'slowdown' times as long (it sleeps the
 * rest). */
device *dev_emu_open(int number, int threads, double slowdown);
/* lib/gpu: opens up to 'wanted' GPUs (wanted < 0: every visible one) as
 * devices first_index, first_index+1, ... and returns how many it opened
 * (none without a CUDA driver). */
int gpu_devices_open(int wanted, int first_index, device **out, int max);

#endif
