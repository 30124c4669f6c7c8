// RUN: %cdvmh %s -o - | grep -v "^// " | FileCheck %s
// A loop variable declared outside the loop ends with the value sequential
// C leaves in it (dvmh_loop_final: the first value the condition rejects;
// an inner one only when every outer dimension has iterations). One
// declared in the header does not exist after the loop; a dimension whose
// bounds use an outer variable, and the ones inside it, are left alone.
#pragma dvm array distribute[block][block]
double A[10][10];
void f(int n)
{
    long i;
    int j, k;
#pragma dvm parallel([i][j] on A[i][j])
    for (i = 0; i < n; i++)
        for (j = 9; j >= 0; j -= 2)
            A[i][j] = i + j;
// CHECK: dvmh_loop_handler(dvmh_L, DVMH_DEV_HOST,
// CHECK-NEXT: { dvmh_idx dvmh_f; if (dvmh_loop_final(dvmh_L, 0, &dvmh_f)) i = (long)dvmh_f; (void)sizeof(i); if (dvmh_loop_final(dvmh_L, 1, &dvmh_f)) j = (int)dvmh_f; (void)sizeof(j); }
// CHECK-NEXT: dvmh_loop_run(dvmh_L);
#pragma dvm parallel([i][m] on A[i][m])
    for (i = 0; i < 10; i++)
        for (int m = 0; m < 10; m++)
            A[i][m] = 0;
// CHECK: dvmh_loop_handler(dvmh_L, DVMH_DEV_HOST,
// CHECK-NEXT: { dvmh_idx dvmh_f; if (dvmh_loop_final(dvmh_L, 0, &dvmh_f)) i = (long)dvmh_f; (void)sizeof(i); }
// CHECK-NEXT: dvmh_loop_run(dvmh_L);
#pragma dvm parallel([ii] on A[ii][])
    for (int ii = 0; ii < 10; ii++)
        A[ii][0] = 1;
// CHECK: dvmh_loop_handler(dvmh_L, DVMH_DEV_HOST,
// CHECK-NEXT: dvmh_loop_run(dvmh_L);
#pragma dvm parallel([j][k] on A[j][k])
    for (j = 0; j < 10; j++)
        for (k = j; k < 10; k++)
            A[j][k] = 2;
// CHECK: dvmh_loop_handler(dvmh_L, DVMH_DEV_HOST,
// CHECK-NEXT: { dvmh_idx dvmh_f; if (dvmh_loop_final(dvmh_L, 0, &dvmh_f)) j = (int)dvmh_f; (void)sizeof(j); }
// CHECK-NEXT: dvmh_loop_run(dvmh_L);
}
