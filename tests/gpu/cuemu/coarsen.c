/* Loops of three dimensions and more without reductions get a _kernel4,
 * whose threads each run 4 consecutive iterations along z (the outer
 * dimensions); the runtime picks it where the grid covers the loop and a
 * quarter of its threads still fills the GPU twice (CUEMU_SMS=1: 4096
 * threads). A stencil whose z count (41) is no multiple of 4, a loop of
 * four dimensions (z folds two: 6 x 7), a loop with too few iterations
 * along z (7) and one with too few threads: output against plain C's; the
 * launch log (CUEMU_LAUNCH_LOG=-) names the kernels that ran. */
#include <stdio.h>

#define NI 43
#define NJ 20
#define NK 36

#pragma dvm array distribute[block][block][block], shadow[1:1][1:1][1:1]
double A[NI][NJ][NK];
#pragma dvm array align([i][j][k] with A[i][j][k])
double B[NI][NJ][NK];
#pragma dvm array distribute[block][block][][]
int Q[6][7][40][30];
#pragma dvm array distribute[block][block][block]
float S[7][64][64];

int main(void)
{
    int i, j, k, l, it;
    double sum = 0;
    long qs = 0;
    double ss = 0;
#pragma dvm region out(A, B)
    {
#pragma dvm parallel([i][j][k] on A[i][j][k])
        for (i = 0; i < NI; i++)
            for (j = 0; j < NJ; j++)
                for (k = 0; k < NK; k++) {
                    A[i][j][k] = (i * 7 + j * 3 + k) % 11;
                    B[i][j][k] = 0;
                }
    }
    for (it = 0; it < 3; it++) {
#pragma dvm region
        {
#pragma dvm parallel([i][j][k] on B[i][j][k]) shadow_renew(A)
            for (i = 1; i < NI - 1; i++)
                for (j = 1; j < NJ - 1; j++)
                    for (k = 1; k < NK - 1; k++)
                        B[i][j][k] = (A[i - 1][j][k] + A[i + 1][j][k] + A[i][j - 1][k] + A[i][j + 1][k] +
                                      A[i][j][k - 1] + A[i][j][k + 1]) / 6.0;
#pragma dvm parallel([i][j][k] on A[i][j][k])
            for (i = 1; i < NI - 1; i++)
                for (j = 1; j < NJ - 1; j++)
                    for (k = 1; k < NK - 1; k++)
                        A[i][j][k] = B[i][j][k] + (i == j ? 1 : 0);
        }
    }
#pragma dvm region out(Q, S)
    {
#pragma dvm parallel([i][j][k][l] on Q[i][j][k][l])
        for (i = 0; i < 6; i++)
            for (j = 0; j < 7; j++)
                for (k = 0; k < 40; k++)
                    for (l = 0; l < 30; l++)
                        Q[i][j][k][l] = i * 1000 + j * 100 + k * 7 + l;
#pragma dvm parallel([i][j][k] on S[i][j][k])
        for (i = 0; i < 7; i++)
            for (j = 0; j < 64; j++)
                for (k = 0; k < 64; k++)
                    S[i][j][k] = i + j * 0.5f + k * 0.25f;
    }
#pragma dvm region
    {
#pragma dvm parallel([i][j][k] on A[i][j][k])
        for (i = 0; i < 16; i++)
            for (j = 0; j < 2; j++)
                for (k = 0; k < 4; k++)
                    A[i][j][k] += 0.5 * k;
    }
#pragma dvm get_actual(A, Q, S)
    for (i = 0; i < NI; i++)
        for (j = 0; j < NJ; j++)
            for (k = 0; k < NK; k++)
                sum += A[i][j][k] * ((i + j + k) % 5 + 1);
    for (i = 0; i < 6; i++)
        for (j = 0; j < 7; j++)
            for (k = 0; k < 40; k++)
                for (l = 0; l < 30; l++)
                    qs += (long)Q[i][j][k][l] * ((k + l) % 3 + 1);
    for (i = 0; i < 7; i++)
        for (j = 0; j < 64; j++)
            for (k = 0; k < 64; k++)
                ss += S[i][j][k];
    printf("sum %.6f qs %ld ss %.2f\n", sum, qs, ss);
    return 0;
}
