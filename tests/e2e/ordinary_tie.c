/* The style of automatically parallelized programs: nothing distributed,
 * ordinary static and malloc'd arrays in regions, parallel loops without
 * 'on', 'tie', actuality directives, casts and VLA pointer types. */
#include <stdio.h>
#include <stdlib.h>

#define N 30
// TOLERANCE: 1e-12

static double a[N][N];

static double total(int n, double (*m)[n])
{
    double s = 0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            s += m[i][j];
    return s;
}

int main(void)
{
    int i, j, n = N;
    double *flat = malloc(sizeof(double) * N * N);
    double (*b)[n] = (double (*)[n])flat;
    double s = 0;
#pragma dvm region out(a, flat[0:N*N-1])
    {
#pragma dvm parallel([i][j]) tie(a[i][j], b[i][j])
        for (i = 0; i < N; i++)
            for (j = 0; j < N; j++) {
                a[i][j] = i - j * 0.5;
                b[i][j] = i * j;
            }
    }
#pragma dvm region
    {
#pragma dvm parallel([i][j]) tie(a[i][j], b[i][j]) reduction(sum(s))
        for (i = 1; i < N - 1; i++)
            for (j = 1; j < N - 1; j++) {
                b[i][j] += a[i - 1][j] + a[i + 1][j];
                s += b[i][j];
            }
    }
#pragma dvm get_actual(a, flat[0:N*N-1], s)
    printf("s=%.6f total(b)=%.6f total(a)=%.6f\n", s, total(n, b), total(n, a));
    free(flat);
    return 0;
}
