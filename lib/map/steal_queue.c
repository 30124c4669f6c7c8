/* steal_queue.c: Algorithm W's queue of ranges. */
#include "steal.h"

#include <stdlib.h>

int steal_push_back(steal_work *w, steal_range r)
{
    if (w->count == w->cap) {
        int cap = 2 * w->cap + 16;
        steal_range *q = malloc(sizeof(steal_range) * (size_t)cap);
        if (!q)
            return -1;
        for (int i = 0; i < w->count; i++)
            q[i] = w->queue[(w->head + i) % (w->cap ? w->cap : 1)];
        free(w->queue);
        w->queue = q;
        w->cap = cap;
        w->head = 0;
    }
    w->queue[(w->head + w->count) % w->cap] = r;
    w->count++;
    return 0;
}

int steal_pop_back(steal_work *w, steal_range *r)
{
    if (!w->count)
        return 0;
    w->count--;
    *r = w->queue[(w->head + w->count) % w->cap];
    return 1;
}

int steal_pop_front(steal_work *w, steal_range *r)
{
    if (!w->count)
        return 0;
    *r = w->queue[w->head];
    w->head = (w->head + 1) % w->cap;
    w->count--;
    return 1;
}
