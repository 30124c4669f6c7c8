#include "grid.h"

double flux(double x, double y)
{
    return 0.5 * (x - y) * (x > y ? 1.0 : 0.75);
}

#pragma dvm inherit(a, b)
void smooth(double (*a)[M], double (*b)[M])
{
    int i, j;
#pragma dvm region
    {
#pragma dvm parallel([i][j] on b[i][j]) shadow_renew(a)
        for (i = 1; i < N - 1; i++)
            for (j = 1; j < M - 1; j++)
                b[i][j] = a[i][j] + coef[j] * (flux(a[i - 1][j], a[i][j]) + flux(a[i + 1][j], a[i][j]) +
                                               flux(a[i][j - 1], a[i][j]) + flux(a[i][j + 1], a[i][j]));
#pragma dvm parallel([i][j] on a[i][j])
        for (i = 1; i < N - 1; i++)
            for (j = 1; j < M - 1; j++)
                a[i][j] = b[i][j];
    }
}

#pragma dvm inherit(a)
double norm2(double (*a)[M])
{
    int i, j;
    double s = 0;
#pragma dvm region
    {
#pragma dvm parallel([i][j] on a[i][j]) reduction(sum(s))
        for (i = 0; i < N; i++)
            for (j = 0; j < M; j++)
                s += a[i][j] * a[i][j];
    }
#pragma dvm get_actual(s)
    return s;
}
