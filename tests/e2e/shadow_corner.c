/* Shadow edges with different widths per side, renewal of a part of the
 * edges, and corner elements for a nine-point stencil. */
#include <stdio.h>

#define N 23
#define M 17
// TOLERANCE: 1e-11

#pragma dvm array distribute[block][block], shadow[1:2][1]
double A[N][M];
#pragma dvm array align([i][j] with A[i][j])
double B[N][M];

int main(void)
{
    int i, j, it;
    double s = 0, t = 0;
#pragma dvm parallel([i][j] on A[i][j])
    for (i = 0; i < N; i++)
        for (j = 0; j < M; j++) {
            A[i][j] = (i * 13 + j * 7) % 11;
            B[i][j] = 0;
        }
    for (it = 0; it < 3; it++) {
        /* Nine points: the diagonal neighbours need the corners. */
#pragma dvm parallel([i][j] on B[i][j]) shadow_renew(A(corner))
        for (i = 1; i < N - 1; i++)
            for (j = 1; j < M - 1; j++)
                B[i][j] = (A[i - 1][j - 1] + A[i - 1][j] + A[i - 1][j + 1] + A[i][j - 1] +
                           A[i][j + 1] + A[i + 1][j - 1] + A[i + 1][j] + A[i + 1][j + 1]) / 8;
#pragma dvm parallel([i][j] on A[i][j])
        for (i = 1; i < N - 1; i++)
            for (j = 1; j < M - 1; j++)
                A[i][j] = B[i][j];
    }
    /* Only the high edge of width 2 in the first dimension is used. */
#pragma dvm parallel([i][j] on B[i][j]) shadow_renew(A[0:2][0:0])
    for (i = 0; i < N - 2; i++)
        for (j = 0; j < M; j++)
            B[i][j] = A[i + 2][j] - A[i + 1][j];
#pragma dvm parallel([i][j] on B[i][j]) reduction(sum(s), sum(t))
    for (i = 0; i < N; i++)
        for (j = 0; j < M; j++) {
            s += B[i][j] * (i + 2 * j + 1);
            t += A[i][j];
        }
    printf("s=%.10e t=%.10e\n", s, t);
    return 0;
}
