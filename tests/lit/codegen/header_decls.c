// RUN: %cdvmh %s -o - | grep -v "^// " | FileCheck %s
// RUN: %clang_plugin -fopenmp -c %s -o %t.o && test -s %t.o
// A header's declarations (Inputs/hdr_grid.h, read twice: the second
// #include is skipped by its guard): the #include is wrapped so that the
// header's C declarations of distributed variables name unused variables,
// and the descriptors are declared after it; the definitions here have no
// directive and take the header's; the static array the header defines is
// created by this file, first (it comes first in the text).
// CHECK: #define G dvmh_hidden_G
// CHECK-NEXT: #define A dvmh_hidden_A
// CHECK-NEXT: #define B dvmh_hidden_B
// CHECK-NEXT: #define H dvmh_hidden_H
// CHECK: #include "Inputs/hdr_grid.h"
// CHECK-NEXT: #undef G
// CHECK-NEXT: extern dvmh_template *G;
// CHECK-NEXT: #undef A
// CHECK-NEXT: extern dvmh_array *A;
// CHECK-NEXT: #undef B
// CHECK-NEXT: extern dvmh_array *B;
// CHECK-NEXT: #undef H
// CHECK-NEXT: static dvmh_array *H;
#include "Inputs/hdr_grid.h"
// CHECK-NOT: dvmh_hidden
// CHECK: #include "Inputs/hdr_grid.h"
#include "Inputs/hdr_grid.h"
// CHECK: dvmh_template *G;
void *G;
// CHECK: dvmh_array *A, *B;
double A[N][N], B[N][N];
double coef[N];

int f(void)
{
    int i, j;
// ordinary data of the header in a clause and a loop
// CHECK: dvmh_region_data(coef, 1, {{.*}}, DVMH_IN, NULL); DVMH_DATA_NAME(coef, "coef"); dvmh_region_array(A, DVMH_OUT, NULL);
#pragma dvm region in(coef) out(A)
    {
#pragma dvm parallel([i][j] on A[i][j])
        for (i = 0; i < N; i++)
            for (j = 0; j < N; j++)
                A[i][j] = coef[j];
    }
// CHECK: return (int)DVMH_RD(H, float, 1) + (int)total(((void *)A));
    return (int)H[1] + (int)total(A);
}
// CHECK: static void dvmh_create_globals_header_decls(void)
// CHECK: H = dvmh_array_create("{{.*}}hdr_grid.h", 11, 1, sizeof(float), DVMH_T_FLOAT, (dvmh_idx[]){(8)}, NULL, NULL, (dvmh_distr[]){{[{][{]}}DVMH_DISTR_BLOCK, NULL, 0, 0}});
// CHECK-NEXT: G = dvmh_template_create(__FILE__, 27, 2, (dvmh_idx[]){(N), (N)},
// CHECK-NEXT: A = dvmh_array_create(__FILE__, 29, 2, sizeof(double),
// CHECK-NEXT: #line 7 "{{.*}}hdr_grid.h"
// CHECK-NEXT: dvmh_array_align(__FILE__, 29, A, G,
