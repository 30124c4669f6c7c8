/* NPB BT-style kernels in C-DVMH: 4-D arrays u, rhs, forcing [k][j][i][5]
 * distributed on k and j, the component dimension aligned with []
 * (align([k][j][i][] with u[k][j][i][])), 3-D auxiliaries aligned with u,
 * private temporaries (scalars and the 5-element arrays of one point),
 * a line solve along the local i dimension with a private work array, and
 * the norms as array reductions reduction(sum(sum)) on a local double
 * sum[5] (the reduction operation's name is also the array's name). */
#include <math.h>
#include <stdio.h>

#define KMAX 10
#define JMAX 12
#define IMAX 14
#define NITER 3
// TOLERANCE: 1e-8

#pragma dvm array distribute[block][block][][], shadow[1][1][0][0]
double u[KMAX][JMAX][IMAX][5];
#pragma dvm array align([k][j][i][] with u[k][j][i][])
double rhs[KMAX][JMAX][IMAX][5];
#pragma dvm array align([k][j][i][] with u[k][j][i][])
double forcing[KMAX][JMAX][IMAX][5];
#pragma dvm array align([k][j][i] with u[k][j][i][])
double rho_i[KMAX][JMAX][IMAX];
#pragma dvm array align([k][j][i] with u[k][j][i][])
double qs[KMAX][JMAX][IMAX];

static const double dt = 0.01, tx = 0.3, ty = 0.25, tz = 0.2;

static void exact(int i, int j, int k, double out[5])
{
    int m;
    for (m = 0; m < 5; m++)
        out[m] = 1.0 + 0.1 * m + 0.01 * ((i * (m + 1) + 2 * j + 3 * k) % 7);
}

static void initialize(void)
{
    int i, j, k, m;
    double ue[5];
#pragma dvm region out(u, forcing)
    {
#pragma dvm parallel([k][j][i] on u[k][j][i][]) private(ue, m)
        for (k = 0; k < KMAX; k++)
            for (j = 0; j < JMAX; j++)
                for (i = 0; i < IMAX; i++) {
                    exact(i, j, k, ue);
                    for (m = 0; m < 5; m++) {
                        u[k][j][i][m] = ue[m];
                        forcing[k][j][i][m] = 0.001 * (m + 1) * ((i + j + k) % 3);
                    }
                }
    }
}

static void compute_rhs(void)
{
    int i, j, k, m;
    double rho_inv, up[5], um[5];
#pragma dvm region
    {
#pragma dvm parallel([k][j][i] on u[k][j][i][]) private(rho_inv)
        for (k = 0; k < KMAX; k++)
            for (j = 0; j < JMAX; j++)
                for (i = 0; i < IMAX; i++) {
                    rho_inv = 1.0 / u[k][j][i][0];
                    rho_i[k][j][i] = rho_inv;
                    qs[k][j][i] = 0.5 * (u[k][j][i][1] * u[k][j][i][1] + u[k][j][i][2] * u[k][j][i][2]
                                       + u[k][j][i][3] * u[k][j][i][3]) * rho_inv;
                }
#pragma dvm parallel([k][j][i] on rhs[k][j][i][]) private(m, up, um) shadow_renew(u, qs)
        for (k = 1; k < KMAX - 1; k++)
            for (j = 1; j < JMAX - 1; j++)
                for (i = 1; i < IMAX - 1; i++) {
                    for (m = 0; m < 5; m++) {
                        up[m] = u[k][j][i + 1][m] + u[k][j + 1][i][m] + u[k + 1][j][i][m];
                        um[m] = u[k][j][i - 1][m] + u[k][j - 1][i][m] + u[k - 1][j][i][m];
                    }
                    for (m = 0; m < 5; m++)
                        rhs[k][j][i][m] = forcing[k][j][i][m]
                            + tx * (u[k][j][i + 1][m] - 2.0 * u[k][j][i][m] + u[k][j][i - 1][m])
                            + ty * (u[k][j + 1][i][m] - 2.0 * u[k][j][i][m] + u[k][j - 1][i][m])
                            + tz * (u[k + 1][j][i][m] - 2.0 * u[k][j][i][m] + u[k - 1][j][i][m])
                            - 0.01 * (up[m] - um[m]) * (qs[k][j + 1][i] - qs[k][j - 1][i]);
                }
    }
}

