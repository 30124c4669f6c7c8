/* Himeno benchmark (the 19-point Poisson stencil) ported to C-DVMH: p
 * distributed on i and j, the coefficient arrays a[4][I][J][K], b[3][..]
 * and c[3][..] aligned with p through their 2nd-4th dimensions
 * (align([][i][j][k] with p[i][j][k])), edges of p renewed with corners
 * (the b terms read diagonal neighbours), gosa a sum reduction, float data
 * as in the original. */
#include <stdio.h>

#define MIMAX 17
#define MJMAX 17
#define MKMAX 33
#define NN 4
// TOLERANCE: 1e-5
// Without fused multiply-adds on the GPU (nvcc fuses a*b+c by default, the
// plain x86-64 build does not): gosa is then off by 2e-5 in float.
// E2E: dvmcc-flags -ffp-contract=off

#pragma dvm array distribute[block][block][], shadow[1][1][1]
float p[MIMAX][MJMAX][MKMAX];
#pragma dvm array align([][i][j][k] with p[i][j][k])
float a[4][MIMAX][MJMAX][MKMAX];
#pragma dvm array align([][i][j][k] with p[i][j][k])
float b[3][MIMAX][MJMAX][MKMAX];
#pragma dvm array align([][i][j][k] with p[i][j][k])
float c[3][MIMAX][MJMAX][MKMAX];
#pragma dvm array align([i][j][k] with p[i][j][k])
float bnd[MIMAX][MJMAX][MKMAX];
#pragma dvm array align([i][j][k] with p[i][j][k])
float wrk1[MIMAX][MJMAX][MKMAX];
#pragma dvm array align([i][j][k] with p[i][j][k])
float wrk2[MIMAX][MJMAX][MKMAX];

static int imax, jmax, kmax;
static float omega;

static void initmt(void)
{
    int i, j, k;
#pragma dvm region out(p, a, b, c, bnd, wrk1, wrk2)
    {
#pragma dvm parallel([i][j][k] on p[i][j][k])
        for (i = 0; i < MIMAX; i++)
            for (j = 0; j < MJMAX; j++)
                for (k = 0; k < MKMAX; k++) {
                    a[0][i][j][k] = 0.0;
                    a[1][i][j][k] = 0.0;
                    a[2][i][j][k] = 0.0;
                    a[3][i][j][k] = 0.0;
                    b[0][i][j][k] = 0.0;
                    b[1][i][j][k] = 0.0;
                    b[2][i][j][k] = 0.0;
                    c[0][i][j][k] = 0.0;
                    c[1][i][j][k] = 0.0;
                    c[2][i][j][k] = 0.0;
                    p[i][j][k] = 0.0;
                    wrk1[i][j][k] = 0.0;
                    wrk2[i][j][k] = 0.0;
                    bnd[i][j][k] = 0.0;
                }
#pragma dvm parallel([i][j][k] on p[i][j][k])
        for (i = 0; i < imax; i++)
            for (j = 0; j < jmax; j++)
                for (k = 0; k < kmax; k++) {
                    a[0][i][j][k] = 1.0;
                    a[1][i][j][k] = 1.0;
                    a[2][i][j][k] = 1.0;
                    a[3][i][j][k] = 1.0 / 6.0;
                    b[0][i][j][k] = 0.0;
                    b[1][i][j][k] = 0.0;
                    b[2][i][j][k] = 0.0;
                    c[0][i][j][k] = 1.0;
                    c[1][i][j][k] = 1.0;
                    c[2][i][j][k] = 1.0;
                    p[i][j][k] = (float)(k * k) / (float)((kmax - 1) * (kmax - 1));
                    wrk1[i][j][k] = 0.0;
                    bnd[i][j][k] = 1.0;
                }
        /* a little asymmetry so that the b terms and the corners count */
#pragma dvm parallel([i][j][k] on p[i][j][k])
        for (i = 1; i < imax - 1; i++)
            for (j = 1; j < jmax - 1; j++)
                for (k = 1; k < kmax - 1; k++) {
                    b[0][i][j][k] = 0.01 * ((i + j) % 3);
                    b[1][i][j][k] = 0.01 * ((j + k) % 2);
                    b[2][i][j][k] = -0.01 * ((i + k) % 2);
                }
    }
}

static double jacobi(int nn)
{
    int i, j, k, n;
    float s0, ss;
    double gosa = 0;
    for (n = 0; n < nn; ++n) {
        gosa = 0.0;
#pragma dvm actual(gosa)
#pragma dvm region
        {
#pragma dvm parallel([i][j][k] on p[i][j][k]) private(s0, ss), reduction(sum(gosa)), \
            shadow_renew(p(corner))
            for (i = 1; i < imax - 1; i++)
                for (j = 1; j < jmax - 1; j++)
                    for (k = 1; k < kmax - 1; k++) {
                        s0 = a[0][i][j][k] * p[i + 1][j][k]
                           + a[1][i][j][k] * p[i][j + 1][k]
                           + a[2][i][j][k] * p[i][j][k + 1]
                           + b[0][i][j][k] * (p[i + 1][j + 1][k] - p[i + 1][j - 1][k]
                                            - p[i - 1][j + 1][k] + p[i - 1][j - 1][k])
                           + b[1][i][j][k] * (p[i][j + 1][k + 1] - p[i][j - 1][k + 1]
                                            - p[i][j + 1][k - 1] + p[i][j - 1][k - 1])
                           + b[2][i][j][k] * (p[i + 1][j][k + 1] - p[i - 1][j][k + 1]
                                            - p[i + 1][j][k - 1] + p[i - 1][j][k - 1])
                           + c[0][i][j][k] * p[i - 1][j][k]
                           + c[1][i][j][k] * p[i][j - 1][k]
                           + c[2][i][j][k] * p[i][j][k - 1]
                           + wrk1[i][j][k];
                        ss = (s0 * a[3][i][j][k] - p[i][j][k]) * bnd[i][j][k];
                        gosa += (double)ss * ss;
                        wrk2[i][j][k] = p[i][j][k] + omega * ss;
                    }
#pragma dvm parallel([i][j][k] on p[i][j][k])
            for (i = 1; i < imax - 1; i++)
                for (j = 1; j < jmax - 1; j++)
                    for (k = 1; k < kmax - 1; k++)
                        p[i][j][k] = wrk2[i][j][k];
        }
#pragma dvm get_actual(gosa)
        printf("n=%d gosa=%.6e\n", n, gosa);
    }
    return gosa;
}

int main(void)
{
    double gosa, psum = 0;
    int i, j, k;
    imax = MIMAX - 1;
    jmax = MJMAX - 1;
    kmax = MKMAX - 1;
    omega = 0.8;
    initmt();
    printf("mimax = %d mjmax = %d mkmax = %d\n", MIMAX, MJMAX, MKMAX);
    gosa = jacobi(NN);
#pragma dvm region
    {
#pragma dvm parallel([i][j][k] on p[i][j][k]) reduction(sum(psum))
        for (i = 0; i < MIMAX; i++)
            for (j = 0; j < MJMAX; j++)
                for (k = 0; k < MKMAX; k++)
                    psum += (double)p[i][j][k] * ((i + j + k) % 4 + 1);
    }
#pragma dvm get_actual(psum)
    printf("Loop executed for %d times\nGosa : %.6e\np checksum : %.5e\n", NN, gosa, psum);
    return gosa > 0 ? 0 : 1;
}
