/* An across loop pipelined between processes (the rows divided, the
 * stages along the columns): without stage(...) the stage is chosen from
 * the first run's measurements (DVMH_STATS reports it, above 1), with
 * stage(5) every run uses 5; the results equal the sequential program's
 * (run_dvmh.py --oracle). */
#include <stdio.h>

#define N 200
#define M 160
#define ITMAX 4

#pragma dvm array distribute[block][]
double A[N][M];

int main(void)
{
    int it, i, j;
    double sum = 0;
#pragma dvm parallel([i][j] on A[i][j])
    for (i = 0; i < N; i++)
        for (j = 0; j < M; j++)
            A[i][j] = (i * 7 + j * 3) % 11;
    for (it = 0; it < ITMAX; it++) {
#pragma dvm parallel([i][j] on A[i][j]) across(A[1:1][1:1])
        for (i = 1; i < N - 1; i++)
            for (j = 1; j < M - 1; j++)
                A[i][j] = (A[i - 1][j] + A[i + 1][j] + A[i][j - 1] + A[i][j + 1]) * 0.25;
#pragma dvm parallel([i][j] on A[i][j]) across(A[1:0][0:0]) stage(5)
        for (i = 1; i < N; i++)
            for (j = 0; j < M; j++)
                A[i][j] = 0.5 * (A[i][j] + A[i - 1][j]);
    }
#pragma dvm parallel([i][j] on A[i][j]) reduction(sum(sum))
    for (i = 0; i < N; i++)
        for (j = 0; j < M; j++)
            sum += A[i][j] * ((i + 2 * j) % 5);
    printf("sum=%.10e\n", sum);
    return 0;
}
