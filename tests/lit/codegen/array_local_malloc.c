// RUN: %cdvmh %s -o - | grep -v "^// " | FileCheck %s
// Local and malloc'd distributed arrays: created in place, destroyed by a
// cleanup on any way out of the block (its end, return, break, goto).
#include <stdlib.h>
void f(int n)
{
// CHECK: dvmh_array *A __attribute__((cleanup(dvmh_array_release))) = NULL; A = dvmh_array_create(__FILE__, 9, 1, sizeof(int), DVMH_T_INT, (dvmh_idx[]){(n)}, NULL, NULL, (dvmh_distr[]){{[{][{]}}DVMH_DISTR_BLOCK, NULL, 0, 0}});
#pragma dvm array distribute[block]
    int A[n];
// CHECK: dvmh_array *B __attribute__((cleanup(dvmh_array_release))) = NULL; B = dvmh_array_create(__FILE__, 12, 2, sizeof(double), DVMH_T_DOUBLE, (dvmh_idx[]){(-1), (n)}
#pragma dvm array distribute[block][]
    double (*B)[n];
// CHECK: dvmh_array_malloc(__FILE__, __LINE__, B, (size_t)(n * sizeof(double[n])), 0);
    B = malloc(n * sizeof(*B));
// CHECK: { if (DVMH_OWNS_W(B, 0, 1)) { DVMH_AT2(B, double, 0, 1) = DVMH_ATC(A, int, 0); } }
    B[0][1] = A[0];
// CHECK: dvmh_array_free(__FILE__, __LINE__, B);
    free(B);
// CHECK-NOT: dvmh_array_destroy
}
// A local template, and an array aligned with it, go by their own
// cleanups. Attributes of the declaration were the array's: the handle
// takes none.
int g(int n)
{
    int s = 0;
    {
// CHECK: dvmh_template *T __attribute__((cleanup(dvmh_template_release))) = NULL; T = dvmh_template_create(
#pragma dvm template[16] distribute[block]
        void *T;
// CHECK: dvmh_array *C __attribute__((cleanup(dvmh_array_release))) = NULL; C = dvmh_array_create(
#pragma dvm array align([i] with T[i])
        double C[16] __attribute__((aligned(64)));
        s = n;
        if (n > 4)
            goto late;
        s++;
    late:
        s++;
    }
    return s;
}
