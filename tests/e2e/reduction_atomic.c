/* Reductions in regions that GPUs combine with one atomic operation per
 * block (max and min of 4- and 8-byte integers and floating values; sum,
 * and, or, xor of integers): every such type and operation, values of
 * both signs (floating max and min go by their bits, negative values in
 * reverse), all-negative floating values, an array reduction, a loop with
 * an empty part, an across loop (one launch per wavefront step into the
 * same result), and a floating sum beside them (partial results per block
 * still). */
#include <stdio.h>

#define N 61
#define M 37
// TOLERANCE: 1e-9

#pragma dvm array distribute[block][block]
int V[N][M];

int main(void)
{
    int i, j;
    int imax = -2147483647, imin = 2147483647, isum = 0, iand = -1, ior = 0, ixor = 0;
    unsigned umax = 0, umin = 0xffffffffu, usum = 0, uand = 0xffffffffu, uor = 0, uxor = 0;
    long lmax = -9000000000000000000L, lmin = 9000000000000000000L, lsum = 0;
    unsigned long ulmax = 0, ulxor = 0;
    long long llmin = 9000000000000000000LL, lland = -1;
    unsigned long long ullmax = 0, ullor = 0, ullsum = 0;
    float fmax_ = -1e30f, fmin_ = 1e30f, fneg_max = -1e30f, fneg_min = 1e30f;
    double dmax = -1e300, dmin = 1e300, dneg_max = -1e300, darr[4] = {-1e300, -1e300, -1e300, -1e300};
    double dsum = 0;
#pragma dvm region out(V)
    {
#pragma dvm parallel([i][j] on V[i][j])
        for (i = 0; i < N; i++)
            for (j = 0; j < M; j++)
                V[i][j] = (i * 7919 + j * 104729) % 20011 - 10005; /* both signs */
    }
#pragma dvm region in(V)
    {
#pragma dvm parallel([i][j] on V[i][j]) reduction(max(imax), min(imin), sum(isum), and(iand), \
        or(ior), xor(ixor), max(umax), min(umin), sum(usum), and(uand), or(uor), xor(uxor), \
        max(lmax), min(lmin), sum(lsum), max(ulmax), xor(ulxor), min(llmin), and(lland), \
        max(ullmax), or(ullor), sum(ullsum))
        for (i = 0; i < N; i++)
            for (j = 0; j < M; j++) {
                int v = V[i][j];
                unsigned u = (unsigned)v * 2654435761u;
                long l = (long)v * 1000003L * 977L;
                if (v > imax) imax = v;
                if (v < imin) imin = v;
                isum += v;
                iand &= v | 0x3f;
                ior |= v & 0x7ff0;
                ixor ^= v;
                if (u > umax) umax = u;
                if (u < umin) umin = u;
                usum += u;
                uand &= u | 0xff00ff;
                uor |= u & 0xf0f0;
                uxor ^= u;
                if (l > lmax) lmax = l;
                if (l < lmin) lmin = l;
                lsum += l;
                if ((unsigned long)l > ulmax) ulmax = (unsigned long)l;
                ulxor ^= (unsigned long)l;
                if ((long long)l * 3 < llmin) llmin = (long long)l * 3;
                lland &= (long long)l | 0xffffLL;
                if ((unsigned long long)l * 5u > ullmax) ullmax = (unsigned long long)l * 5u;
                ullor |= (unsigned long long)l & 0xff00ff00ff0ULL;
                ullsum += (unsigned long long)l;
            }
#pragma dvm parallel([i][j] on V[i][j]) reduction(max(fmax_), min(fmin_), max(fneg_max), \
        min(fneg_min), max(dmax), min(dmin), max(dneg_max), max(darr), sum(dsum))
        for (i = 0; i < N; i++)
            for (j = 0; j < M; j++) {
                float f = (float)V[i][j] / 7.0f;
                double d = (double)V[i][j] / 3.0;
                float fn = -1.0f - (float)(V[i][j] + 10006) / 13.0f; /* all negative */
                if (f > fmax_) fmax_ = f;
                if (f < fmin_) fmin_ = f;
                if (fn > fneg_max) fneg_max = fn;
                if (fn < fneg_min) fneg_min = fn;
                if (d > dmax) dmax = d;
                if (d < dmin) dmin = d;
                if (-1.0 - d * d > dneg_max) dneg_max = -1.0 - d * d;
                if (d * (j % 3 - 1) > darr[(i + j) % 4]) darr[(i + j) % 4] = d * (j % 3 - 1);
                dsum += d * 1e-3;
            }
    }
#pragma dvm get_actual(imax, imin, isum, iand, ior, ixor, umax, umin, usum, uand, uor, uxor, \
    lmax, lmin, lsum, ulmax, ulxor, llmin, lland, ullmax, ullor, ullsum, fmax_, fmin_, fneg_max, \
    fneg_min, dmax, dmin, dneg_max, darr, dsum)
    printf("int: %d %d %d %d %d %d\n", imax, imin, isum, iand, ior, ixor);
    printf("unsigned: %u %u %u %u %u %u\n", umax, umin, usum, uand, uor, uxor);
    printf("long: %ld %ld %ld %lu %lu\n", lmax, lmin, lsum, ulmax, ulxor);
    printf("long long: %lld %lld %llu %llu %llu\n", llmin, lland, ullmax, ullor, ullsum);
    printf("float: %.6e %.6e %.6e %.6e\n", fmax_, fmin_, fneg_max, fneg_min);
    printf("double: %.12e %.12e %.12e [%.9e %.9e %.9e %.9e] %.9e\n", dmax, dmin, dneg_max, darr[0],
           darr[1], darr[2], darr[3], dsum);

    /* an empty part (rows past the middle only) and an across loop whose
     * steps combine into one result */
    int emax = -1, amin = 2147483647;
    long asum = 0;
#pragma dvm region
    {
#pragma dvm parallel([i][j] on V[i][j]) reduction(max(emax))
        for (i = N / 2; i < N; i++)
            for (j = 0; j < M; j++)
                if (V[i][j] % 5 == 0 && V[i][j] > emax)
                    emax = V[i][j];
#pragma dvm parallel([i][j] on V[i][j]) across(V[1:0][1:0]) reduction(min(amin), sum(asum))
        for (i = 1; i < N; i++)
            for (j = 1; j < M; j++) {
                V[i][j] = (V[i - 1][j] + V[i][j - 1]) % 1009;
                if (V[i][j] < amin)
                    amin = V[i][j];
                asum += V[i][j];
            }
    }
#pragma dvm get_actual(emax, amin, asum)
    printf("empty part max %d, across min %d sum %ld\n", emax, amin, asum);
    return 0;
}
