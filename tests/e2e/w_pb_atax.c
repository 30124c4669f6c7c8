/* PolyBench atax (y := A^T (A x)) in C-DVMH: A distributed by rows, tmp
 * aligned with A's rows, x an ordinary array read by every row, and y an
 * ordinary array accumulated by all rows: an array reduction
 * reduction(sum(y)) of a loop on A's rows. */
#include <stdio.h>

#define M 76
#define N 64
// TOLERANCE: 1e-9

#pragma dvm array distribute[block][]
double A[M][N];
#pragma dvm array align([i] with A[i][])
double tmp[M];
double x[N], y[N];

int main(void)
{
    int i, j;
    double fn = (double)N, ysum = 0;
    long big = 0;

    for (i = 0; i < N; i++)
        x[i] = 1 + (i / fn);
#pragma dvm region out(A)
    {
#pragma dvm parallel([i][j] on A[i][j])
        for (i = 0; i < M; i++)
            for (j = 0; j < N; j++)
                A[i][j] = (double)((i + j) % N) / (5 * M);
    }

    for (i = 0; i < N; i++)
        y[i] = 0;
#pragma dvm actual(y)
#pragma dvm region in(A, x) out(tmp) inout(y)
    {
#pragma dvm parallel([i] on A[i][]) private(j) reduction(sum(y))
        for (i = 0; i < M; i++) {
            tmp[i] = 0.0;
            for (j = 0; j < N; j++)
                tmp[i] = tmp[i] + A[i][j] * x[j];
            for (j = 0; j < N; j++)
                y[j] = y[j] + A[i][j] * tmp[i];
        }
    }
#pragma dvm get_actual(y)
    for (j = 0; j < N; j++) {
        ysum += y[j] * (j % 7 + 1);
        if (y[j] > 1.0)
            big++;
    }
    printf("y[0] %.6e y[N-1] %.6e\n", y[0], y[N - 1]);
    printf("weighted %.6e above-one %ld\n", ysum, big);
    return 0;
}
