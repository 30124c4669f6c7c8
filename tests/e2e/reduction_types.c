/* Reductions of the kinds and types reductions.c does not cover: long
 * and/or/xor/max/min, int product, float product/min, maxloc/minloc with
 * one location, an array max reduction, and reductions of loops without
 * 'on' over ordinary arrays (every process runs all iterations). */
#include <stdio.h>

#define N 97
// TOLERANCE: 1e-5

#pragma dvm array distribute[block]
long X[N];
static float F[N];

int main(void)
{
    int i, iprod = 1, loc1[1] = {-1}, loc2[1] = {-1};
    long land = -1, lor = 0, lxor = 0, lmax = -1000000, lmin = 1000000;
    float fprod = 1, fmin = 1e30f, fsum = 0;
    double top = -1e300, bottom = 1e300, dmax[3] = {-1, -1, -1};
    float fmx = -1;
    int fmx_at[1] = {-1};
#pragma dvm parallel([i] on X[i])
    for (i = 0; i < N; i++)
        X[i] = (i * 37L + 11) % 101 * 1000003L - 50000000L; /* all different */
#pragma dvm parallel([i] on X[i]) reduction(and(land), or(lor), xor(lxor), max(lmax), min(lmin), \
        product(iprod), maxloc(top, loc1, 1), minloc(bottom, loc2, 1), max(dmax))
    for (i = 0; i < N; i++) {
        long v = X[i];
        land &= v | 0x7f0;
        lor |= v & 0xffff;
        lxor ^= v;
        if (v > lmax)
            lmax = v;
        if (v < lmin)
            lmin = v;
        if (i % 10 == 3)
            iprod *= (int)(v % 5) - 7;
        if ((double)v > top) {
            top = (double)v;
            loc1[0] = i;
        }
        if ((double)v < bottom) {
            bottom = (double)v;
            loc2[0] = i;
        }
        if ((double)(v % 1000) > dmax[i % 3])
            dmax[i % 3] = (double)(v % 1000);
    }
    printf("land=%ld lor=%ld lxor=%ld lmax=%ld lmin=%ld iprod=%d\n", land, lor, lxor, lmax, lmin, iprod);
    printf("max %.0f at %d, min %.0f at %d, dmax %.0f %.0f %.0f\n", top, loc1[0], bottom, loc2[0],
           dmax[0], dmax[1], dmax[2]);
    /* ordinary array, loops without 'on' */
#pragma dvm region out(F)
    {
#pragma dvm parallel([i]) tie(F[i])
        for (i = 0; i < N; i++)
            F[i] = 1.0f + (float)((i * 7) % 13) / 64.0f;
    }
#pragma dvm region in(F)
    {
#pragma dvm parallel([i]) tie(F[i]) reduction(product(fprod), min(fmin), sum(fsum), \
        maxloc(fmx, fmx_at, 1))
        for (i = 0; i < N; i++) {
            if (i % 4 == 0)
                fprod *= F[i];
            if (F[i] * (i % 5 + 1) < fmin)
                fmin = F[i] * (i % 5 + 1);
            fsum += F[i];
            if (F[i] + i * 1e-3f > fmx) {
                fmx = F[i] + i * 1e-3f;
                fmx_at[0] = i;
            }
        }
    }
#pragma dvm get_actual(fprod, fmin, fsum, fmx, fmx_at)
    printf("fprod=%.5e fmin=%.5f fsum=%.4f fmax=%.4f at %d\n", fprod, fmin, fsum, fmx, fmx_at[0]);
    return 0;
}
