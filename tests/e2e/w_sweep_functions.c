/* Gauss-Seidel sweeps done by a function that takes the distributed
 * array as a variable-length array parameter (inherit; refused as "not an
 * array or a pointer" before), once with an explicit pipeline stage and
 * once without; a red-black style update in a second function; the
 * residual as a max reduction. Called on two arrays of different shapes. */
#include <stdio.h>
#include <math.h>

#define N1 33
#define M1 27
#define N2 20
#define M2 45

#pragma dvm inherit(a)
static void sweep(int n, int m, double a[n][m], int staged)
{
    int i, j;
    if (staged) {
#pragma dvm region
        {
#pragma dvm parallel([i][j] on a[i][j]) across(a[1:1][1:1]) stage(4)
            for (i = 1; i < n - 1; i++)
                for (j = 1; j < m - 1; j++)
                    a[i][j] = (a[i - 1][j] + a[i + 1][j] + a[i][j - 1] + a[i][j + 1]) * 0.25;
        }
    } else {
#pragma dvm region
        {
#pragma dvm parallel([i][j] on a[i][j]) across(a[1:1][1:1])
            for (i = 1; i < n - 1; i++)
                for (j = 1; j < m - 1; j++)
                    a[i][j] = (a[i - 1][j] + a[i + 1][j] + a[i][j - 1] + a[i][j + 1]) * 0.25;
        }
    }
}

#pragma dvm inherit(a)
static double relax(int n, int m, double a[n][m], int colour)
{
    int i, j;
    double r = 0;
#pragma dvm region
    {
#pragma dvm parallel([i][j] on a[i][j]) shadow_renew(a) reduction(max(r))
        for (i = 1; i < n - 1; i++)
            for (j = 1; j < m - 1; j++)
                if ((i + j) % 2 == colour) {
                    double nv = 0.25 * (a[i - 1][j] + a[i + 1][j] + a[i][j - 1] + a[i][j + 1]);
                    r = fmax(r, fabs(nv - a[i][j]));
                    a[i][j] = nv;
                }
    }
#pragma dvm get_actual(r)
    return r;
}

#pragma dvm array distribute[block][block], shadow[1:1][1:1]
double A[N1][M1];
#pragma dvm array distribute[block][]
double B[N2][M2];

#pragma dvm inherit(a)
static void fill(int n, int m, double a[n][m])
{
    int i, j;
#pragma dvm region out(a)
    {
#pragma dvm parallel([i][j] on a[i][j])
        for (i = 0; i < n; i++)
            for (j = 0; j < m; j++)
                a[i][j] = (i == 0 || j == 0) ? 1.0 : ((i * 13 + j * 5) % 17) * 0.1;
    }
}

int main(void)
{
    int k;
    fill(N1, M1, A);
    fill(N2, M2, B);
    for (k = 0; k < 3; k++) {
        sweep(N1, M1, A, k % 2);
        sweep(N2, M2, B, (k + 1) % 2);
    }
    double r1 = relax(N1, M1, A, 0) + relax(N1, M1, A, 1);
    double r2 = relax(N2, M2, B, 1) + relax(N2, M2, B, 0);
#pragma dvm get_actual(A, B)
    printf("A[5][7] %.10f A[%d][%d] %.10f r1 %.8f\n", A[5][7], N1 - 2, M1 - 2, A[N1 - 2][M1 - 2], r1);
    printf("B[3][40] %.10f B[%d][%d] %.10f r2 %.8f\n", B[3][40], N2 - 2, M2 - 2, B[N2 - 2][M2 - 2], r2);
    return 0;
}
