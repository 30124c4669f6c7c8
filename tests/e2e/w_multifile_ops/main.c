#include <stdio.h>
#include <math.h>
#include "grid.h"

void *GT;
double U[N][M], V[N][M];
double coef[M];

int main(void)
{
    int i, j, it;
    double mx = 0;
    for (j = 0; j < M; j++)
        coef[j] = 0.05 + 0.01 * (j % 4);
#pragma dvm region out(U, V)
    {
#pragma dvm parallel([i][j] on U[i][j])
        for (i = 0; i < N; i++)
            for (j = 0; j < M; j++) {
                U[i][j] = ((i * 5 + j * 3) % 13) * 0.5;
                V[i][j] = 0;
            }
    }
    for (it = 0; it < 5; it++) {
        smooth(U, V);
        if (it % 2) {
            coef[it] *= 1.5;  /* the host changes ordinary data between regions: */
#pragma dvm actual(coef[it])
        }
    }
#pragma dvm region
    {
#pragma dvm parallel([i][j] on V[i][j]) reduction(max(mx))
        for (i = 1; i < N - 1; i++)
            for (j = 1; j < M - 1; j++)
                mx = fmax(mx, fabs(V[i][j] - flux(U[i][j], 1.0)));
    }
#pragma dvm get_actual(mx, U[3][4])
    printf("norm %.10e max %.10e U[3][4] %.10f\n", norm2(U), mx, U[3][4]);
    return 0;
}
