/* NPB SP-style kernels in C-DVMH: u and rhs [k][j][i][5] distributed on k
 * and j (align([k][j][i][m] with u[k][j][i][m]), every dimension named),
 * scalar-pentadiagonal-like sweeps: along i inside an iteration, along j and
 * k as pipelines with across on the 4-D array (forward elimination reads
 * j-1, back substitution j+1), private temporaries, and rms[5] as an array
 * reduction. Coefficients are constants so the sweeps stay stable. */
#include <math.h>
#include <stdio.h>

#define NZ 10
#define NY 12
#define NX 10
#define NITER 2
// TOLERANCE: 1e-8

#pragma dvm array distribute[block][block][][]
double u[NZ][NY][NX][5];
#pragma dvm array align([k][j][i][m] with u[k][j][i][m])
double rhs[NZ][NY][NX][5];
#pragma dvm array align([k][j][i] with u[k][j][i][])
double speed[NZ][NY][NX];

#define AL 0.2
#define BE 1.5

static void init(void)
{
    int i, j, k, m;
#pragma dvm region out(u, rhs, speed)
    {
#pragma dvm parallel([k][j][i][m] on u[k][j][i][m])
        for (k = 0; k < NZ; k++)
            for (j = 0; j < NY; j++)
                for (i = 0; i < NX; i++)
                    for (m = 0; m < 5; m++) {
                        u[k][j][i][m] = 1.0 + 0.05 * ((k * 3 + j * 5 + i * 7 + m) % 11);
                        rhs[k][j][i][m] = 0.0;
                    }
#pragma dvm parallel([k][j][i] on speed[k][j][i])
        for (k = 0; k < NZ; k++)
            for (j = 0; j < NY; j++)
                for (i = 0; i < NX; i++)
                    speed[k][j][i] = 1.0 + 0.1 * ((i + j + k) % 4);
    }
}

static void compute_rhs(void)
{
    int i, j, k, m;
    double c;
#pragma dvm region
    {
#pragma dvm parallel([k][j][i] on rhs[k][j][i][]) private(m, c) shadow_renew(u)
        for (k = 1; k < NZ - 1; k++)
            for (j = 1; j < NY - 1; j++)
                for (i = 1; i < NX - 1; i++) {
                    c = 0.05 / speed[k][j][i];
                    for (m = 0; m < 5; m++)
                        rhs[k][j][i][m] = c * (u[k + 1][j][i][m] + u[k - 1][j][i][m] + u[k][j + 1][i][m]
                                               + u[k][j - 1][i][m] + u[k][j][i + 1][m] + u[k][j][i - 1][m]
                                               - 6.0 * u[k][j][i][m]);
                }
    }
}

static void x_solve(void)
{
    int i, j, k, m;
#pragma dvm region
    {
#pragma dvm parallel([k][j] on rhs[k][j][][]) private(i, m)
        for (k = 1; k < NZ - 1; k++)
            for (j = 1; j < NY - 1; j++) {
                for (i = 2; i < NX - 1; i++)
                    for (m = 0; m < 5; m++)
                        rhs[k][j][i][m] = (rhs[k][j][i][m] + AL * rhs[k][j][i - 1][m]) / BE;
                for (i = NX - 3; i >= 1; i--)
                    for (m = 0; m < 5; m++)
                        rhs[k][j][i][m] = rhs[k][j][i][m] + AL * rhs[k][j][i + 1][m] / BE;
            }
    }
}

static void y_solve(void)
{
    int i, j, k, m;
#pragma dvm region
    {
#pragma dvm parallel([k][j][i] on rhs[k][j][i][]) private(m) across(rhs[0:0][1:0][0:0][0:0])
        for (k = 1; k < NZ - 1; k++)
            for (j = 2; j < NY - 1; j++)
                for (i = 1; i < NX - 1; i++)
                    for (m = 0; m < 5; m++)
                        rhs[k][j][i][m] = (rhs[k][j][i][m] + AL * rhs[k][j - 1][i][m]) / BE;
#pragma dvm parallel([k][j][i] on rhs[k][j][i][]) private(m) across(rhs[0:0][0:1][0:0][0:0])
        for (k = 1; k < NZ - 1; k++)
            for (j = NY - 3; j >= 1; j--)
                for (i = 1; i < NX - 1; i++)
                    for (m = 0; m < 5; m++)
                        rhs[k][j][i][m] = rhs[k][j][i][m] + AL * rhs[k][j + 1][i][m] / BE;
    }
}

static void z_solve(void)
{
    int i, j, k, m;
#pragma dvm region
    {
/* on 2 processes (grid 1x2) no process boundary cuts k: no pipeline, the loop runs on the devices */
#pragma dvm parallel([k][j][i][m] on rhs[k][j][i][m]) across(rhs[1:0][0:0][0:0][0:0])
        for (k = 2; k < NZ - 1; k++)
            for (j = 1; j < NY - 1; j++)
                for (i = 1; i < NX - 1; i++)
                    for (m = 0; m < 5; m++)
                        rhs[k][j][i][m] = (rhs[k][j][i][m] + AL * rhs[k - 1][j][i][m]) / BE;
/* on 2 processes (grid 1x2) no process boundary cuts k: no pipeline, the loop runs on the devices */
#pragma dvm parallel([k][j][i][m] on rhs[k][j][i][m]) across(rhs[0:1][0:0][0:0][0:0])
        for (k = NZ - 3; k >= 1; k--)
            for (j = 1; j < NY - 1; j++)
                for (i = 1; i < NX - 1; i++)
                    for (m = 0; m < 5; m++)
                        rhs[k][j][i][m] = rhs[k][j][i][m] + AL * rhs[k + 1][j][i][m] / BE;
#pragma dvm parallel([k][j][i][m] on u[k][j][i][m])
        for (k = 1; k < NZ - 1; k++)
            for (j = 1; j < NY - 1; j++)
                for (i = 1; i < NX - 1; i++)
                    for (m = 0; m < 5; m++)
                        u[k][j][i][m] += rhs[k][j][i][m];
    }
}

int main(void)
{
    int it, i, j, k, m;
    double rms[5] = {0, 0, 0, 0, 0}, umax = 0;
    init();
    for (it = 0; it < NITER; it++) {
        compute_rhs();
        x_solve();
        y_solve();
        z_solve();
    }
#pragma dvm actual(rms)
#pragma dvm region
    {
#pragma dvm parallel([k][j][i] on rhs[k][j][i][]) private(m) reduction(sum(rms), max(umax))
        for (k = 1; k < NZ - 1; k++)
            for (j = 1; j < NY - 1; j++)
                for (i = 1; i < NX - 1; i++)
                    for (m = 0; m < 5; m++) {
                        rms[m] += rhs[k][j][i][m] * rhs[k][j][i][m];
                        umax = fmax(umax, fabs(u[k][j][i][m]));
                    }
    }
#pragma dvm get_actual(rms, umax)
    for (m = 0; m < 5; m++)
        printf("rms[%d] = %.6e\n", m, sqrt(rms[m] / ((NZ - 2) * (NY - 2) * (NX - 2))));
    printf("umax = %.6e\n", umax);
    return 0;
}
