/* reduce.h: reduction operations on typed values. */
#ifndef DVMH_REDUCE_H
#define DVMH_REDUCE_H

#include <stddef.h>

size_t reduce_type_size(int type);
/* Writes the identity of op for type into count elements at var. */
void reduce_identity(int op, int type, void *var, int count);
/* acc = acc op value, element-wise; for maxloc/minloc, value (and its loc)
 * replaces acc when strictly better, or, with loc_elem (the size of one
 * element of the location) not 0, when as good and its location comes
 * first (reduce_loc_order); else the earlier one (acc) wins ties. */
void reduce_combine(int op, int type, void *acc, const void *value, int count,
                    void *acc_loc, const void *value_loc, size_t loc_size, size_t loc_elem);
/* The order of two locations of loc_size bytes for the ties of
 * maxloc/minloc: element by element, each as a signed integer of loc_elem
 * bytes (1, 2, 4 or 8; a non-negative float or double orders as its bits
 * do); <0: a comes first, 0: the same or no order known. The sequential
 * loop keeps the extreme it met first, and locations grow with the
 * iterations in the usual loop (an index, or one per dimension), whatever
 * the order in which threads, devices and processes deliver them. */
int reduce_loc_order(const void *a, const void *b, size_t loc_size, size_t loc_elem);

#endif
