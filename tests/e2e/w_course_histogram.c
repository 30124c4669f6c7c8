/* A course exercise on reductions: an integer array reduction
 * (reduction(sum(hist)) with int hist[NB]), maxloc and minloc with the
 * location of the extreme value, product and logical reductions, over a
 * distributed array holding a permutation of 0..N-1 computed from the index
 * (so the extremes, and their locations, are unique). */
#include <stdio.h>

#define N 1000
#define NB 10
// TOLERANCE: 1e-9

#pragma dvm array distribute[block]
int data[N];

int main(void)
{
    int i, b;
    int hist[NB];
    int vmax = -1, vmin = 1 << 30, imax[1] = {-1}, imin[1] = {-1};
    int allpos = 1, anybig = 0, parity = 0;
    double prod = 1.0;
    long total = 0;

    for (b = 0; b < NB; b++)
        hist[b] = 0;
#pragma dvm actual(hist)
#pragma dvm region out(data)
    {
#pragma dvm parallel([i] on data[i])
        for (i = 0; i < N; i++)
            data[i] = (i * 7919 + 13) % N;
    }
#pragma dvm region
    {
#pragma dvm parallel([i] on data[i]) reduction(sum(hist), sum(total), maxloc(vmax, imax, 1), \
        minloc(vmin, imin, 1))
        for (i = 0; i < N; i++) {
            hist[(data[i] * 37) % 997 / 100] += 1;
            total += data[i];
            if (data[i] > vmax) {
                vmax = data[i];
                imax[0] = i;
            }
            if (data[i] < vmin) {
                vmin = data[i];
                imin[0] = i;
            }
        }
#pragma dvm parallel([i] on data[i]) reduction(product(prod), and(allpos), or(anybig), xor(parity))
        for (i = 0; i < N; i += 50) {
            prod *= 1.0 + data[i] / 10000.0;
            allpos = allpos && (data[i] >= 0);
            anybig = anybig || (data[i] > 990);
            parity ^= data[i] & 1;
        }
    }
#pragma dvm get_actual(hist, total, vmax, imax, vmin, imin, prod, allpos, anybig, parity)
    for (b = 0; b < NB; b++)
        printf("[%3d,%3d) %d\n", b * 100, b * 100 + 100, hist[b]);
    printf("total %ld max %d at %d min %d at %d\n", total, vmax, imax[0], vmin, imin[0]);
    printf("product %.6e allpos %d anybig %d parity %d\n", prod, allpos, anybig, parity);
    return 0;
}
