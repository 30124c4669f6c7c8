/* dev_emu.c: the emulated accelerator plugin ('emu'): host handlers on memory of its own. */
#include "alloc.h"
#include "dev_host.h"
#include "device.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Fresh emulated memory is filled with this byte: NaN as float and double,
 * -1 as any integer, so a value the runtime forgot to copy in shows. */
#define EMU_POISON 0xFF

static void *emu_alloc(device *d, size_t bytes)
{
    (void)d;
    void *p = malloc(bytes ? bytes : 1);
    if (p)
        memset(p, EMU_POISON, bytes);
    return p;
}

/* The emulator shares the host's memory bus, so host copies serve it; what
 * makes it an accelerator is that its memory is its own. */
static const device_ops emu_ops = {
    emu_alloc,    dev_host_release, dev_host_copy, dev_host_copy, dev_host_from_peer,
    dev_host_run, dev_host_sync,    dev_host_destroy,
};

device *dev_emu_open(int number, int threads)
{
    device *d = dvmh_xcalloc(1, sizeof *d);
    d->kind = DEVICE_EMU;
    d->handler_kind = DVMH_DEV_HOST;
    d->ops = &emu_ops;
    d->threads = threads;
    snprintf(d->name, sizeof d->name, "emu%d", number);
    return d;
}
