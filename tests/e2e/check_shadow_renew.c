/* Check mode (dvmcc -fdvmh-check): a red-black solver whose black
 * half-sweep lacks shadow_renew(A). It reads the red neighbours that the
 * red half-sweep has just written; between processes it would see their
 * old values. The check reports it on every configuration, one process
 * included. */
// E2E: dvmcc-flags -fdvmh-check
// E2E: expect-run-error check_shadow_renew.c:36: error: check: missing shadow_renew: iteration (i=
#include <math.h>
#include <stdio.h>

#define N 24

#pragma dvm array distribute[block][block]
double A[N][N];

int main(void)
{
    int it, i, j;
    double eps = 0, s;
#pragma dvm parallel([i][j] on A[i][j])
    for (i = 0; i < N; i++)
        for (j = 0; j < N; j++)
            A[i][j] = (i == 0 || j == 0 || i == N - 1 || j == N - 1) ? 1.0 : 0.0;
    for (it = 1; it <= 3; it++) {
#pragma dvm parallel([i][j] on A[i][j]) shadow_renew(A) reduction(max(eps)) private(s)
        for (i = 1; i < N - 1; i++)
            for (j = 1 + i % 2; j < N - 1; j += 2) {
                s = (A[i - 1][j] + A[i + 1][j] + A[i][j - 1] + A[i][j + 1]) / 4;
                eps = fmax(eps, fabs(s - A[i][j]));
                A[i][j] = s;
            }
        /* the bug: no shadow_renew(A) */
#pragma dvm parallel([i][j] on A[i][j]) reduction(max(eps)) private(s)
        for (i = 1; i < N - 1; i++)
            for (j = 2 - i % 2; j < N - 1; j += 2) {
                s = (A[i - 1][j] + A[i + 1][j] + A[i][j - 1] + A[i][j + 1]) / 4;
                eps = fmax(eps, fabs(s - A[i][j]));
                A[i][j] = s;
            }
    }
    printf("eps=%.6e\n", eps);
    return 0;
}
