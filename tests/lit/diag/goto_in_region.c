// RUN: %not %cdvmh %s -o /dev/null 2>&1 | FileCheck %s
// A goto inside a region is refused only when its label is outside the
// region, or outside the parallel loop the goto is in; one that stays in
// a loop's body (a retry loop) is fine.
// CHECK-NOT: goto_in_region.c:19:
// CHECK: goto_in_region.c:28:17: error: 'goto' out of a parallel loop is not allowed
// CHECK: goto_in_region.c:33:13: error: 'goto' out of a region is not allowed
// CHECK-NOT: error:
#pragma dvm array distribute[block]
double R[8];
int f(void)
{
    int i, s = 0;
#pragma dvm region
    {
#pragma dvm parallel([i] on R[i])
        for (i = 0; i < 8; i++) {
            int k = 0;
        again:
            k++;
            if (k < i)
                goto again;
            R[i] = k;
        }
#pragma dvm parallel([i] on R[i])
        for (i = 0; i < 8; i++) {
            if (R[i] > 3)
                goto inside;
            R[i] = 0;
        }
    inside:
        if (s)
            goto outside;
    }
outside:
    return s;
}
