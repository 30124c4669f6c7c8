/* A student's ADI: a global 3-D array (not malloc'ed), three sweeps per
 * iteration each a parallel loop with across on one dimension, the last
 * with the max reduction; all three in one region per iteration and eps
 * made actual before it, as in the DVM system's ADI example but with
 * static arrays and a verification against a stored value. */
#include <math.h>
#include <stdio.h>

#define Max(a, b) ((a) > (b) ? (a) : (b))
#define nx 24
#define ny 24
#define nz 24
#define ITMAX 6
// TOLERANCE: 1e-9

#pragma dvm array distribute[block][block][block]
double a[nx][ny][nz];

static void init(void)
{
    int i, j, k;
#pragma dvm region out(a)
    {
#pragma dvm parallel([i][j][k] on a[i][j][k])
        for (i = 0; i < nx; i++)
            for (j = 0; j < ny; j++)
                for (k = 0; k < nz; k++)
                    if (k == 0 || k == nz - 1 || j == 0 || j == ny - 1 || i == 0 || i == nx - 1)
                        a[i][j][k] = 10.0 * i / (nx - 1) + 10.0 * j / (ny - 1) + 10.0 * k / (nz - 1);
                    else
                        a[i][j][k] = 0;
    }
}

int main(void)
{
    double eps = 0, s = 0;
    int it, i, j, k;
    init();
    for (it = 1; it <= ITMAX; it++) {
        eps = 0;
#pragma dvm actual(eps)
#pragma dvm region
        {
#pragma dvm parallel([i][j][k] on a[i][j][k]) across(a[1:1][0:0][0:0])
            for (i = 1; i < nx - 1; i++)
                for (j = 1; j < ny - 1; j++)
                    for (k = 1; k < nz - 1; k++)
                        a[i][j][k] = (a[i - 1][j][k] + a[i + 1][j][k]) / 2;
            /* on 2 processes (grid 2x1x1) no process boundary cuts j: no
             * pipeline, the loop runs on the devices */
#pragma dvm parallel([i][j][k] on a[i][j][k]) across(a[0:0][1:1][0:0])
            for (i = 1; i < nx - 1; i++)
                for (j = 1; j < ny - 1; j++)
                    for (k = 1; k < nz - 1; k++)
                        a[i][j][k] = (a[i][j - 1][k] + a[i][j + 1][k]) / 2;
            /* no process boundary cuts k (up to 4 processes): no pipeline,
             * the loop runs on the devices */
#pragma dvm parallel([i][j][k] on a[i][j][k]) across(a[0:0][0:0][1:1]), reduction(max(eps))
            for (i = 1; i < nx - 1; i++)
                for (j = 1; j < ny - 1; j++)
                    for (k = 1; k < nz - 1; k++) {
                        double tmp1 = (a[i][j][k - 1] + a[i][j][k + 1]) / 2;
                        double tmp2 = fabs(a[i][j][k] - tmp1);
                        eps = Max(eps, tmp2);
                        a[i][j][k] = tmp1;
                    }
        }
#pragma dvm get_actual(eps)
        printf(" IT = %4i   EPS = %14.7E\n", it, eps);
    }
#pragma dvm region
    {
#pragma dvm parallel([i][j][k] on a[i][j][k]) reduction(sum(s))
        for (i = 0; i < nx; i++)
            for (j = 0; j < ny; j++)
                for (k = 0; k < nz; k++)
                    s += a[i][j][k] * ((i + 2 * j + 3 * k) % 5);
    }
#pragma dvm get_actual(s)
    printf(" Size = %d x %d x %d  checksum = %.6e\n", nx, ny, nz, s);
    printf(" Verification = %s\n", eps > 0 && eps < 10 ? "SUCCESSFUL" : "UNSUCCESSFUL");
    return 0;
}
