/* Every reduction kind, on int, long, float and double, over a distributed
 * array, including maxloc/minloc with location arrays and array
 * reduction variables of one and two dimensions. */
#include <stdio.h>

#define N 37
#define M 11
// TOLERANCE: 1e-6

#pragma dvm array distribute[block][block]
int V[N][M];

int main(void)
{
    int i, j;
    int isum = 0, imax = -1000, imin = 1000, iand = ~0, ior = 0, ixor = 0;
    long lsum = 0, lprod = 1;
    float fsum = 0, fmaxv = -1e30f;
    double dsum = 0, dprod = 1, dmin = 1e300;
    double dmax = -1;
    int maxloc[2] = {-1, -1}, minloc[2] = {-1, -1};
    int vmin = 1 << 30;
    int hist[4] = {0, 0, 0, 0};
    long grid[2][3] = {{0, 0, 0}, {0, 0, 100}};
#pragma dvm parallel([i][j] on V[i][j])
    for (i = 0; i < N; i++)
        for (j = 0; j < M; j++)
            V[i][j] = (i * 31 + j * 17) % 97 - 40;
#pragma dvm parallel([i][j] on V[i][j]) reduction(sum(isum), max(imax), min(imin), and(iand), \
        or(ior), xor(ixor), sum(lsum), product(lprod), sum(fsum), max(fmaxv), sum(dsum), \
        product(dprod), min(dmin), maxloc(dmax, maxloc, 2), minloc(vmin, minloc, 2), sum(hist))
    for (i = 0; i < N; i++)
        for (j = 0; j < M; j++) {
            int v = V[i][j];
            isum += v;
            if (v > imax) imax = v;
            if (v < imin) imin = v;
            iand &= v | 0x100;
            ior |= v & 0xff;
            ixor ^= v;
            lsum += (long)v * v;
            if (i < 5 && j < 3) lprod *= (v % 3) + 2;
            fsum += v * 0.5f;
            if (v * 0.25f > fmaxv) fmaxv = v * 0.25f;
            dsum += v / 3.0;
            if (i == j) dprod *= 1.0 + v / 100.0;
            if (v * 1.5 < dmin) dmin = v * 1.5;
            if ((double)v > dmax) { dmax = v; maxloc[0] = i; maxloc[1] = j; }
            if (v < vmin) { vmin = v; minloc[0] = i; minloc[1] = j; }
            hist[(v + 40) % 4]++;
        }
    /* two dimensions: host handlers only (no CUDA handler, said by a remark) */
#pragma dvm parallel([i][j] on V[i][j]) reduction(sum(grid))
    for (i = 0; i < N; i++)
        for (j = 0; j < M; j++)
            grid[i % 2][j % 3] += V[i][j];
    printf("isum=%d imax=%d imin=%d iand=%d ior=%d ixor=%d\n", isum, imax, imin, iand, ior, ixor);
    printf("lsum=%ld lprod=%ld\n", lsum, lprod);
    printf("fsum=%.3f fmax=%.3f\n", fsum, fmaxv);
    printf("dsum=%.9f dprod=%.9f dmin=%.3f\n", dsum, dprod, dmin);
    printf("max %.1f at (%d,%d), min %d at (%d,%d)\n", dmax, maxloc[0], maxloc[1], vmin, minloc[0], minloc[1]);
    printf("hist %d %d %d %d\n", hist[0], hist[1], hist[2], hist[3]);
    printf("grid %ld %ld %ld / %ld %ld %ld\n", grid[0][0], grid[0][1], grid[0][2], grid[1][0],
           grid[1][1], grid[1][2]);
    return 0;
}
