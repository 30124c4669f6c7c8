// RUN: %cdvmh %s -o - | grep -v "^// " | FileCheck %s
// Comments inside directives are blanks: after the last clause, between
// clauses, inside clause lists, on continuation lines, over two lines.
#pragma dvm array distribute[block] /* rows */, shadow[1] // edges
double A[64];
#pragma dvm array align([i] /* same shape */ with A[i]) // B follows A
double B[64];
double f(void)
{
    int i;
    double s = 0;
    long c = 0;
// CHECK: dvmh_region_begin(__FILE__, [[@LINE+1]], DVMH_TARGET_ALL); dvmh_region_array(A, DVMH_OUT, NULL); dvmh_region_array(B, DVMH_OUT, NULL);
#pragma dvm region /* both */ out(A, /* and */ B) // written
    {
// CHECK: dvmh_loop_create(__FILE__, [[@LINE+2]], 1,
#pragma dvm parallel([i] on A[i]) /* no clauses */
        for (i = 0; i < 64; i++)
            A[i] = B[i] = i;
    }
// CHECK: dvmh_loop_create(__FILE__, [[@LINE+3]], 1,
#pragma dvm parallel([i] on B[i]) /* renew A's edges */ shadow_renew(A) \
        /* continuation */ // and a line comment
    for (i = 1; i < 63; i++)
        B[i] = A[i - 1] + A[i + 1];
// CHECK: dvmh_loop_shadow_renew(dvmh_L, 1, NULL, NULL, 0);
// CHECK: dvmh_loop_create(__FILE__, [[@LINE+3]], 1,
#pragma dvm parallel([i] on A[i]) reduction(sum(s), /* a comment
   over two lines */ sum(c)) /* after the last clause */
    for (i = 0; i < 64; i++) {
        s += A[i];
        c += B[i] > 10;
    }
// CHECK: dvmh_loop_reduction(dvmh_L, DVMH_RED_SUM, DVMH_T_DOUBLE, &s, 1, NULL, 0, 0);
// CHECK-NEXT: dvmh_loop_reduction(dvmh_L, DVMH_RED_SUM, DVMH_T_LONG, &c, 1, NULL, 0, 0);
    return s + c;
}
