// RUN: %cdvmh %s -o - | grep -v "^// " | FileCheck %s
// Local and malloc'd distributed arrays: created in place, destroyed at the block's end.
#include <stdlib.h>
void f(int n)
{
// CHECK: dvmh_array *A = NULL; A = dvmh_array_create(__FILE__, 8, 1, sizeof(int), DVMH_T_INT, (dvmh_idx[]){(n)}, NULL, NULL, (dvmh_distr[]){{[{][{]}}DVMH_DISTR_BLOCK, NULL, 0, 0}});
#pragma dvm array distribute[block]
    int A[n];
// CHECK: dvmh_array *B = NULL; B = dvmh_array_create(__FILE__, 11, 2, sizeof(double), DVMH_T_DOUBLE, (dvmh_idx[]){(-1), (n)}
#pragma dvm array distribute[block][]
    double (*B)[n];
// CHECK: dvmh_array_malloc(__FILE__, __LINE__, B, (size_t)(n * sizeof(double[n])), 0);
    B = malloc(n * sizeof(*B));
// CHECK: { if (DVMH_OWNS_W(B, 0, 1)) { DVMH_AT2(B, double, 0, 1) = DVMH_AT1(A, int, 0); } }
    B[0][1] = A[0];
// CHECK: dvmh_array_free(__FILE__, __LINE__, B);
    free(B);
// CHECK: dvmh_array_destroy(A); dvmh_array_destroy(B);
}
