/* dev_host.h: the host plugin's operations, shared by the emulated accelerators. */
#ifndef DVMH_DEV_HOST_H
#define DVMH_DEV_HOST_H

#include "boxes.h"
#include "device.h"

void dev_host_release(device *d, void *p);
/* A copy within host memory (either direction). */
void dev_host_copy(device *d, const box_copy *c);
void dev_host_from_peer(device *d, device *peer, const box_copy *c);
void dev_host_run(device *d, dvmh_handler fn, dvmh_piece *p, const device_piece *dp);
void dev_host_sync(device *d);
void dev_host_destroy(device *d);

#endif
