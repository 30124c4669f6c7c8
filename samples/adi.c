/* ADI: alternating-direction sweeps, each a loop with a dependency
 * (across) along one dimension of a 3-D array. */
#include <math.h>
#include <stdio.h>

#define NX 24
#define NY 20
#define NZ 18
#define ITMAX 5
// TOLERANCE: 1e-9

#pragma dvm array distribute[block][block][block]
double A[NX][NY][NZ];

int main(void)
{
    int it, i, j, k;
    double eps, sum = 0;
#pragma dvm parallel([i][j][k] on A[i][j][k])
    for (i = 0; i < NX; i++)
        for (j = 0; j < NY; j++)
            for (k = 0; k < NZ; k++)
                A[i][j][k] = (i == 0 || j == 0 || k == 0 || i == NX - 1 || j == NY - 1 || k == NZ - 1)
                                 ? 10.0 * i / (NX - 1) + 10.0 * j / (NY - 1) + 10.0 * k / (NZ - 1)
                                 : 0.0;
    for (it = 1; it <= ITMAX; it++) {
        eps = 0;
#pragma dvm parallel([i][j][k] on A[i][j][k]) across(A[1:1][0:0][0:0])
        for (i = 1; i < NX - 1; i++)
            for (j = 1; j < NY - 1; j++)
                for (k = 1; k < NZ - 1; k++)
                    A[i][j][k] = (A[i - 1][j][k] + A[i + 1][j][k]) / 2;
#pragma dvm parallel([i][j][k] on A[i][j][k]) across(A[0:0][1:1][0:0])
        for (i = 1; i < NX - 1; i++)
            for (j = 1; j < NY - 1; j++)
                for (k = 1; k < NZ - 1; k++)
                    A[i][j][k] = (A[i][j - 1][k] + A[i][j + 1][k]) / 2;
#pragma dvm parallel([i][j][k] on A[i][j][k]) across(A[0:0][0:0][1:1]) reduction(max(eps))
        for (i = 1; i < NX - 1; i++)
            for (j = 1; j < NY - 1; j++)
                for (k = 1; k < NZ - 1; k++) {
                    double t = (A[i][j][k - 1] + A[i][j][k + 1]) / 2;
                    eps = fmax(eps, fabs(A[i][j][k] - t));
                    A[i][j][k] = t;
                }
        printf("it=%2d eps=%.10e\n", it, eps);
    }
#pragma dvm parallel([i][j][k] on A[i][j][k]) reduction(sum(sum))
    for (i = 0; i < NX; i++)
        for (j = 0; j < NY; j++)
            for (k = 0; k < NZ; k++)
                sum += A[i][j][k];
    printf("sum=%.10e\n", sum);
    return 0;
}
