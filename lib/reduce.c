/* reduce.c: reduction operations on typed values: identities and
 * combination, used for threads, devices and processes alike. */
#include "reduce.h"
#include "dvmh.h"

#include <float.h>
#include <limits.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

size_t reduce_type_size(int type)
{
    switch (type) {
    case DVMH_T_CHAR: case DVMH_T_SCHAR: case DVMH_T_UCHAR: return 1;
    case DVMH_T_BOOL: return sizeof(_Bool);
    case DVMH_T_SHORT: case DVMH_T_USHORT: return sizeof(short);
    case DVMH_T_INT: case DVMH_T_UINT: return sizeof(int);
    case DVMH_T_LONG: case DVMH_T_ULONG: return sizeof(long);
    case DVMH_T_LLONG: case DVMH_T_ULLONG: return sizeof(long long);
    case DVMH_T_FLOAT: return sizeof(float);
    case DVMH_T_DOUBLE: return sizeof(double);
    case DVMH_T_LDOUBLE: return sizeof(long double);
    default: return 0;
    }
}

/* One C type's identity and combination; bitwise ops only for integers. */

#define FOR_EACH_ELEM(T, BODY)                                                       \
    do {                                                                             \
        T *a_ = acc;                                                                 \
        const T *v_ = value;                                                         \
        for (int k = 0; k < count; k++) {                                            \
            T x = a_[k], y = v_[k];                                                  \
            BODY;                                                                    \
            a_[k] = x;                                                               \
        }                                                                            \
    } while (0)

#define IDENTITY(T, MINV, MAXV)                                                      \
    do {                                                                             \
        T *p_ = var, id_ = 0;                                                        \
        switch (op) {                                                                \
        case DVMH_RED_PRODUCT: id_ = 1; break;                                       \
        case DVMH_RED_MAX: case DVMH_RED_MAXLOC: id_ = MINV; break;                 \
        case DVMH_RED_MIN: case DVMH_RED_MINLOC: id_ = MAXV; break;                 \
        case DVMH_RED_AND: id_ = (T)~(T)0; break;                                    \
        default: id_ = 0; break;                                                     \
        }                                                                            \
        for (int k = 0; k < count; k++)                                              \
            p_[k] = id_;                                                             \
    } while (0)

#define FIDENTITY(T, MAXV)                                                           \
    do {                                                                             \
        T *p_ = var, id_ = 0;                                                        \
        switch (op) {                                                                \
        case DVMH_RED_PRODUCT: id_ = 1; break;                                       \
        case DVMH_RED_MAX: case DVMH_RED_MAXLOC: id_ = -(MAXV); break;              \
        case DVMH_RED_MIN: case DVMH_RED_MINLOC: id_ = MAXV; break;                 \
        default: id_ = 0; break;                                                     \
        }                                                                            \
        for (int k = 0; k < count; k++)                                              \
            p_[k] = id_;                                                             \
    } while (0)

void reduce_identity(int op, int type, void *var, int count)
{
    switch (type) {
    case DVMH_T_CHAR: IDENTITY(char, CHAR_MIN, CHAR_MAX); break;
    case DVMH_T_SCHAR: IDENTITY(signed char, SCHAR_MIN, SCHAR_MAX); break;
    case DVMH_T_UCHAR: IDENTITY(unsigned char, 0, UCHAR_MAX); break;
    case DVMH_T_BOOL:
        for (int k = 0; k < count; k++)
            ((_Bool *)var)[k] = op == DVMH_RED_AND || op == DVMH_RED_PRODUCT ||
                                op == DVMH_RED_MIN || op == DVMH_RED_MINLOC;
        break;
    case DVMH_T_SHORT: IDENTITY(short, SHRT_MIN, SHRT_MAX); break;
    case DVMH_T_USHORT: IDENTITY(unsigned short, 0, USHRT_MAX); break;
    case DVMH_T_INT: IDENTITY(int, INT_MIN, INT_MAX); break;
    case DVMH_T_UINT: IDENTITY(unsigned, 0, UINT_MAX); break;
    case DVMH_T_LONG: IDENTITY(long, LONG_MIN, LONG_MAX); break;
    case DVMH_T_ULONG: IDENTITY(unsigned long, 0, ULONG_MAX); break;
    case DVMH_T_LLONG: IDENTITY(long long, LLONG_MIN, LLONG_MAX); break;
    case DVMH_T_ULLONG: IDENTITY(unsigned long long, 0, ULLONG_MAX); break;
    case DVMH_T_FLOAT: FIDENTITY(float, FLT_MAX); break;
    case DVMH_T_DOUBLE: FIDENTITY(double, DBL_MAX); break;
    case DVMH_T_LDOUBLE: FIDENTITY(long double, LDBL_MAX); break;
    default: break;
    }
}

#define ARITH(T)                                                                     \
    switch (op) {                                                                    \
    case DVMH_RED_SUM: FOR_EACH_ELEM(T, x = x + y); return;                          \
    case DVMH_RED_PRODUCT: FOR_EACH_ELEM(T, x = x * y); return;                      \
    case DVMH_RED_MAX: FOR_EACH_ELEM(T, x = y > x ? y : x); return;                  \
    case DVMH_RED_MIN: FOR_EACH_ELEM(T, x = y < x ? y : x); return;                  \
    default: break;                                                                  \
    }
