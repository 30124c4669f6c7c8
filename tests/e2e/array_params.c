/* Array parameters in regions (ordinary data, tie, no 'on'): C makes
 * `double v[N]` and `double w[N][4]` pointers, so the region takes them as
 * pointers (the runtime finds the extent of the heap block they point
 * into); before, it took sizeof(v) / sizeof(v[0]) (the pointer's size: one
 * element) and clang warned about it. Called with heap memory (the loop
 * may run on a device) and with static arrays (memory the runtime does
 * not know: the loop stays on the host). */
#include <stdio.h>
#include <stdlib.h>

#define N 1000

static void scale(double v[N], double w[N][4], int k)
{
    int i;
#pragma dvm region
    {
/* GPU-ALONE-HOST: the call with the static arrays passes memory the runtime does not track */
#pragma dvm parallel([i]) tie(v[i], w[i][])
        for (i = 0; i < N; i++) {
            v[i] = v[i] * 2 + i % k;
            w[i][1] = v[i] - w[i][0];
        }
    }
#pragma dvm get_actual(v, w)
}

static double a[N], b[N][4];

int main(void)
{
    double *h = malloc(sizeof(double) * N);
    double (*hw)[4] = malloc(sizeof(double) * N * 4);
    int i;
    for (i = 0; i < N; i++) {
        a[i] = h[i] = i;
        b[i][0] = hw[i][0] = i % 3;
        b[i][1] = hw[i][1] = 0;
    }
    scale(a, b, 5);
    scale(h, hw, 7);
    scale(h, hw, 3);
    double s = 0;
    for (i = 0; i < N; i++)
        s += a[i] * (i % 7) + h[i] * (i % 5) + b[i][1] * (i % 3) + hw[i][1] * (i % 2);
    printf("%.1f\n", s);
    free(h);
    free(hw);
    return 0;
}
