/* reduce.h: reduction operations on typed values. */
#ifndef DVMH_REDUCE_H
#define DVMH_REDUCE_H

#include <stddef.h>

size_t reduce_type_size(int type);
/* Writes the identity of op for type into count elements at var. */
void reduce_identity(int op, int type, void *var, int count);
/* acc = acc op value, element-wise; for maxloc/minloc, value (and its loc)
 * replaces acc only when strictly better, so the earlier one wins ties. */
void reduce_combine(int op, int type, void *acc, const void *value, int count,
                    void *acc_loc, const void *value_loc, size_t loc_size);

#endif
