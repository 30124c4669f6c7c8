/* array_copy(DST = SRC) as the DVM system means it: the whole of
 * distributed array SRC is copied into DST, element by element, whatever
 * the two distributions are. Style: an alternating-direction line solver
 * that keeps the field twice, distributed by rows (sweeps along j are
 * local) and by columns (sweeps along i are local), and copies between the
 * two between the half-steps instead of using across. array_copy is an
 * executable directive (the DVM system keeps it even in its sequential
 * output), so the plain C build does the copy with memcpy under #ifndef
 * _DVMH. */
#include <stdio.h>
#include <string.h>

#define N 32
#define STEPS 4
// TOLERANCE: 1e-9

#pragma dvm array distribute[block][]
double R[N][N];
#pragma dvm array distribute[][block]
double C[N][N];
#pragma dvm array distribute[block][block], shadow[2][2]
double W[N][N];

int main(void)
{
    int i, j, t;
    double s = 0, d = 0;
#pragma dvm region out(R)
    {
#pragma dvm parallel([i][j] on R[i][j])
        for (i = 0; i < N; i++)
            for (j = 0; j < N; j++)
                R[i][j] = (double)((i * 11 + j * 7) % 23) / 23;
    }
    for (t = 0; t < STEPS; t++) {
        /* implicit-like sweep along j: each row is local in R */
#pragma dvm region
        {
#pragma dvm parallel([i] on R[i][]) private(j)
            for (i = 0; i < N; i++) {
                for (j = 1; j < N; j++)
                    R[i][j] = (R[i][j] + 0.5 * R[i][j - 1]) / 1.5;
                for (j = N - 2; j >= 0; j--)
                    R[i][j] = (R[i][j] + 0.5 * R[i][j + 1]) / 1.5;
            }
        }
#ifdef _DVMH
#pragma dvm array_copy(C = R)
#else
    memcpy(C, R, sizeof(C));
#endif
        /* sweep along i: each column is local in C */
#pragma dvm region
        {
#pragma dvm parallel([j] on C[][j]) private(i)
            for (j = 0; j < N; j++) {
                for (i = 1; i < N; i++)
                    C[i][j] = (C[i][j] + 0.5 * C[i - 1][j]) / 1.5;
                for (i = N - 2; i >= 0; i--)
                    C[i][j] = (C[i][j] + 0.5 * C[i + 1][j]) / 1.5;
            }
        }
#ifdef _DVMH
#pragma dvm array_copy(R = C)
#else
    memcpy(R, C, sizeof(R));
#endif
    }
    /* a copy into a block-block array with wider edges, then a stencil */
#ifdef _DVMH
#pragma dvm array_copy(W = R)
#else
    memcpy(W, R, sizeof(W));
#endif
#pragma dvm region
    {
#pragma dvm parallel([i][j] on W[i][j]) shadow_renew(W) reduction(sum(d))
        for (i = 2; i < N - 2; i++)
            for (j = 2; j < N - 2; j++)
                d += W[i][j] - 0.25 * (W[i - 2][j] + W[i + 2][j] + W[i][j - 2] + W[i][j + 2]);
#pragma dvm parallel([i][j] on R[i][j]) reduction(sum(s))
        for (i = 0; i < N; i++)
            for (j = 0; j < N; j++)
                s += R[i][j] * ((i + 3 * j) % 7 + 1);
    }
#pragma dvm get_actual(s, d)
    printf("checksum %.6e  stencil %.6e\n", s, d);
    return 0;
}
