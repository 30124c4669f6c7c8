/* Functions called in parallel loops that read distributed arrays
 * themselves (a laplacian of a global array, a flux helper reading two
 * arrays with different alignments), as DVM users write them: the reads
 * are of the process's local part and shadow edges, as in the loop
 * itself (the loop renews the shadow edges it needs). They were refused
 * as "not supported yet". */
// TOLERANCE: 1e-12
#include <stdio.h>

#define N 40
#define M 18

#pragma dvm array distribute[block], shadow[1:1]
double u[N];
#pragma dvm array align([i] with u[i])
double r[N];
#pragma dvm array distribute[block][block], shadow[1:1][1:1]
double g[N][M];
#pragma dvm array align([i][j] with g[i][j])
double h[N][M];
#pragma dvm array align([i][j] with g[i][j]), shadow[0:1][0:0]
double w[N][M];

static double lap(int i) { return u[i - 1] - 2 * u[i] + u[i + 1]; }

static double center(int i, int j) { return g[i][j]; }

static double cross(int i, int j)
{
    double s = center(i, j) * 4;
    s -= g[i - 1][j] + g[i + 1][j] + g[i][j - 1] + g[i][j + 1];
    return s + w[i + 1][j] * 0.5;
}

int main(void)
{
    int i, j, it;
    double s = 0, t = 0;
#pragma dvm parallel([i] on u[i])
    for (i = 0; i < N; i++) {
        u[i] = (i * 7) % 11;
        r[i] = 0;
    }
#pragma dvm parallel([i][j] on g[i][j])
    for (i = 0; i < N; i++)
        for (j = 0; j < M; j++) {
            g[i][j] = (i * 3 + j * 5) % 13;
            w[i][j] = (i + j) % 4;
            h[i][j] = 0;
        }
    for (it = 0; it < 3; it++) {
#pragma dvm region
        {
/* GPU-ALONE-HOST: lap reads u itself */
#pragma dvm parallel([i] on r[i]) shadow_renew(u)
            for (i = 1; i < N - 1; i++)
                r[i] = lap(i) * 0.25;
#pragma dvm parallel([i] on u[i])
            for (i = 1; i < N - 1; i++)
                u[i] += r[i];
/* GPU-ALONE-HOST: cross reads g and w itself */
#pragma dvm parallel([i][j] on h[i][j]) shadow_renew(g, w)
            for (i = 1; i < N - 1; i++)
                for (j = 1; j < M - 1; j++)
                    h[i][j] = cross(i, j) * 0.125;
#pragma dvm parallel([i][j] on g[i][j])
            for (i = 1; i < N - 1; i++)
                for (j = 1; j < M - 1; j++)
                    g[i][j] -= h[i][j];
        }
    }
#pragma dvm parallel([i] on u[i]) reduction(sum(s))
    for (i = 0; i < N; i++)
        s += u[i] * (i % 5 + 1);
#pragma dvm parallel([i][j] on g[i][j]) reduction(sum(t))
    for (i = 0; i < N; i++)
        for (j = 0; j < M; j++)
            t += g[i][j] * ((i + j) % 3 + 1);
    printf("checksums %.9e %.9e\n", s, t);
    return 0;
}
