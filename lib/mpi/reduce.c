/* reduce.c: reductions between processes. Values travel packed as records
 * (count values, then the location of maxloc/minloc) through MPI_Allreduce
 * with one non-commutative user operation, so that every element type and
 * any location size work and the operands combine in rank order: ties of
 * maxloc/minloc keep the location that comes first (reduce_loc_order), as
 * the sequential loop keeps the first extreme it met (with a block
 * distribution over several grid dimensions a higher rank may hold an
 * earlier one), the lower rank's when the order is not known. */
#include "../alloc.h"
#include "../reduce.h"
#include "mpi_comm.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

/* MPI's user operations receive no context; the reduction in progress is
 * described here (MPI is called from one thread at a time). */
static struct {
    int op, type, count;
    size_t value_size, loc_size, loc_elem;
} reduce_now;

static size_t type_bytes(int type)
{
    switch (type) {
    case DVMH_T_CHAR: case DVMH_T_SCHAR: case DVMH_T_UCHAR: return 1;
    case DVMH_T_SHORT: case DVMH_T_USHORT: return sizeof(short);
    case DVMH_T_INT: case DVMH_T_UINT: return sizeof(int);
    case DVMH_T_LONG: case DVMH_T_ULONG: return sizeof(long);
    case DVMH_T_LLONG: case DVMH_T_ULLONG: return sizeof(long long);
    case DVMH_T_FLOAT: return sizeof(float);
    case DVMH_T_DOUBLE: return sizeof(double);
    case DVMH_T_LDOUBLE: return sizeof(long double);
    case DVMH_T_BOOL: return sizeof(_Bool);
    default: return 0;
    }
}

/* Arithmetic (sum, product, max, min) for every type; bitwise and logical
 * (and, or, xor) for the integer types. For maxloc/minloc *replaced says
 * that in replaced inout (strictly better), *tied that they are equal. */
#define REDUCE_ARITH(T)                                                      \
    do {                                                                     \
        T x = *(const T *)in, y = *(T *)inout;                               \
        switch (op) {                                                        \
        case DVMH_RED_SUM: y = x + y; break;                                 \
        case DVMH_RED_PRODUCT: y = x * y; break;                             \
        case DVMH_RED_MAX: case DVMH_RED_MAXLOC:                             \
            if (x > y) { y = x; *replaced = true; }                          \
            else if (x == y) *tied = true;                                   \
            break;                                                           \
        case DVMH_RED_MIN: case DVMH_RED_MINLOC:                             \
            if (x < y) { y = x; *replaced = true; }                          \
            else if (x == y) *tied = true;                                   \
            break;                                                           \
        default: return false;                                               \
        }                                                                    \
        *(T *)inout = y;                                                     \
    } while (0)

#define REDUCE_INT(T)                                                        \
    do {                                                                     \
        T x = *(const T *)in, y = *(T *)inout;                               \
        switch (op) {                                                        \
        case DVMH_RED_AND: y = x & y; break;                                 \
        case DVMH_RED_OR: y = x | y; break;                                  \
        case DVMH_RED_XOR: y = x ^ y; break;                                 \
        default: REDUCE_ARITH(T); return true;                               \
        }                                                                    \
        *(T *)inout = y;                                                     \
    } while (0)

/* _Bool: a sum is an or and a product an and (what storing the arithmetic
 * result back into a _Bool makes of them); the rest as for integers. */
static bool reduce_bool(int op, const _Bool *in, _Bool *inout, bool *replaced, bool *tied)
{
    bool x = *in, y = *inout;
    switch (op) {
    case DVMH_RED_SUM: case DVMH_RED_OR: *inout = x || y; return true;
    case DVMH_RED_PRODUCT: case DVMH_RED_AND: *inout = x && y; return true;
    case DVMH_RED_XOR: *inout = x != y; return true;
    case DVMH_RED_MAX: case DVMH_RED_MAXLOC:
        if (x > y) {
            *inout = x;
            *replaced = true;
        } else if (x == y) {
            *tied = true;
        }
        return true;
    case DVMH_RED_MIN: case DVMH_RED_MINLOC:
        if (x < y) {
            *inout = x;
            *replaced = true;
        } else if (x == y) {
            *tied = true;
        }
        return true;
    default: return false;
    }
}

/* inout = in (op) inout, where in comes from the lower ranks. Returns false
 * for an operation the type does not have. */
