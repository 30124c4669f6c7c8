/* task.h: what the rest of the runtime asks of multi-block subtasks. */
#ifndef DVMH_TASK_H
#define DVMH_TASK_H

/* Checks DVMH_MAP and DVMH_MAP_UNIT (at start-up). */
void task_check_env(void);
/* At exit, before MPI stops: the processor groups of task arrays still
 * alive (a file-scope 'task' lives to the end) are freed, in the order
 * every process created them. */
void task_release_all(void);

#endif
