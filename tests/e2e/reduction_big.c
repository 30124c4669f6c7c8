/* A large array reduction (a histogram) and a maxloc over 100000
 * iterations. On a GPU whose free memory is short (tests/gpu: the
 * emulator with CUEMU_FREE_MEM) the reduction grids shrink to fit their
 * partial results, and the kernels loop over the iterations with the
 * grid's stride; the results stay the sequential ones. */
#include <stdio.h>

#define N 100000
#define H 256

#pragma dvm array distribute[block]
double a[N];

int main(void)
{
    int i, k;
    long hist[H];
    double best = -1;
    int where = -1;
    for (k = 0; k < H; k++)
        hist[k] = 0;
#pragma dvm region
    {
#pragma dvm parallel([i] on a[i])
        for (i = 0; i < N; i++)
            a[i] = (double)((i * 7919L) % 100003) / 100003.0;
#pragma dvm parallel([i] on a[i]) reduction(sum(hist), maxloc(best, where, 1))
        for (i = 0; i < N; i++) {
            hist[(int)(a[i] * H) % H] += 1;
            if (a[i] > best) {
                best = a[i];
                where = i;
            }
        }
    }
    long total = 0;
    for (k = 0; k < H; k++)
        total += hist[k] * (k % 7 + 1);
    printf("hist[0]=%ld hist[%d]=%ld weighted=%ld\n", hist[0], H - 1, hist[H - 1], total);
    printf("max %.6f at %d\n", best, where);
    return 0;
}
