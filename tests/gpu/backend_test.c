/* backend_test.c: the CUDA backend on its own. Without a driver it opens no
 * device (and says why); with GPUs it checks allocation and box copies
 * (a strided 3-D sub-box to a GPU and back, and between two GPUs). */
#include "cuda_api.h"
#include "device.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { N0 = 5, N1 = 7, N2 = 9 };

static box_copy sub_box(char *dst, const char *src)
{
    /* elements [1..3][2..5][1..7] of an N0 x N1 x N2 array of doubles */
    box_copy c;
    memset(&c, 0, sizeof c);
    c.rank = 3;
    c.elem_size = sizeof(double);
    c.count[0] = 3, c.count[1] = 4, c.count[2] = 7;
    dvmh_idx off = (1 * N1 + 2) * N2 + 1;
    c.dst = dst + off * (dvmh_idx)sizeof(double);
    c.src = src + off * (dvmh_idx)sizeof(double);
    c.dst_stride[0] = c.src_stride[0] = N1 * N2;
    c.dst_stride[1] = c.src_stride[1] = N2;
    c.dst_stride[2] = c.src_stride[2] = 1;
    return c;
}

static int check(const double *got, double fill)
{
    for (int i = 0; i < N0; i++)
        for (int j = 0; j < N1; j++)
            for (int k = 0; k < N2; k++) {
                bool inside = i >= 1 && i <= 3 && j >= 2 && j <= 5 && k >= 1 && k <= 7;
                double want = inside ? i * 100 + j * 10 + k : fill;
                if (got[(i * N1 + j) * N2 + k] != want) {
                    printf("element [%d][%d][%d]: %g, expected %g\n", i, j, k,
                           got[(i * N1 + j) * N2 + k], want);
                    return 1;
                }
            }
    return 0;
}

int main(void)
{
    const char *why = NULL;
    device *gpus[DEVICE_MAX];
    int n = gpu_devices_open(-1, 1, gpus, DEVICE_MAX);
    if (!cuda_api_get(&why)) {
        if (n != 0) {
            printf("opened %d GPUs without a driver\n", n);
            return 1;
        }
        printf("no CUDA driver (%s): no GPU devices, as expected\n", why);
        return 0;
    }
    printf("%d GPU(s)\n", n);
    static double host[N0 * N1 * N2], back[N0 * N1 * N2];
    for (int i = 0; i < N0 * N1 * N2; i++)
        host[i] = (i / (N1 * N2)) * 100 + (i / N2 % N1) * 10 + i % N2;
    int bad = 0;
    char *mem[DEVICE_MAX] = {0};
    for (int g = 0; g < n; g++) {
        device *d = gpus[g];
        if (d->kind != DEVICE_CUDA || d->handler_kind != DVMH_DEV_CUDA || d->threads != 1 ||
            d->index != 1 + g) {
            printf("%s: wrong description\n", d->name);
            bad = 1;
        }
        mem[g] = d->ops->alloc(d, sizeof host);
        box_copy up = sub_box(mem[g], (const char *)host);
        d->ops->to_device(d, &up);
        for (int i = 0; i < N0 * N1 * N2; i++)
            back[i] = -1;
        box_copy down = sub_box((char *)back, mem[g]);
        d->ops->to_host(d, &down);
        bad |= check(back, -1);
    }
    if (n >= 2) {
        char *other = gpus[1]->ops->alloc(gpus[1], sizeof host);
        box_copy peer = sub_box(other, mem[0]);
        gpus[1]->ops->from_peer(gpus[1], gpus[0], &peer);
        for (int i = 0; i < N0 * N1 * N2; i++)
            back[i] = -2;
        box_copy down = sub_box((char *)back, other);
        gpus[1]->ops->to_host(gpus[1], &down);
        bad |= check(back, -2);
        gpus[1]->ops->release(gpus[1], other);
    }
    for (int g = 0; g < n; g++) {
        /* the cache hands the same block back */
        gpus[g]->ops->release(gpus[g], mem[g]);
        void *again = gpus[g]->ops->alloc(gpus[g], sizeof host);
        if (again != mem[g]) {
            printf("%s: the caching allocator did not reuse a freed block\n", gpus[g]->name);
            bad = 1;
        }
        gpus[g]->ops->release(gpus[g], again);
        gpus[g]->ops->destroy(gpus[g]);
    }
    printf(bad ? "FAILED\n" : "OK\n");
    return bad;
}
