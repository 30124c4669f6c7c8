/* Successive over-relaxation: a loop with regular dependencies (across),
 * whose parallel execution must keep the sequential order's meaning. */
#include <math.h>
#include <stdio.h>

#define N 64
#define ITMAX 12
// TOLERANCE: 1e-9

#pragma dvm array distribute[block][block]
double A[N][N];

int main(void)
{
    int it, i, j;
    double eps, w = 1.5, s;
#pragma dvm parallel([i][j] on A[i][j])
    for (i = 0; i < N; i++)
        for (j = 0; j < N; j++)
            A[i][j] = (i == j || i == 0 || j == 0 || i == N - 1 || j == N - 1) ? 1.0 + i * 0.5 : 0.0;
    for (it = 1; it <= ITMAX; it++) {
        eps = 0;
#pragma dvm parallel([i][j] on A[i][j]) across(A[1:1][1:1]) reduction(max(eps)) private(s)
        for (i = 1; i < N - 1; i++)
            for (j = 1; j < N - 1; j++) {
                s = w / 4 * (A[i - 1][j] + A[i + 1][j] + A[i][j - 1] + A[i][j + 1]) + (1 - w) * A[i][j];
                eps = fmax(fabs(s - A[i][j]), eps);
                A[i][j] = s;
            }
        printf("it=%3d eps=%.10e\n", it, eps);
    }
    s = 0;
#pragma dvm parallel([i][j] on A[i][j]) reduction(sum(s))
    for (i = 0; i < N; i++)
        for (j = 0; j < N; j++)
            s += A[i][j] * (j + 1);
    printf("checksum %.10e\n", s);
    return 0;
}
