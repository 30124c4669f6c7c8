/* launchlog.c: CUEMU_LAUNCH_LOG=FILE: at exit each process appends, per
 * device and kernel, how many launches ran and how many threads they had
 * (to standard error for '-'), so that tests can tell which loops really
 * ran on the emulated GPU, and which of their kernels. */
#define _GNU_SOURCE
#include "cuemu.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef struct tally {
    int device;
    char *kernel;
    unsigned long long launches, threads;
    struct tally *next;
} tally;

static tally *tallies;

/* Called with cuemu_lock held, when a launch runs (queued launches that
 * never ran are not counted). */
void cuemu_log_launch(const cuemu_launch *l)
{
    if (!getenv("CUEMU_LAUNCH_LOG"))
        return;
    int device = l->fn->module->ctx->device;
    tally *t = tallies;
    while (t && (t->device != device || strcmp(t->kernel, l->fn->name) != 0))
        t = t->next;
    if (!t) {
        t = calloc(1, sizeof *t);
        if (!t || !(t->kernel = strdup(l->fn->name))) {
            fprintf(stderr, "cuemu: out of memory\n");
            exit(2);
        }
        t->device = device;
        t->next = tallies;
        tallies = t;
    }
    t->launches++;
    t->threads += (unsigned long long)l->grid.x * l->grid.y * l->grid.z * l->block.x *
                  l->block.y * l->block.z;
}

/* One write per process: several processes append to the same file. */
__attribute__((destructor)) static void write_log(void)
{
    const char *path = getenv("CUEMU_LAUNCH_LOG");
    if (!path || !*path)
        return;
    char *buf = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&buf, &len);
    if (!mem)
        return;
    fprintf(mem, "process %ld\n", (long)getpid());
    for (tally *t = tallies; t; t = t->next)
        fprintf(mem, "cuda%d %s %llu launches %llu threads\n", t->device, t->kernel, t->launches,
                t->threads);
    fclose(mem);
    int fd = strcmp(path, "-") ? open(path, O_WRONLY | O_CREAT | O_APPEND, 0644) : dup(2);
    if (fd < 0 || write(fd, buf, len) != (ssize_t)len)
        fprintf(stderr, "cuemu: CUEMU_LAUNCH_LOG: cannot write '%s'\n", path);
    if (fd >= 0)
        close(fd);
    free(buf);
}
