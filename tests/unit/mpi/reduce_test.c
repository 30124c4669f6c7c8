/* reduce_test.c: reductions between processes of every operation on the
 * element types, maxloc/minloc with ties (the lowest rank's location wins,
 * as the sequential loop keeps the first maximum it meets), array variables.
 * Run under mpiexec -n 1..4. */
#include "mpi_comm.h"

#include <math.h>
#include <stdio.h>

static int failures;

#define CHECK(cond)                                                          \
    do {                                                                     \
        if (!(cond)) {                                                       \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, \
                    #cond);                                                  \
            failures++;                                                      \
        }                                                                    \
    } while (0)

int main(int argc, char **argv)
{
    mpi_start(&argc, &argv);
    int count, rank;
    MPI_Comm_size(mpi_world(), &count);
    MPI_Comm_rank(mpi_world(), &rank);
    MPI_Comm w = mpi_world();
    long n = count;

    /* Integer operations: rank r contributes r + 1. */
    int ops[] = {DVMH_RED_SUM, DVMH_RED_PRODUCT, DVMH_RED_MAX, DVMH_RED_MIN,
                 DVMH_RED_AND, DVMH_RED_OR, DVMH_RED_XOR};
    long factorial = 1, xor_all = 0, and_all = ~0L, or_all = 0;
    for (long r = 1; r <= n; r++) {
        factorial *= r;
        xor_all ^= r;
        and_all &= r;
        or_all |= r;
    }
    long expected_int[] = {n * (n + 1) / 2, factorial, n, 1, and_all, or_all, xor_all};
    for (int k = 0; k < 7; k++) {
        int i = rank + 1;
        long l = rank + 1;
        long long ll = rank + 1;
        unsigned char uc = (unsigned char)(rank + 1);
        mpi_allreduce(w, ops[k], DVMH_T_INT, &i, 1, NULL, 0, 0);
        mpi_allreduce(w, ops[k], DVMH_T_LONG, &l, 1, NULL, 0, 0);
        mpi_allreduce(w, ops[k], DVMH_T_LLONG, &ll, 1, NULL, 0, 0);
        mpi_allreduce(w, ops[k], DVMH_T_UCHAR, &uc, 1, NULL, 0, 0);
        CHECK(i == expected_int[k]);
        CHECK(l == expected_int[k]);
        CHECK(ll == expected_int[k]);
        CHECK(uc == (unsigned char)expected_int[k]);
    }

    /* Floating point: sum, product, max, min; and/or are not defined. */
    double d = 0.5 * (rank + 1);
    mpi_allreduce(w, DVMH_RED_SUM, DVMH_T_DOUBLE, &d, 1, NULL, 0, 0);
    CHECK(fabs(d - 0.25 * n * (n + 1)) < 1e-12);
    float f = (float)(rank + 1);
    mpi_allreduce(w, DVMH_RED_PRODUCT, DVMH_T_FLOAT, &f, 1, NULL, 0, 0);
    CHECK(f == (float)factorial);
    long double ld = -(long double)rank;
    mpi_allreduce(w, DVMH_RED_MIN, DVMH_T_LDOUBLE, &ld, 1, NULL, 0, 0);
    CHECK(ld == -(long double)(n - 1));
    CHECK(!mpi_reduce_supported(DVMH_RED_AND, DVMH_T_DOUBLE));
    CHECK(mpi_reduce_supported(DVMH_RED_XOR, DVMH_T_ULLONG));

    /* Logical and/or over _Bool. */
    _Bool all = rank != 1, any = rank == count - 1;
    mpi_allreduce(w, DVMH_RED_AND, DVMH_T_BOOL, &all, 1, NULL, 0, 0);
    mpi_allreduce(w, DVMH_RED_OR, DVMH_T_BOOL, &any, 1, NULL, 0, 0);
    CHECK(all == (count == 1));
    CHECK(any == 1);

    /* An array variable: element-wise. */
    int arr[3] = {rank, -rank, 7};
    mpi_allreduce(w, DVMH_RED_MAX, DVMH_T_INT, arr, 3, NULL, 0, 0);
    CHECK(arr[0] == count - 1 && arr[1] == 0 && arr[2] == 7);

    /* maxloc: distinct maximum on the last rank. */
    double m = rank * 1.5;
    int loc[2] = {rank, 10 * rank};
    mpi_allreduce(w, DVMH_RED_MAXLOC, DVMH_T_DOUBLE, &m, 1, loc, sizeof loc, sizeof loc[0]);
    CHECK(m == (count - 1) * 1.5 && loc[0] == count - 1 && loc[1] == 10 * (count - 1));
    /* maxloc with a tie on every rank, the order of locations not known:
     * the lowest rank's location. */
    m = 3.0;
    loc[0] = rank;
    loc[1] = 100 + rank;
    mpi_allreduce(w, DVMH_RED_MAXLOC, DVMH_T_DOUBLE, &m, 1, loc, sizeof loc, 0);
    CHECK(m == 3.0 && loc[0] == 0 && loc[1] == 100);
    /* known: the location that comes first, whichever rank holds it (the
     * last rank holds the earliest here) */
    m = 3.0;
    loc[0] = count - 1 - rank;
    loc[1] = rank;
    mpi_allreduce(w, DVMH_RED_MAXLOC, DVMH_T_DOUBLE, &m, 1, loc, sizeof loc, sizeof loc[0]);
    CHECK(m == 3.0 && loc[0] == 0 && loc[1] == count - 1);
    /* minloc with a tie between ranks 1 and later: rank 1's location. */
    long v = rank == 0 ? 5 : -2;
    long vloc = rank;
    mpi_allreduce(w, DVMH_RED_MINLOC, DVMH_T_LONG, &v, 1, &vloc, sizeof vloc, sizeof vloc);
    CHECK(v == (count == 1 ? 5 : -2) && vloc == (count == 1 ? 0 : 1));

    int any_failed = failures > 0, some_failed = 0;
    MPI_Allreduce(&any_failed, &some_failed, 1, MPI_INT, MPI_MAX, w);
    if (failures)
        fprintf(stderr, "process %d: %d check(s) failed\n", rank, failures);
    mpi_stop();
    return some_failed;
}
