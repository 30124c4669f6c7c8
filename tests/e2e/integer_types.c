/* Distributed arrays and reductions of the other integer types: unsigned
 * sums that wrap around, long long products, char and short extrema,
 * unsigned long xor, and a float array with a double accumulator. */
#include <stdio.h>

#define N 45
// TOLERANCE: 1e-9

#pragma dvm array distribute[block]
unsigned int U[N];
#pragma dvm array align([i] with U[i])
short S[N];
#pragma dvm array align([i] with U[i])
signed char C[N];
#pragma dvm array align([i] with U[i])
float F[N];

int main(void)
{
    int i;
    unsigned int usum = 0;
    long long llprod = 1;
    signed char cmin = 127;
    short smax = -32768;
    unsigned long ulxor = 0;
    double fd = 0;
#pragma dvm parallel([i] on U[i])
    for (i = 0; i < N; i++) {
        U[i] = 4000000000u - (unsigned)i * 123456789u;
        S[i] = (short)((i * 2311) % 30000 - 15000);
        C[i] = (signed char)((i * 37) % 256 - 128);
        F[i] = 1.0f / (i + 1);
    }
#pragma dvm parallel([i] on U[i]) reduction(sum(usum), product(llprod), min(cmin), max(smax), \
        xor(ulxor), sum(fd))
    for (i = 0; i < N; i++) {
        usum += U[i];
        if (i % 9 == 0)
            llprod *= (long long)(S[i] % 1000) - 3;
        if (C[i] < cmin)
            cmin = C[i];
        if (S[i] > smax)
            smax = S[i];
        ulxor ^= (unsigned long)U[i] << (i % 20);
        fd += F[i];
    }
    printf("usum=%u llprod=%lld cmin=%d smax=%d ulxor=%lu fd=%.6f\n", usum, llprod, cmin, smax,
           ulxor, fd);
    return 0;
}
