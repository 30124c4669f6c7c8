/* The nest-depth form of parallel: parallel(2) reduction(max(eps)),
 * parallel(3) private(m), parallel(1) with a sum, on ordinary (not
 * distributed) global arrays inside regions; the loop variables come from
 * the for headers, some declared in them. Style: what an automatic
 * parallelizer emits for a small 3-D smoothing code. */
#include <math.h>
#include <stdio.h>

#define NX 18
#define NY 14
#define NZ 10
#define ITMAX 6
// TOLERANCE: 1e-9

double u[NX][NY][NZ], v[NX][NY][NZ];
double plane[NX][NY];
double line[NX];

int main(void)
{
    double eps = 0, total = 0;
    int it, m;
    long marks = 0;

#pragma dvm actual(u, v, plane, line)
#pragma dvm region
    {
#pragma dvm parallel(3) private(m)
        for (int i = 0; i < NX; i++)
            for (int j = 0; j < NY; j++)
                for (int k = 0; k < NZ; k++) {
                    m = (i * 7 + j * 3 + k) % 11;
                    u[i][j][k] = m * 0.25;
                    v[i][j][k] = 0;
                }
    }
    for (it = 0; it < ITMAX; it++) {
#pragma dvm region
        {
#pragma dvm parallel(3)
            for (int i = 1; i < NX - 1; i++)
                for (int j = 1; j < NY - 1; j++)
                    for (int k = 1; k < NZ - 1; k++)
                        v[i][j][k] = (u[i - 1][j][k] + u[i + 1][j][k] + u[i][j - 1][k] +
                                      u[i][j + 1][k] + u[i][j][k - 1] + u[i][j][k + 1]) / 6.0;
            eps = 0;
#pragma dvm parallel(2) reduction(max(eps))
            for (int i = 1; i < NX - 1; i++)
                for (int j = 1; j < NY - 1; j++)
                    for (int k = 1; k < NZ - 1; k++) {
                        eps = fmax(eps, fabs(v[i][j][k] - u[i][j][k]));
                        u[i][j][k] = v[i][j][k];
                    }
        }
#pragma dvm get_actual(eps)
        printf("it %d eps %.8e\n", it, eps);
    }
    int i, j, k;
#pragma dvm region
    {
#pragma dvm parallel(2) private(k)
        for (i = 0; i < NX; i++)
            for (j = 0; j < NY; j++) {
                plane[i][j] = 0;
                for (k = 0; k < NZ; k++)
                    plane[i][j] += u[i][j][k] * (k + 1);
            }
#pragma dvm parallel(1) private(j) reduction(sum(total), sum(marks))
        for (i = 0; i < NX; i++) {
            line[i] = 0;
            for (j = 0; j < NY; j++) {
                line[i] += plane[i][j];
                if (plane[i][j] > 20.0)
                    marks += i + j;
            }
            total += line[i] * (i + 1);
        }
    }
#pragma dvm get_actual(line, total, marks)
    printf("line[0] %.6e line[NX/2] %.6e line[NX-1] %.6e\n", line[0], line[NX / 2], line[NX - 1]);
    printf("total %.6e marks %ld\n", total, marks);
    return 0;
}
