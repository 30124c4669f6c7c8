// RUN: %cdvmh %s -o - | grep -v "^// " | FileCheck %s
// fread/fwrite with an element or a row of a distributed array as the
// buffer: DVMH_IO_AT names the array and the first element (the missing
// subscripts are 0); the runtime moves the whole array's elements from
// there in row-major order. Other calls still take the element's address.
#include <stdio.h>
#pragma dvm array distribute[block][block]
double A[10][20];
static void set(double *p, double v) { *p = v; }
void f(FILE *in, FILE *out, int i)
{
    fread(&A[i][0], sizeof(double), 20, in);
    fread(A[i + 1], sizeof(double), 20, in);
    fread((char *)&A[2], 1, 20 * sizeof(double), in);
    fwrite(&A[i][i + 1], sizeof A[0][0], 5, out);
    set(&A[1][2], 0.5);
}
// CHECK: fread(DVMH_IO_AT(A, 2, i, 0), sizeof(double), 20, in);
// CHECK-NEXT: fread(DVMH_IO_AT(A, 1, i + 1), sizeof(double), 20, in);
// CHECK-NEXT: fread(DVMH_IO_AT(A, 1, 2), 1, 20 * sizeof(double), in);
// CHECK-NEXT: fwrite(DVMH_IO_AT(A, 2, i, i + 1), sizeof(double), 5, out);
// CHECK-NEXT: set(&DVMH_REF(A, double, 1, 1, 2), 0.5);