#define BITS(T)                                                                      \
    switch (op) {                                                                    \
    case DVMH_RED_AND: FOR_EACH_ELEM(T, x = x & y); return;                          \
    case DVMH_RED_OR: FOR_EACH_ELEM(T, x = x | y); return;                           \
    case DVMH_RED_XOR: FOR_EACH_ELEM(T, x = x ^ y); return;                          \
    default: break;                                                                  \
    }
/* _Bool: a sum is an or and a product an and (what storing the arithmetic
 * result back into a _Bool makes of them), and so are max and min. */
static void combine_bool(int op, _Bool *acc, const _Bool *value, int count)
{
    for (int k = 0; k < count; k++) {
        bool x = acc[k], y = value[k];
        switch (op) {
        case DVMH_RED_SUM: case DVMH_RED_MAX: case DVMH_RED_OR: x = x || y; break;
        case DVMH_RED_PRODUCT: case DVMH_RED_MIN: case DVMH_RED_AND: x = x && y; break;
        case DVMH_RED_XOR: x = x != y; break;
        default: break;
        }
        acc[k] = x;
    }
}

int reduce_loc_order(const void *a, const void *b, size_t loc_size, size_t loc_elem)
{
    if (loc_elem != 1 && loc_elem != 2 && loc_elem != 4 && loc_elem != 8)
        return 0;
    const unsigned char *x = a, *y = b;
    for (size_t at = 0; at + loc_elem <= loc_size; at += loc_elem) {
        long long p, q;
        switch (loc_elem) {
        case 1: { signed char u, v; memcpy(&u, x + at, 1); memcpy(&v, y + at, 1); p = u; q = v; break; }
        case 2: { int16_t u, v; memcpy(&u, x + at, 2); memcpy(&v, y + at, 2); p = u; q = v; break; }
        case 4: { int32_t u, v; memcpy(&u, x + at, 4); memcpy(&v, y + at, 4); p = u; q = v; break; }
        default: memcpy(&p, x + at, 8); memcpy(&q, y + at, 8); break;
        }
        if (p != q)
            return p < q ? -1 : 1;
    }
    return 0;
}

/* How value compares with acc for maxloc/minloc: >0 better, 0 as good */
#define ORDER(T)                                                               \
    (*(const T *)value == *(T *)acc ? 0                                        \
     : (op == DVMH_RED_MAXLOC ? *(const T *)value > *(T *)acc                  \
                              : *(const T *)value < *(T *)acc) ? 1 : -1)

void reduce_combine(int op, int type, void *acc, const void *value, int count,
                    void *acc_loc, const void *value_loc, size_t loc_size, size_t loc_elem)
{
    if (op == DVMH_RED_MAXLOC || op == DVMH_RED_MINLOC) {
        int order;
        switch (type) {
        case DVMH_T_CHAR: order = ORDER(char); break;
        case DVMH_T_SCHAR: order = ORDER(signed char); break;
        case DVMH_T_UCHAR: order = ORDER(unsigned char); break;
        case DVMH_T_SHORT: order = ORDER(short); break;
        case DVMH_T_USHORT: order = ORDER(unsigned short); break;
        case DVMH_T_INT: order = ORDER(int); break;
        case DVMH_T_UINT: order = ORDER(unsigned); break;
        case DVMH_T_LONG: order = ORDER(long); break;
        case DVMH_T_ULONG: order = ORDER(unsigned long); break;
        case DVMH_T_LLONG: order = ORDER(long long); break;
        case DVMH_T_ULLONG: order = ORDER(unsigned long long); break;
        case DVMH_T_FLOAT: order = ORDER(float); break;
        case DVMH_T_DOUBLE: order = ORDER(double); break;
        case DVMH_T_LDOUBLE: order = ORDER(long double); break;
        default: order = -1; break;
        }
        if (order > 0 || (order == 0 && loc_size && loc_elem &&
                          reduce_loc_order(value_loc, acc_loc, loc_size, loc_elem) < 0)) {
            memcpy(acc, value, reduce_type_size(type));
            if (loc_size)
                memcpy(acc_loc, value_loc, loc_size);
        }
        return;
    }
    switch (type) {
    case DVMH_T_CHAR: ARITH(char) BITS(char) break;
    case DVMH_T_SCHAR: ARITH(signed char) BITS(signed char) break;
    case DVMH_T_UCHAR: ARITH(unsigned char) BITS(unsigned char) break;
    case DVMH_T_BOOL: combine_bool(op, acc, value, count); break;
    case DVMH_T_SHORT: ARITH(short) BITS(short) break;
    case DVMH_T_USHORT: ARITH(unsigned short) BITS(unsigned short) break;
    case DVMH_T_INT: ARITH(int) BITS(int) break;
    case DVMH_T_UINT: ARITH(unsigned) BITS(unsigned) break;
    case DVMH_T_LONG: ARITH(long) BITS(long) break;
    case DVMH_T_ULONG: ARITH(unsigned long) BITS(unsigned long) break;
    case DVMH_T_LLONG: ARITH(long long) BITS(long long) break;
    case DVMH_T_ULLONG: ARITH(unsigned long long) BITS(unsigned long long) break;
    case DVMH_T_FLOAT: ARITH(float) break;
    case DVMH_T_DOUBLE: ARITH(double) break;
    case DVMH_T_LDOUBLE: ARITH(long double) break;
    default: break;
    }
}
