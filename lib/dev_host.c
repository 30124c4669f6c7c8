/* dev_host.c: the host device plugin: host memory, handlers called directly. */
#include "dev_host.h"
#include "alloc.h"
#include "boxes.h"
#include "device.h"

#include <stdio.h>
#include <stdlib.h>

static void *host_alloc(device *d, size_t bytes)
{
    (void)d;
    return malloc(bytes ? bytes : 1);
}

void dev_host_release(device *d, void *p)
{
    (void)d;
    free(p);
}

void dev_host_copy(device *d, const box_copy *c)
{
    (void)d;
    box_copy_rows(c);
}

void dev_host_from_peer(device *d, device *peer, const box_copy *c)
{
    (void)d;
    (void)peer;
    box_copy_rows(c);
}

void dev_host_run(device *d, dvmh_handler fn, dvmh_piece *p, const device_piece *dp)
{
    (void)d;
    (void)dp;
    fn(p);
}

void dev_host_sync(device *d)
{
    (void)d;
}

void dev_host_destroy(device *d)
{
    free(d);
}

static const device_ops host_ops = {
    host_alloc,   dev_host_release, dev_host_copy, dev_host_copy, dev_host_from_peer,
    dev_host_run, dev_host_sync,    dev_host_destroy,
};

device *dev_host_open(int threads)
{
    device *d = dvmh_xcalloc(1, sizeof *d);
    d->kind = DEVICE_HOST;
    d->handler_kind = DVMH_DEV_HOST;
    d->ops = &host_ops;
    d->threads = threads;
    snprintf(d->name, sizeof d->name, "host");
    return d;
}