static bool reduce_one(int op, int type, const void *in, void *inout, bool *replaced, bool *tied)
{
    switch (type) {
    case DVMH_T_CHAR: REDUCE_INT(char); break;
    case DVMH_T_SCHAR: REDUCE_INT(signed char); break;
    case DVMH_T_UCHAR: REDUCE_INT(unsigned char); break;
    case DVMH_T_SHORT: REDUCE_INT(short); break;
    case DVMH_T_USHORT: REDUCE_INT(unsigned short); break;
    case DVMH_T_INT: REDUCE_INT(int); break;
    case DVMH_T_UINT: REDUCE_INT(unsigned); break;
    case DVMH_T_LONG: REDUCE_INT(long); break;
    case DVMH_T_ULONG: REDUCE_INT(unsigned long); break;
    case DVMH_T_LLONG: REDUCE_INT(long long); break;
    case DVMH_T_ULLONG: REDUCE_INT(unsigned long long); break;
    case DVMH_T_BOOL: return reduce_bool(op, in, inout, replaced, tied);
    case DVMH_T_FLOAT: REDUCE_ARITH(float); break;
    case DVMH_T_DOUBLE: REDUCE_ARITH(double); break;
    case DVMH_T_LDOUBLE: REDUCE_ARITH(long double); break;
    default: return false;
    }
    return true;
}

/* The MPI user operation over records. For maxloc/minloc with tied values
 * the location that comes first wins, else the lower rank's (in's). */
static void reduce_records(void *in, void *inout, int *len, MPI_Datatype *datatype)
{
    (void)datatype;
    size_t values = reduce_now.value_size * (size_t)reduce_now.count;
    size_t record = values + reduce_now.loc_size;
    for (int r = 0; r < *len; r++) {
        char *a = (char *)in + record * (size_t)r, *b = (char *)inout + record * (size_t)r;
        bool replaced_any = false, tied_any = false;
        for (int k = 0; k < reduce_now.count; k++) {
            bool replaced = false, tied = false;
            size_t at = reduce_now.value_size * (size_t)k;
            reduce_one(reduce_now.op, reduce_now.type, a + at, b + at, &replaced, &tied);
            replaced_any |= replaced;
            tied_any |= tied;
        }
        if (!reduce_now.loc_size)
            continue;
        if (replaced_any ||
            (tied_any && reduce_loc_order(a + values, b + values, reduce_now.loc_size,
                                          reduce_now.loc_elem) <= 0))
            memcpy(b + values, a + values, reduce_now.loc_size);
    }
}

bool mpi_reduce_supported(int op, int type)
{
    bool replaced, tied;
    long double x = 0, y = 0;
    return type_bytes(type) > 0 && reduce_one(op, type, &x, &y, &replaced, &tied);
}

void mpi_allreduce(MPI_Comm comm, int op, int type, void *values, int count,
                   void *loc, size_t loc_size, size_t loc_elem)
{
    if (!mpi_reduce_supported(op, type))
        dvmh_fatal(__FILE__, __LINE__, "reduction %d is not defined for element type %d", op, type);
    bool with_loc = op == DVMH_RED_MAXLOC || op == DVMH_RED_MINLOC;
    if (!with_loc)
        loc_size = 0;
    /* maxloc/minloc of an array variable: one location for the whole
     * record, taken from the operand whose values won; count must be 1. */
    reduce_now.op = op;
    reduce_now.type = type;
    reduce_now.count = count;
    reduce_now.value_size = type_bytes(type);
    reduce_now.loc_size = loc_size;
    reduce_now.loc_elem = loc_size ? loc_elem : 0;
    size_t record = reduce_now.value_size * (size_t)count + loc_size;
    char *buf = dvmh_xmalloc(record);
    memcpy(buf, values, reduce_now.value_size * (size_t)count);
    if (loc_size)
        memcpy(buf + reduce_now.value_size * (size_t)count, loc, loc_size);

    MPI_Datatype record_type;
    MPI_Type_contiguous((int)record, MPI_BYTE, &record_type);
    MPI_Type_commit(&record_type);
    MPI_Op mpi_op;
    MPI_Op_create(reduce_records, 0, &mpi_op);
    MPI_Allreduce(MPI_IN_PLACE, buf, 1, record_type, mpi_op, comm);
    MPI_Op_free(&mpi_op);
    MPI_Type_free(&record_type);

    memcpy(values, buf, reduce_now.value_size * (size_t)count);
    if (loc_size)
        memcpy(loc, buf + reduce_now.value_size * (size_t)count, loc_size);
    free(buf);
}
