/* Converter (SAPFOR) style on the heap: a 3-D array from malloc passed to
 * functions as a pointer to 2-D rows, loops outside regions that tie it
 * (tie(A[i][][]) and tie(A[i][j][k])), an across sweep, the interior
 * written (A[1..n-2] in every dimension, so each touched row of the
 * array is a separate piece of memory), and get_actual/actual around
 * the host's reads and writes between the sweeps. With accelerators the
 * runtime tracks the array's rows per device: this program has thousands
 * of them per sweep, and checks that the results and the bookkeeping
 * stay right (and quick: the suite's timeout). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define NX 40
#define NY 36
#define NZ 34
#define STEPS 6
// TOLERANCE: 1e-10

static void fill(double (*A)[NY][NZ])
{
    int i, j, k;
#pragma dvm parallel([i]) tie(A[i][][]) private(j, k)
    for (i = 0; i < NX; i++)
        for (j = 0; j < NY; j++)
            for (k = 0; k < NZ; k++)
                A[i][j][k] = (i == 0 || j == 0 || k == 0 || i == NX - 1 || j == NY - 1 ||
                              k == NZ - 1)
                                 ? 0.5 * i + 0.25 * j + 0.125 * k
                                 : 0.0;
}

static double sweep(double (*A)[NY][NZ])
{
    int i, j, k;
    double change = 0;
#pragma dvm parallel([i][j][k]) tie(A[i][j][k]) across(A[1:1][0:0][0:0])
    for (i = 1; i < NX - 1; i++)
        for (j = 1; j < NY - 1; j++)
            for (k = 1; k < NZ - 1; k++)
                A[i][j][k] = (A[i - 1][j][k] + A[i + 1][j][k]) / 2;
#pragma dvm parallel([i]) tie(A[i][][]) private(j, k)
    for (i = 1; i < NX - 1; i++)
        for (j = 1; j < NY - 1; j++)
            for (k = 1; k < NZ - 1; k++)
                A[i][j][k] = (A[i][j - 1][k] + A[i][j + 1][k]) / 2;
#pragma dvm parallel([i]) tie(A[i][][]) private(j, k) reduction(max(change))
    for (i = 1; i < NX - 1; i++)
        for (j = 1; j < NY - 1; j++)
            for (k = 1; k < NZ - 1; k++) {
                double m = (A[i][j][k - 1] + A[i][j][k + 1]) / 2;
                change = fmax(change, fabs(A[i][j][k] - m));
                A[i][j][k] = m;
            }
    return change;
}

int main(void)
{
    double (*A)[NY][NZ] = malloc(sizeof(double) * NX * NY * NZ);
    double change = 0, sum = 0;
    int s, i, j, k;
    if (!A)
        return 1;
    fill(A);
    for (s = 0; s < STEPS; s++) {
        change = sweep(A);
#pragma dvm get_actual(A[NX / 2][NY / 2][NZ / 2])
        printf("step %d change %.10e middle %.10e\n", s, change, A[NX / 2][NY / 2][NZ / 2]);
        if (s == 2) {
            /* the host changes one plane between sweeps */
#pragma dvm get_actual(A)
            for (j = 1; j < NY - 1; j++)
                for (k = 1; k < NZ - 1; k++)
                    A[NX / 3][j][k] += 1.0;
#pragma dvm actual(A)
        }
    }
#pragma dvm get_actual(A)
    for (i = 0; i < NX; i++)
        for (j = 0; j < NY; j++)
            for (k = 0; k < NZ; k++)
                sum += A[i][j][k] * (1 + (i + 2 * j + 3 * k) % 5);
    printf("sum %.10e\n", sum);
    free(A);
    return 0;
}