static void x_solve(void)
{
    int i, j, k, m;
    double lhs[IMAX][3], fac;
#pragma dvm region
    {
#pragma dvm parallel([k][j] on rhs[k][j][][]) private(i, m, lhs, fac)
        for (k = 1; k < KMAX - 1; k++)
            for (j = 1; j < JMAX - 1; j++) {
                for (i = 0; i < IMAX; i++) {
                    lhs[i][0] = -dt * tx * rho_i[k][j][i];
                    lhs[i][1] = 1.0 + 2.0 * dt * tx * rho_i[k][j][i];
                    lhs[i][2] = -dt * tx * rho_i[k][j][i];
                }
                for (i = 2; i < IMAX - 1; i++) {
                    fac = lhs[i][0] / lhs[i - 1][1];
                    lhs[i][1] -= fac * lhs[i - 1][2];
                    for (m = 0; m < 5; m++)
                        rhs[k][j][i][m] -= fac * rhs[k][j][i - 1][m];
                }
                for (m = 0; m < 5; m++)
                    rhs[k][j][IMAX - 2][m] /= lhs[IMAX - 2][1];
                for (i = IMAX - 3; i >= 1; i--)
                    for (m = 0; m < 5; m++)
                        rhs[k][j][i][m] = (rhs[k][j][i][m] - lhs[i][2] * rhs[k][j][i + 1][m]) / lhs[i][1];
            }
    }
}

static void add(void)
{
    int i, j, k, m;
#pragma dvm region
    {
#pragma dvm parallel([k][j][i] on u[k][j][i][]) private(m)
        for (k = 1; k < KMAX - 1; k++)
            for (j = 1; j < JMAX - 1; j++)
                for (i = 1; i < IMAX - 1; i++)
                    for (m = 0; m < 5; m++)
                        u[k][j][i][m] = u[k][j][i][m] + rhs[k][j][i][m];
    }
}

static void rhs_norm(double rms[5])
{
    double sum[5];
    int i, j, k, m;
    double add;
    for (m = 0; m < 5; m++)
        sum[m] = 0.0;
#pragma dvm actual(sum)
#pragma dvm region
    {
#pragma dvm parallel([k][j][i] on rhs[k][j][i][]) private(m, add) reduction(sum(sum))
        for (k = 1; k < KMAX - 1; k++)
            for (j = 1; j < JMAX - 1; j++)
                for (i = 1; i < IMAX - 1; i++)
                    for (m = 0; m < 5; m++) {
                        add = rhs[k][j][i][m];
                        sum[m] = sum[m] + add * add;
                    }
    }
#pragma dvm get_actual(sum)
    for (m = 0; m < 5; m++)
        rms[m] = sqrt(sum[m] / ((KMAX - 2) * (JMAX - 2) * (IMAX - 2)));
}

static void error_norm(double rms[5])
{
    double sum[5];
    int i, j, k, m;
    double ue[5], add;
    for (m = 0; m < 5; m++)
        sum[m] = 0.0;
#pragma dvm actual(sum)
#pragma dvm region
    {
#pragma dvm parallel([k][j][i] on u[k][j][i][]) private(ue, m, add) reduction(sum(sum))
        for (k = 0; k < KMAX; k++)
            for (j = 0; j < JMAX; j++)
                for (i = 0; i < IMAX; i++) {
                    exact(i, j, k, ue);
                    for (m = 0; m < 5; m++) {
                        add = u[k][j][i][m] - ue[m];
                        sum[m] = sum[m] + add * add;
                    }
                }
    }
#pragma dvm get_actual(sum)
    for (m = 0; m < 5; m++)
        rms[m] = sqrt(sum[m] / (KMAX * JMAX * IMAX));
}

int main(void)
{
    int step, m;
    double xcr[5], xce[5];
    initialize();
    for (step = 1; step <= NITER; step++) {
        compute_rhs();
        x_solve();
        add();
    }
    compute_rhs();
    rhs_norm(xcr);
    error_norm(xce);
    printf(" Verification being performed for class S-like\n");
    for (m = 0; m < 5; m++)
        printf("  xcr(%d) %.6e  xce(%d) %.6e\n", m, xcr[m], m, xce[m]);
    return 0;
}
