/* task.h: what the rest of the runtime asks of multi-block subtasks. */
#ifndef DVMH_TASK_H
#define DVMH_TASK_H

#include <stdio.h>

/* Where the output a subtask prints to stdout goes while it runs on the
 * I/O process of its group (NULL: outside subtasks). */
FILE *task_output_stream(void);
/* Checks DVMH_MAP and DVMH_MAP_UNIT (at start-up). */
void task_check_env(void);

#endif
