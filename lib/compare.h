/* compare.h: comparative debugging: accelerator results against the
 * host's, reported per variable and element with the loop's line. */
#ifndef DVMH_COMPARE_H
#define DVMH_COMPARE_H

#include <stdbool.h>
#include <stddef.h>

/* Reads DVMH_COMPARE_DEBUG and its tolerances (start-up). */
void compare_start(void);
bool compare_enabled(void);
/* DVMH_EMU_FAULT=1: emulated accelerators spoil one written element of
 * every piece they run, so that tests see comparative debugging catch it. */
bool compare_fault_injection(void);

typedef struct compare_site {
    const char *file;
    int line;
    const char *what;               /* "A", "reduction 1" */
    const char *device;             /* "emu0" */
} compare_site;

/* Compares count packed elements of a type (enum dvmh_type); prints the
 * first differences (index_text names element k) and returns how many. */
long compare_values(const compare_site *site, int type, size_t elem_size, const void *accel,
                    const void *host, long long count,
                    void (*index_text)(long long k, char *buf, size_t n, const void *arg),
                    const void *arg);

struct dvmh_loop;
struct loop_piece;
/* Comparative debugging of a loop in a region: the accelerators run their
 * pieces (the n pieces of the local part; the host's share goes to the
 * first accelerator) from the inputs the host holds too, then the host runs
 * the whole local part from those inputs; their results are compared and
 * the host's are kept. */
void compare_run(struct dvmh_loop *l, struct loop_piece *pieces, int n);

#endif
