/* group_stack.c: the stack of processor systems (comm.h): the whole
 * program at the bottom, a subtask's group on top while its body runs. The
 * same for every communication layer; what a group is belongs to each. */
#include "alloc.h"
#include "comm.h"

#include <stdlib.h>

static struct {
    comm_group **items;
    int count, capacity;
} group_stack;

void comm_group_push(comm_group *g)
{
    if (group_stack.count == group_stack.capacity) {
        group_stack.capacity = group_stack.capacity ? 2 * group_stack.capacity : 8;
        group_stack.items = dvmh_xrealloc(group_stack.items,
                                          sizeof *group_stack.items * (size_t)group_stack.capacity);
    }
    group_stack.items[group_stack.count++] = g;
}

void comm_group_pop(void)
{
    if (group_stack.count == 0)
        dvmh_fatal(__FILE__, __LINE__, "internal error: no processor group to leave");
    group_stack.count--;
}

comm_group *comm_group_current(void)
{
    return group_stack.count ? group_stack.items[group_stack.count - 1] : NULL;
}
