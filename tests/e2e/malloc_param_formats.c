/* Distributed arrays created by malloc with distribution formats that
 * take parameters (genblock, wgtblock, multblock): malloc distributes
 * them with the parameters the directive gave (found by a hunt: the run
 * stopped at malloc with "genblock: no block sizes", on one process as
 * on several). The sizes are read at malloc, after the program set them
 * for the number of processes. */
#include <stdio.h>
#include <stdlib.h>
#ifdef _DVMH
#include <dvmh.h>
#endif
#define N 10
int sizes[8];
double wts[2] = {1.0, 3.0};
#pragma dvm array distribute[genblock(sizes)]
double *G;
#pragma dvm array distribute[wgtblock(wts, 2)]
double *W;
#pragma dvm array distribute[multblock(2)]
double *M;
int main(void)
{
    int i;
    double s = 0;
    int p = 1, k;
#ifdef _DVMH
    p = dvmh_process_count();
#endif
    for (k = 0; k < p; k++)
        sizes[k] = k == p - 1 ? N - 2 * (p - 1) : 2; /* 2 each, the rest last */
    G = malloc(N * sizeof(double));
    W = malloc(N * sizeof(double));
    M = malloc(N * sizeof(double));
#pragma dvm parallel([i] on G[i])
    for (i = 0; i < N; i++)
        G[i] = i;
#pragma dvm parallel([i] on W[i])
    for (i = 0; i < N; i++)
        W[i] = 2 * i;
#pragma dvm parallel([i] on M[i])
    for (i = 0; i < N; i++)
        M[i] = 3 * i;
#pragma dvm parallel([i] on G[i]) reduction(sum(s))
    for (i = 0; i < N; i++)
        s += G[i] * (i + 1);
#pragma dvm parallel([i] on W[i]) reduction(sum(s))
    for (i = 0; i < N; i++)
        s += W[i] * (i + 2);
#pragma dvm parallel([i] on M[i]) reduction(sum(s))
    for (i = 0; i < N; i++)
        s += M[i] * (i + 3);
    printf("%.1f\n", s);
    free(G);
    free(W);
    free(M);
    return 0;
}
