/* Distribution formats other than block: wgtblock (weights), genblock
 * (block sizes per process, computed from the process count at run time),
 * multblock (blocks in multiples of m), and a local array. */
#include <stdio.h>
#ifdef _DVMH
#include <dvmh.h>
#endif

#define N 50
#define M 24
// TOLERANCE: 1e-12

double weights[6] = {1.0, 3.0, 0.5, 2.0, 2.0, 1.5};

#pragma dvm array distribute[wgtblock(weights, 6)]
double W[N];
#pragma dvm array distribute[multblock(4)][block]
int Mb[M][9];

static int processes(void)
{
#ifdef _DVMH
    return dvmh_process_count();
#else
    return 1;
#endif
}

/* A local distributed array whose block sizes are given per process:
 * uneven on purpose (the first process gets the smallest part). */
static long genblock_sum(void)
{
    int sizes[8], p = processes(), k, rest = N, i;
    long s = 0;
    for (k = 0; k < p; k++) {
        sizes[k] = k == p - 1 ? rest : (N / p) / (k + 1) + 1;
        rest -= sizes[k];
    }
#pragma dvm array distribute[genblock(sizes)]
    int G[N];
#pragma dvm parallel([i] on G[i])
    for (i = 0; i < N; i++)
        G[i] = 3 * i - 7;
#pragma dvm parallel([i] on G[i]) shadow_renew(G) reduction(sum(s))
    for (i = 1; i < N - 1; i++)
        s += G[i] * (G[i - 1] + G[i + 1]);
    return s;
}

int main(void)
{
    int i, j;
    double w = 0;
    long m = 0;
#pragma dvm parallel([i] on W[i])
    for (i = 0; i < N; i++)
        W[i] = i * 0.25 + 1;
#pragma dvm parallel([i] on W[i]) shadow_renew(W) reduction(sum(w))
    for (i = 1; i < N - 1; i++)
        w += W[i] * (W[i + 1] - W[i - 1]);
#pragma dvm parallel([i][j] on Mb[i][j])
    for (i = 0; i < M; i++)
        for (j = 0; j < 9; j++)
            Mb[i][j] = i * 9 + j;
#pragma dvm parallel([i][j] on Mb[i][j]) shadow_renew(Mb) reduction(sum(m))
    for (i = 1; i < M - 1; i++)
        for (j = 0; j < 9; j++)
            m += Mb[i - 1][j] * 2 - Mb[i + 1][j];
    printf("wgtblock %.6f multblock %ld genblock %ld\n", w, m, genblock_sum());
    return 0;
}
