/* lib/host_mem.c: blocks of every size come zeroed, large ones aligned to
 * a huge page, and each is freed by host_mem_free whatever its kind (a
 * mapped block given to free(), or a heap block to munmap, would crash or
 * leak; the loop below would then run out of address space). */
#include "host_mem.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

static int failures;

static void check(int ok, const char *what, size_t bytes)
{
    if (!ok) {
        fprintf(stderr, "FAIL: %s (%zu bytes)\n", what, bytes);
        failures++;
    }
}

int main(void)
{
    static const size_t sizes[] = {1, 8, 4096, 3u << 20, 4u << 20, (9u << 20) + 8, 64u << 20};
    enum { N = sizeof sizes / sizeof sizes[0] };
    for (int round = 0; round < 40; round++) {
        char *p[N];
        for (int k = 0; k < N; k++) {
            size_t elem = k % 2 ? 8 : 4;
            size_t count = (sizes[k] + elem - 1) / elem;
            p[k] = host_mem_alloc(count, elem, __FILE__, __LINE__);
            size_t bytes = count * elem;
            check(p[k] != NULL, "block", bytes);
            int zero = 1;
            for (size_t b = 0; b < bytes; b += 4093)
                zero &= p[k][b] == 0;
            check(zero && p[k][bytes - 1] == 0, "zeroed", bytes);
            if (bytes >= (4u << 20))
                check(((uintptr_t)p[k] & ((2u << 20) - 1)) == 0, "aligned to 2 MiB", bytes);
            memset(p[k], 0x5a, bytes);
        }
        /* free in an order that differs from the allocation's */
        for (int k = 0; k < N; k++)
            host_mem_free(p[(k * 3 + round) % N]);
    }
    host_mem_free(NULL);
    if (failures)
        return 1;
    printf("host_mem: ok\n");
    return 0;
}
