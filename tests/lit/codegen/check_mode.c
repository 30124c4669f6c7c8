// RUN: %cdvmh --check %s -o - | grep -v "^// " | FileCheck %s
// RUN: %cdvmh %s -o - | grep -v "^// " | FileCheck %s --check-prefix=PLAIN
// Check mode: each element reference to a distributed array in the body
// goes through dvmh_check_elem with the data's index, the access (written,
// read, both), the iteration and the indices; the nest gets the piece; the
// call site names the loop variables. Ordinary data stays as it is. An
// assignment of host code to an element records the write.
#define N 16
#pragma dvm array distribute[block][block], shadow[1][1]
double A[N][N];
#pragma dvm array align([i][j] with A[i][j])
double B[N][N];
double c[N];
void f(void)
{
    int i, j;
#pragma dvm parallel([i][j] on A[i][j]) shadow_renew(B)
    for (i = 1; i < N - 1; i++)
        for (j = 1; j < N - 1; j++) {
            A[i][j] = B[i - 1][j] + B[i][j + 1];
            A[i][j] += c[i];
            B[i][j]++;
        }
    A[0][0] = 1;
}
// CHECK: static void dvmh_loop_check_mode_{{[0-9]+}}_nest(dvmh_piece *const dvmh_P,
// CHECK: (*(double *)dvmh_check_elem(dvmh_P, 0, DVMH_WRITE, __LINE__, (const dvmh_idx[]){i, j}, (const dvmh_idx[]){i, j})) = (*(double *)dvmh_check_elem(dvmh_P, 1, DVMH_READ, __LINE__, (const dvmh_idx[]){i, j}, (const dvmh_idx[]){i - 1, j})) + (*(double *)dvmh_check_elem(dvmh_P, 1, DVMH_READ, __LINE__, (const dvmh_idx[]){i, j}, (const dvmh_idx[]){i, j + 1}));
// CHECK-NEXT: (*(double *)dvmh_check_elem(dvmh_P, 0, DVMH_READ | DVMH_WRITE, __LINE__, (const dvmh_idx[]){i, j}, (const dvmh_idx[]){i, j})) += c[i];
// CHECK-NEXT: (*(double *)dvmh_check_elem(dvmh_P, 1, DVMH_READ | DVMH_WRITE, __LINE__, (const dvmh_idx[]){i, j}, (const dvmh_idx[]){i, j}))++;
// CHECK: dvmh_loop_check_mode_{{[0-9]+}}_nest(dvmh_P, dvmh_tlo,
// CHECK: dvmh_loop_check(dvmh_L, "i,j");
// CHECK-NEXT: { dvmh_idx dvmh_f; if (dvmh_loop_final(dvmh_L, 0, &dvmh_f)) i = (int)dvmh_f; (void)sizeof(i); if (dvmh_loop_final(dvmh_L, 1, &dvmh_f)) j = (int)dvmh_f; (void)sizeof(j); }
// CHECK-NEXT: dvmh_loop_run(dvmh_L);
// CHECK: { if (DVMH_CHECK_OWNS_W(A, 0, 0)) { DVMH_AT2(A, double, 0, 0) = 1; } }
// PLAIN-NOT: dvmh_check_elem(
// PLAIN-NOT: dvmh_loop_check(dvmh_L
// PLAIN-NOT: DVMH_CHECK_OWNS_W
