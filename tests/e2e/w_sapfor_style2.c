/* The style of automatically parallelized programs: no distributed data,
 * regions with in/out/local clauses on ordinary arrays (one on the heap),
 * parallel(N) loops without 'on', tie, a reduction, and host code reading
 * the results between regions. */
#include <stdio.h>
#include <stdlib.h>

#define N 40
#define M 30
// TOLERANCE: 1e-10

double u[N][M], f[N][M];

int main(void)
{
    int i, j, it;
    double *col = malloc(sizeof(double) * M);
    double err = 0;
    for (i = 0; i < N; i++)
        for (j = 0; j < M; j++) {
            u[i][j] = 0;
            f[i][j] = ((i * 3 + j) % 7) * 0.1;
        }
    for (it = 0; it < 15; it++) {
        err = 0;
#pragma dvm actual(err)
#pragma dvm region in(f) inout(u) out(err)
        {
#pragma dvm parallel([i][j]) tie(u[i][j], f[i][j]) reduction(max(err))
            for (i = 1; i < N - 1; i++)
                for (j = 1; j < M - 1; j++) {
                    double v = 0.25 * (f[i][j] + u[i][j] * 3);
                    if (v - u[i][j] > err)
                        err = v - u[i][j];
                    u[i][j] = v;
                }
        }
#pragma dvm get_actual(err)
        if (it % 5 == 4)
            printf("it %d err %.10f\n", it, err);
    }
#pragma dvm region in(u) out(col)
    {
#pragma dvm parallel([j]) tie(col[j])
        for (j = 0; j < M; j++) {
            double s = 0;
            for (int r = 0; r < N; r++)
                s += u[r][j];
            col[j] = s;
        }
    }
#pragma dvm get_actual(col, u)
    printf("col[3] %.10f col[M-2] %.10f u[5][5] %.10f\n", col[3], col[M - 2], u[5][5]);
    free(col);
    return 0;
}
