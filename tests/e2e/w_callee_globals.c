/* Functions called in parallel loops that read file-scope arrays
 * themselves (a laplacian helper, a coefficient table, a helper calling
 * another), as students write them: the loop runs on the host with those
 * arrays actual there, whole (the runtime cannot see which elements the
 * function reads). They used to read stale or missing values with
 * accelerators and with several processes. */
#include <stdio.h>

#define N 48
#define M 12

double u[N], r[N];
double g2[N][M], h2[N][M];
double coef[3] = {0.25, -0.5, 0.25};

static double weight(int i) { return coef[i % 3] + 1.0; }

static double lap(int i) { return u[i - 1] - 2 * u[i] + u[i + 1]; }

static double smooth(int i, int j)
{
    double s = g2[i][j] * weight(j);
    if (i > 0)
        s += g2[i - 1][j];
    if (i < N - 1)
        s += g2[i + 1][j];
    return s / 3;
}

int main(void)
{
    int i, j, it;
    double s = 0;
#pragma dvm region
    {
#pragma dvm parallel([i]) tie(u[i])
        for (i = 0; i < N; i++)
            u[i] = (i * 7) % 11;
#pragma dvm parallel([i][j]) tie(g2[i][j])
        for (i = 0; i < N; i++)
            for (j = 0; j < M; j++)
                g2[i][j] = (i * 3 + j * 5) % 13;
    }
    for (it = 0; it < 3; it++) {
#pragma dvm region
        {
/* GPU-ALONE-HOST: lap reads u itself */
#pragma dvm parallel([i]) tie(r[i])
            for (i = 1; i < N - 1; i++)
                r[i] = lap(i) * weight(i);
#pragma dvm parallel([i]) tie(u[i], r[i])
            for (i = 1; i < N - 1; i++)
                u[i] += r[i] * 0.1;
/* GPU-ALONE-HOST: smooth reads g2 and coef itself */
#pragma dvm parallel([i][j]) tie(h2[i][j])
            for (i = 0; i < N; i++)
                for (j = 0; j < M; j++)
                    h2[i][j] = smooth(i, j);
#pragma dvm parallel([i][j]) tie(g2[i][j], h2[i][j])
            for (i = 0; i < N; i++)
                for (j = 0; j < M; j++)
                    g2[i][j] = h2[i][j] + it;
        }
    }
#pragma dvm get_actual(u, g2)
    for (i = 0; i < N; i++) {
        s += u[i] * (i % 5 + 1);
        for (j = 0; j < M; j++)
            s += g2[i][j] * ((i + j) % 3 + 1);
    }
    printf("checksum %.9e\n", s);
    return 0;
}
