/* Regions whose out() lists name whole arrays while their loops write
 * only part of them (the interior, every other row, a triangle), as
 * SAPFOR writes out(b) for a loop over the interior: the elements the
 * region does not write keep the values the host gave them. Also a
 * conditional write, a 'continue' before the write, VLA parameters and an
 * automatic VLA in a function called twice. (Found by a hunt: with
 * accelerators the unwritten elements came back without values.) */
#include <stdio.h>

#define N 22
#define M 16
// TOLERANCE: 1e-9

double a[N][M], b[N][M];

static double interior(int n, int m, double src[n][m], double dst[n][m])
{
    int i, j;
    double t[n][m];
    double s = 0;
    for (i = 0; i < n; i++)
        for (j = 0; j < m; j++)
            t[i][j] = -1;
#pragma dvm actual(t)
#pragma dvm region in(src[0:n-1][]) out(dst[0:n-1][], t)
    {
#pragma dvm parallel([i][j]) tie(src[i][j], dst[i][j], t[i][j])
        for (i = 1; i < n - 1; i++)
            for (j = 1; j < m - 1; j++) {
                dst[i][j] = 0.25 * (src[i - 1][j] + src[i + 1][j] + src[i][j - 1] + src[i][j + 1]);
                t[i][j] = i + j;
            }
    }
#pragma dvm get_actual(t)
    for (i = 0; i < n; i++)
        for (j = 0; j < m; j++)
            s += t[i][j] * (i + j + 1);
    return s;
}

int main(void)
{
    int i, j;
    for (i = 0; i < N; i++)
        for (j = 0; j < M; j++) {
            a[i][j] = (i * 5 + j * 3) % 8;
            b[i][j] = 100 + i - j;
        }
#pragma dvm actual(a, b)
    double t1 = interior(N, M, a, b);
#pragma dvm get_actual(b)
    double s = 0;
    for (i = 0; i < N; i++)
        for (j = 0; j < M; j++)
            s += b[i][j] * (i * M + j + 1);
    printf("t1 %.6f b %.10f\n", t1, s);
    /* every other row, then a triangle, both with out(a) */
#pragma dvm region out(a)
    {
#pragma dvm parallel([i][j]) tie(a[i][j])
        for (i = 0; i < N; i += 2)
            for (j = 0; j < M; j++)
                a[i][j] = -i - j;
    }
#pragma dvm get_actual(a)
    s = 0;
    for (i = 0; i < N; i++)
        for (j = 0; j < M; j++)
            s += a[i][j] * (i * M + j + 1);
    printf("a1 %.10f\n", s);
#pragma dvm region out(a)
    {
#pragma dvm parallel([i][j]) tie(a[i][j])
        for (i = 6; i < N; i++)
            for (j = 0; j <= i - 6; j++)
                a[i][j] = i * 0.5 + j;
    }
#pragma dvm get_actual(a)
    s = 0;
    for (i = 0; i < N; i++)
        for (j = 0; j < M; j++)
            s += a[i][j] * (i * M + j + 1);
    printf("a2 %.10f\n", s);
    /* a conditional write, and a write that 'continue' may skip */
#pragma dvm region out(a, b)
    {
#pragma dvm parallel([i][j]) tie(a[i][j], b[i][j])
        for (i = 0; i < N; i++)
            for (j = 0; j < M; j++) {
                if ((i + j) % 3 == 0)
                    a[i][j] = 7 * i - j;
                if (j % 4 == 1)
                    continue;
                b[i][j] = i - 2 * j;
            }
    }
#pragma dvm get_actual(a, b)
    s = 0;
    for (i = 0; i < N; i++)
        for (j = 0; j < M; j++)
            s += (a[i][j] + 3 * b[i][j]) * (i * M + j + 1);
    printf("a3 %.10f\n", s);
    double t2 = interior(N - 2, M - 3, (double (*)[M - 3])&a[0][0], (double (*)[M - 3])&b[0][0]);
#pragma dvm get_actual(b)
    s = 0;
    for (i = 0; i < N; i++)
        for (j = 0; j < M; j++)
            s += b[i][j] * (i * M + j + 1);
    printf("t2 %.6f b %.10f\n", t2, s);
    return 0;
}
