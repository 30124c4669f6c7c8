/* Check mode (dvmcc -fdvmh-check): a loop reads the diagonal neighbour
 * A[i + 1][j - 1] after shadow_renew(A) without (corner). On a 2x2 grid the
 * corner of the shadow edge is stale and the sum wrong. The check reports
 * it on every configuration (it used to say nothing). */
// E2E: dvmcc-flags -fdvmh-check
// E2E: expect-run-error missing corner: iteration
#include <stdio.h>
#define N 8
#define M 8
#pragma dvm array distribute[block][block]
double A[N][M];
#pragma dvm array align([i][j] with A[i][j])
double B[N][M];
int main(void)
{
    int i, j;
    double s = 0;
#pragma dvm parallel([i][j] on A[i][j])
    for (i = 0; i < N; i++)
        for (j = 0; j < M; j++) {
            A[i][j] = i * M + j;
            B[i][j] = 0;
        }
#pragma dvm parallel([i][j] on B[i][j]) shadow_renew(A)
    for (i = 0; i < N - 1; i++)
        for (j = 1; j < M; j++)
            B[i][j] = A[i + 1][j - 1];
#pragma dvm parallel([i][j] on B[i][j]) reduction(sum(s))
    for (i = 0; i < N; i++)
        for (j = 0; j < M; j++)
            s += B[i][j] * (i * M + j + 1);
    printf("%.1f\n", s);
    return 0;
}
