/* A 2-D grid of struct cells (two fields) on a block x block distribution:
 * a five-point stencil over both fields with shadow_renew, a remote read
 * of a corner cell each step, and a sum and max reduction; the fields of
 * a cell are read on the host at the end. */
#include <stdio.h>

#define NX 40
#define NY 30
#define STEPS 6

typedef struct {
    float u;
    double w;
} cell;

#pragma dvm array distribute[block][block], shadow[1:1][1:1]
cell G[NX][NY];
#pragma dvm array align([i][j] with G[i][j])
cell H[NX][NY];

int main(void)
{
    int i, j, s;
    double sum = 0, big = 0, corner = 0;
#pragma dvm region out(G, H)
    {
#pragma dvm parallel([i][j] on G[i][j])
        for (i = 0; i < NX; i++)
            for (j = 0; j < NY; j++) {
                G[i][j].u = (float)((i * 7 + j * 3) % 11);
                G[i][j].w = (i + 1) * 0.5 - j * 0.25;
                H[i][j] = G[i][j];
            }
    }
    for (s = 0; s < STEPS; s++) {
#pragma dvm region
        {
#pragma dvm parallel([i][j] on H[i][j]) shadow_renew(G)
            for (i = 1; i < NX - 1; i++)
                for (j = 1; j < NY - 1; j++) {
                    H[i][j].u = 0.25f * (G[i - 1][j].u + G[i + 1][j].u + G[i][j - 1].u + G[i][j + 1].u);
                    H[i][j].w = 0.2 * (G[i][j].w + G[i - 1][j].w + G[i + 1][j].w + G[i][j - 1].w +
                                       G[i][j + 1].w);
                }
#pragma dvm parallel([i][j] on G[i][j]) remote_access(H[NX - 2][NY - 2])
            for (i = 1; i < NX - 1; i++)
                for (j = 1; j < NY - 1; j++) {
                    G[i][j].u = H[i][j].u;
                    G[i][j].w = H[i][j].w + 0.001 * H[NX - 2][NY - 2].w;
                }
        }
    }
#pragma dvm region
    {
#pragma dvm parallel([i][j] on G[i][j]) reduction(sum(sum), max(big))
        for (i = 0; i < NX; i++)
            for (j = 0; j < NY; j++) {
                sum += G[i][j].u + G[i][j].w;
                if (G[i][j].w > big)
                    big = G[i][j].w;
            }
    }
#pragma dvm get_actual(sum, big, G[1][1])
    corner = G[1][1].w;
    printf("sum %.6e max %.6e corner %.6e u %.4f\n", sum, big, corner, G[1][1].u);
    return 0;
}
