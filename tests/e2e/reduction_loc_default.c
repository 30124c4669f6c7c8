/* maxloc/minloc with two arguments: without the count the location
 * variable's elements all record the extreme's position (a scalar index,
 * and a two-element array holding both indices of a 2D maximum). */
#include <stdio.h>

#define N 31
#define M 6
// TOLERANCE: 1e-12

#pragma dvm array distribute[block]
double A[N];
#pragma dvm array distribute[block][]
double B[N][M];

int main(void)
{
    int i, j;
    double mx = -1, mn = 100, bx = -1;
    int imx = -1, imn = -1, at[2] = {-1, -1};
#pragma dvm region
    {
#pragma dvm parallel([i] on A[i])
        for (i = 0; i < N; i++)
            A[i] = (i * 7) % 13 + i * 0.01;
#pragma dvm parallel([i][j] on B[i][j])
        for (i = 0; i < N; i++)
            for (j = 0; j < M; j++)
                B[i][j] = (i * 5 + j * 11) % 17 + i * 0.001 + j * 0.0001;
    }
#pragma dvm actual(mx, imx, mn, imn, bx, at)
#pragma dvm region
    {
#pragma dvm parallel([i] on A[i]) reduction(maxloc(mx, imx), minloc(mn, imn))
        for (i = 0; i < N; i++) {
            if (A[i] > mx) {
                mx = A[i];
                imx = i;
            }
            if (A[i] < mn) {
                mn = A[i];
                imn = i;
            }
        }
#pragma dvm parallel([i][j] on B[i][j]) reduction(maxloc(bx, at))
        for (i = 0; i < N; i++)
            for (j = 0; j < M; j++)
                if (B[i][j] > bx) {
                    bx = B[i][j];
                    at[0] = i;
                    at[1] = j;
                }
    }
#pragma dvm get_actual(mx, imx, mn, imn, bx, at)
    printf("max %.2f at %d, min %.2f at %d\n", mx, imx, mn, imn);
    printf("2D max %.4f at %d %d\n", bx, at[0], at[1]);
    return 0;
}
