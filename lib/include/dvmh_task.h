/* dvmh_task.h: subtasks (multi-block).
 * Part of dvmh.h, the runtime's public interface. */
#ifndef DVMH_PUBLIC_TASK_H
#define DVMH_PUBLIC_TASK_H

#include "dvmh_core.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------
 * Subtasks (multi-block): task arrays, their mapping onto processor
 * groups, task regions and the loops over a task array. Inside a
 * subtask's body the current processor system is its group.
 * ------------------------------------------------------------------------ */
typedef struct dvmh_task dvmh_task;
typedef struct dvmh_task_loop dvmh_task_loop;
enum dvmh_time_model { DVMH_TIME_LINEAR, DVMH_TIME_AMDAHL, DVMH_TIME_USER };

/* 'task name[count]'. */
dvmh_task *dvmh_task_create(const char *file, int line, const char *name, long count);
void dvmh_task_destroy(dvmh_task *t);
/* For __attribute__((cleanup)): destroys a block's task array at its end. */
void dvmh_task_release(dvmh_task **t);
/* map(name[index] weight(w) procs(kmin : kmax) time(model)): model
 * LINEAR (time w*kmin/k), AMDAHL (serial fraction 'serial'), USER (time
 * is fn(index, k)). kmin/kmax <= 0: not given. */
void dvmh_task_map(const char *file, int line, dvmh_task *t, long index, double weight,
                   long kmin, long kmax, int model, double serial, double (*fn)(int, int));
/* map(name[index] onto(first : last)): processors first..last. */
void dvmh_task_onto(const char *file, int line, dvmh_task *t, long index, long first, long last);
/* task_link(name[a], name[b], volume) */
void dvmh_task_link(const char *file, int line, dvmh_task *t, long a, long b, double volume);
/* task_region(name): the schedule is computed (on first use, or after a
 * map changed) and the processor groups created. */
void dvmh_task_region_begin(const char *file, int line, dvmh_task *t);
void dvmh_task_region_end(const char *file, int line, dvmh_task *t);
/* parallel([v] on name[a*v+b]) over iterations lo..hi (inclusive) by step. */
dvmh_task_loop *dvmh_task_loop_create(const char *file, int line, dvmh_task *t, dvmh_idx lo,
                                      dvmh_idx hi, dvmh_idx step, dvmh_idx a, dvmh_idx b);
/* Ordinary data the bodies may write (arguments as dvmh_loop_data): what
 * each subtask changes reaches every process when the loop ends. */
void dvmh_task_loop_data(dvmh_task_loop *l, const void *addr, int rank, const dvmh_idx *ext,
                         size_t elem_size);
/* Leaves the subtask entered last, enters the next one this process runs
 * (its iteration in *iteration) and returns 1; after the last one shares
 * output and written data, frees l and returns 0. */
/* reduction(op(var)) on the loop over a task array: every subtask's body
 * starts from the identity, and at the loop's end the variable becomes its
 * value before the loop combined with each subtask's result in the loop's
 * order (arguments as dvmh_loop_reduction). */
void dvmh_task_loop_reduction(dvmh_task_loop *l, int op, int type, void *var, int count,
                              void *loc, int loc_count, size_t loc_elem_size);
int dvmh_task_loop_next(dvmh_task_loop *l, dvmh_idx *iteration);

#ifdef __cplusplus
}
#endif
#endif
