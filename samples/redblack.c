/* Red-black SOR: two half-sweeps with steps of 2 in the inner loop. */
#include <math.h>
#include <stdio.h>

#define N 50
#define ITMAX 8
// TOLERANCE: 1e-9

#pragma dvm array distribute[block][block]
double A[N][N];

int main(void)
{
    int it, i, j;
    double eps, s, w = 1.25, sum = 0;
#pragma dvm parallel([i][j] on A[i][j])
    for (i = 0; i < N; i++)
        for (j = 0; j < N; j++)
            A[i][j] = (i == 0 || j == 0 || i == N - 1 || j == N - 1) ? 1.0 : (double)((i * 7 + j * 3) % 11) / 10.;
    for (it = 1; it <= ITMAX; it++) {
        eps = 0;
        /* red: i + j even */
#pragma dvm parallel([i][j] on A[i][j]) shadow_renew(A) reduction(max(eps)) private(s)
        for (i = 1; i < N - 1; i++)
            for (j = 1 + i % 2; j < N - 1; j += 2) {
                s = w / 4 * (A[i - 1][j] + A[i + 1][j] + A[i][j - 1] + A[i][j + 1]) + (1 - w) * A[i][j];
                eps = fmax(eps, fabs(s - A[i][j]));
                A[i][j] = s;
            }
        /* black: i + j odd */
#pragma dvm parallel([i][j] on A[i][j]) shadow_renew(A) reduction(max(eps)) private(s)
        for (i = 1; i < N - 1; i++)
            for (j = 2 - i % 2; j < N - 1; j += 2) {
                s = w / 4 * (A[i - 1][j] + A[i + 1][j] + A[i][j - 1] + A[i][j + 1]) + (1 - w) * A[i][j];
                eps = fmax(eps, fabs(s - A[i][j]));
                A[i][j] = s;
            }
        printf("it=%2d eps=%.10e\n", it, eps);
    }
#pragma dvm parallel([i][j] on A[i][j]) reduction(sum(sum))
    for (i = 0; i < N; i++)
        for (j = 0; j < N; j++)
            sum += A[i][j];
    printf("sum=%.10e\n", sum);
    return 0;
}
