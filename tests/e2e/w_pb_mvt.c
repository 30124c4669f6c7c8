/* PolyBench mvt (x1 += A y1; x2 += A^T y2) in C-DVMH: A distributed by
 * rows and x1, x2 aligned with them; the transposed product reads a whole
 * column of A per iteration, fetched with remote_access(A[][i]) in the
 * loop; y1 and y2 are ordinary arrays. */
#include <stdio.h>

#define N 90
// TOLERANCE: 1e-9

#pragma dvm array distribute[block][]
double A[N][N];
#pragma dvm array align([i] with A[i][])
double x1[N];
#pragma dvm array align([i] with A[i][])
double x2[N];
double y_1[N], y_2[N];

int main(void)
{
    int i, j;
    double s1 = 0, s2 = 0;
    for (i = 0; i < N; i++) {
        y_1[i] = (double)((i + 3) % N) / N;
        y_2[i] = (double)((i + 4) % N) / N;
    }
#pragma dvm region out(A, x1, x2) in(y_1, y_2)
    {
#pragma dvm parallel([i][j] on A[i][j])
        for (i = 0; i < N; i++)
            for (j = 0; j < N; j++)
                A[i][j] = (double)(i * j % N) / N;
#pragma dvm parallel([i] on x1[i])
        for (i = 0; i < N; i++) {
            x1[i] = (double)(i % N) / N;
            x2[i] = (double)((i + 1) % N) / N;
        }
    }
#pragma dvm region
    {
#pragma dvm parallel([i] on x1[i]) private(j)
        for (i = 0; i < N; i++)
            for (j = 0; j < N; j++)
                x1[i] = x1[i] + A[i][j] * y_1[j];
#pragma dvm parallel([i] on x2[i]) private(j) remote_access(A[][i])
        for (i = 0; i < N; i++)
            for (j = 0; j < N; j++)
                x2[i] = x2[i] + A[j][i] * y_2[j];
#pragma dvm parallel([i] on x1[i]) reduction(sum(s1), sum(s2))
        for (i = 0; i < N; i++) {
            s1 += x1[i] * (i % 9 + 1);
            s2 += x2[i] * (i % 11 + 1);
        }
    }
#pragma dvm get_actual(s1, s2)
    printf("x1 %.6e x2 %.6e\n", s1, s2);
    return 0;
}
