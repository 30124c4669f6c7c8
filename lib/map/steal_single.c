/* steal_single.c: Algorithm W's communication layer of a build without MPI:
 * one process, nothing to steal from. */
#include "steal.h"

#include <stdlib.h>
#include <string.h>

int steal_comm_open(steal_comm *c)
{
    c->size = 1;
    c->rank = 0;
    c->handle = NULL;
    return 0;
}

void steal_comm_close(steal_comm *c)
{
    (void)c;
}

void steal_comm_balance(steal_comm *c, steal_work *w, long long total)
{
    (void)c;
    (void)w;
    (void)total;
}

int steal_comm_gather(steal_comm *c, const void *mine, long long bytes, void **all,
                      long long *all_bytes)
{
    (void)c;
    *all = malloc((size_t)bytes + 1);
    if (!*all)
        return -1;
    memcpy(*all, mine, (size_t)bytes);
    *all_bytes = bytes;
    return 0;
}

int steal_comm_all(steal_comm *c, int ok)
{
    (void)c;
    return ok;
}
