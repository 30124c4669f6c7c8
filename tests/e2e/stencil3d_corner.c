/* A 27-point stencil in 3-D: shadow edges with corners in every dimension
 * (edges and vertices of the neighbours' blocks), and a 3-D across loop
 * with dependencies in all three dimensions. Uneven sizes. */
#include <stdio.h>

#define NX 13
#define NY 11
#define NZ 9
// TOLERANCE: 1e-11

#pragma dvm array distribute[block][block][block]
double A[NX][NY][NZ];
#pragma dvm array align([i][j][k] with A[i][j][k])
double B[NX][NY][NZ];

static double checksum(void)
{
    int i, j, k;
    double s = 0;
#pragma dvm parallel([i][j][k] on B[i][j][k]) reduction(sum(s))
    for (i = 0; i < NX; i++)
        for (j = 0; j < NY; j++)
            for (k = 0; k < NZ; k++)
                s += B[i][j][k] * ((i + 2 * j + 3 * k) % 5 + 1);
    return s;
}

int main(void)
{
    int i, j, k;
#pragma dvm parallel([i][j][k] on A[i][j][k])
    for (i = 0; i < NX; i++)
        for (j = 0; j < NY; j++)
            for (k = 0; k < NZ; k++) {
                A[i][j][k] = (i * 7 + j * 5 + k * 3) % 13;
                B[i][j][k] = 0;
            }
#pragma dvm parallel([i][j][k] on B[i][j][k]) shadow_renew(A(corner))
    for (i = 1; i < NX - 1; i++)
        for (j = 1; j < NY - 1; j++)
            for (k = 1; k < NZ - 1; k++) {
                double s = 0;
                for (int di = -1; di <= 1; di++)
                    for (int dj = -1; dj <= 1; dj++)
                        for (int dk = -1; dk <= 1; dk++)
                            s += A[i + di][j + dj][k + dk] * (1 + di + 2 * dj + 3 * dk + 6);
                B[i][j][k] = s / 27;
            }
    printf("27-point %.10e\n", checksum());
    /* Gauss-Seidel in 3-D: new values from below, old from above */
#pragma dvm parallel([i][j][k] on B[i][j][k]) across(B[1:1][1:1][1:1])
    for (i = 1; i < NX - 1; i++)
        for (j = 1; j < NY - 1; j++)
            for (k = 1; k < NZ - 1; k++)
                B[i][j][k] = (B[i - 1][j][k] + B[i + 1][j][k] + B[i][j - 1][k] + B[i][j + 1][k] +
                              B[i][j][k - 1] + B[i][j][k + 1]) / 6.5;
    printf("across 3-D %.10e\n", checksum());
    return 0;
}
