/* task.h: multi-block subtasks: task, map, task_region, task_link, loops. */
#ifndef CDVMH_TASK_H
#define CDVMH_TASK_H

#include "gen.h"

/* Whether at is a parallel loop over a task array. */
bool task_is_loop(gen *g, const attached *at);
void task_gen(gen *g, attached *at);

#endif
