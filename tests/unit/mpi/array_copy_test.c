/* array_copy_test.c: dvmh_array_copy between distributed arrays of
 * different distributions (rows, columns, blocks with wide shadow edges,
 * integer elements): every process checks the elements it holds, shadow
 * edges included, and the run prints one line (checked against
 * array_copy_test.expected). With ARRAY_COPY_MISMATCH set it copies
 * between arrays of different sizes, which must stop the program. */
#include <dvmh.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

enum { N = 11, M = 7 };

static int failures;

static dvmh_array *make(int type, size_t elem, dvmh_idx cols, int k0, int k1, dvmh_idx shadow)
{
    dvmh_idx sh[2] = {shadow, shadow};
    return dvmh_array_create(__FILE__, __LINE__, 2, elem, type, (const dvmh_idx[]){N, cols},
                             sh, sh,
                             (const dvmh_distr[]){{k0, NULL, 0, 0}, {k1, NULL, 0, 0}});
}

static double value(dvmh_idx i, dvmh_idx j)
{
    return (double)(i * 100 + j) + 0.25;
}

/* Fills the owned elements of a on the host. */
static void fill(dvmh_array *a, int integer)
{
    const dvmh_array_head *h = DVMH_HEAD(a);
    for (dvmh_idx i = h->own_lo[0]; i <= h->own_hi[0]; i++)
        for (dvmh_idx j = h->own_lo[1]; j <= h->own_hi[1]; j++) {
            void *p = dvmh_elem_addr(a, (const dvmh_idx[]){i, j});
            if (integer)
                *(int *)p = (int)(i * 100 + j);
            else
                *(double *)p = value(i, j);
        }
    dvmh_actual_array(__FILE__, __LINE__, a, NULL);
}

/* Checks the owned elements of a and, on distributed dimensions, the
 * shadow edges of width shadow around them. */
static void check(dvmh_array *a, int integer, dvmh_idx shadow, const char *what)
{
    const dvmh_array_head *h = DVMH_HEAD(a);
    dvmh_idx lo[2], hi[2];
    for (int d = 0; d < 2; d++) {
        if (h->own_lo[d] > h->own_hi[d])
            return;
        lo[d] = h->own_lo[d] > 0 ? h->own_lo[d] - shadow : 0;
        hi[d] = h->own_hi[d] < (d ? M : N) - 1 ? h->own_hi[d] + shadow : h->own_hi[d];
        if (lo[d] < 0)
            lo[d] = 0;
        if (hi[d] > (d ? M : N) - 1)
            hi[d] = (d ? M : N) - 1;
    }
    for (dvmh_idx i = lo[0]; i <= hi[0]; i++)
        for (dvmh_idx j = lo[1]; j <= hi[1]; j++) {
            const void *p = dvmh_elem_addr(a, (const dvmh_idx[]){i, j});
            int ok = integer ? *(const int *)p == (int)(i * 100 + j)
                             : *(const double *)p == value(i, j);
            if (!ok) {
                if (failures++ < 5)
                    fprintf(stderr, "process %d: %s: element [%lld][%lld] wrong\n",
                            dvmh_process_rank(), what, (long long)i, (long long)j);
            }
        }
}

int main(int argc, char **argv)
{
    dvmh_init(&argc, &argv);
    dvmh_array *rows = make(DVMH_T_DOUBLE, sizeof(double), M, DVMH_DISTR_BLOCK, DVMH_DISTR_NONE, 1);
    dvmh_array *cols = make(DVMH_T_DOUBLE, sizeof(double), M, DVMH_DISTR_NONE, DVMH_DISTR_BLOCK, 1);
    dvmh_array *blocks =
        make(DVMH_T_DOUBLE, sizeof(double), M, DVMH_DISTR_BLOCK, DVMH_DISTR_BLOCK, 2);
    dvmh_array *ints = make(DVMH_T_INT, sizeof(int), M, DVMH_DISTR_BLOCK, DVMH_DISTR_BLOCK, 1);
    dvmh_array *ints2 = make(DVMH_T_INT, sizeof(int), M, DVMH_DISTR_NONE, DVMH_DISTR_BLOCK, 1);
    if (getenv("ARRAY_COPY_MISMATCH")) {
        dvmh_array *wide =
            make(DVMH_T_DOUBLE, sizeof(double), M + 1, DVMH_DISTR_BLOCK, DVMH_DISTR_NONE, 1);
        dvmh_array_copy("array_copy_test.c", 99, wide, rows);
        return dvmh_finish(0);
    }
    fill(rows, 0);
    dvmh_array_copy(__FILE__, __LINE__, cols, rows);
    check(cols, 0, 1, "rows -> columns");
    dvmh_array_copy(__FILE__, __LINE__, blocks, cols);
    check(blocks, 0, 2, "columns -> blocks");
    dvmh_array_copy(__FILE__, __LINE__, rows, rows);
    check(rows, 0, 1, "onto itself");
    fill(ints, 1);
    dvmh_array_copy(__FILE__, __LINE__, ints2, ints);
    check(ints2, 1, 1, "int blocks -> columns");
    int total = 0;
    MPI_Allreduce(&failures, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    failures = total;
    dvmh_printf("array_copy %s\n", failures ? "FAILED" : "ok");
    return dvmh_finish(failures ? 1 : 0);
}
