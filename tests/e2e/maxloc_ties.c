/* maxloc/minloc with tied extremes: the sequential loop keeps the first
 * one it meets (row-major order here), however the iterations are spread.
 * A block distribution over both dimensions gives rank 0 rows 0-5 of
 * columns 0-4 and rank 1 rows 0-5 of columns 5-9: rank 0's tie at (4, 1)
 * comes after rank 1's at (1, 8). On a GPU the blocks of threads split the
 * rows of the wide array (600 columns), so a later block may hold the
 * first tie. Scalar, two-element and long locations. */
#include <stdio.h>

#define N 12
#define M 10
#define GN 64
#define GM 600

#pragma dvm array distribute[block][block]
int A[N][M];
#pragma dvm array distribute[block][block]
double G[GN][GM];

int main(void)
{
    int i, j, r, checks = 0;
    int mx = -1, mn = 100, at[2] = {-1, -1}, bt[2] = {-1, -1}, im = -1;
    long lmx = -1;
#pragma dvm region
    {
#pragma dvm parallel([i][j] on A[i][j])
        for (i = 0; i < N; i++)
            for (j = 0; j < M; j++)
                A[i][j] = ((i == 4 && j == 1) || (i == 1 && j == 8) || (i == 9 && j == 9)) ? 50
                          : ((i == 5 && j == 0) || (i == 0 && j == 7)) ? 1 : 10 + (i + j) % 3;
    }
#pragma dvm actual(mx, at, mn, bt, im, lmx)
#pragma dvm region
    {
#pragma dvm parallel([i][j] on A[i][j]) reduction(maxloc(mx, at), minloc(mn, bt))
        for (i = 0; i < N; i++)
            for (j = 0; j < M; j++) {
                if (A[i][j] > mx) {
                    mx = A[i][j];
                    at[0] = i;
                    at[1] = j;
                }
                if (A[i][j] < mn) {
                    mn = A[i][j];
                    bt[0] = i;
                    bt[1] = j;
                }
            }
#pragma dvm parallel([i][j] on A[i][j]) reduction(maxloc(lmx, im))
        for (i = 0; i < N; i++)
            for (j = 0; j < M; j++)
                if (A[i][j] > lmx) {
                    lmx = A[i][j];
                    im = i * M + j;
                }
    }
#pragma dvm get_actual(mx, at, mn, bt, im, lmx)
    printf("max %d at %d %d, min %d at %d %d, max %ld at %d\n", mx, at[0], at[1], mn, bt[0], bt[1],
           lmx, im);

    for (r = 0; r < 4; r++) {
        double gx = -1, gn = 100, lx = -1;
        int gat[2] = {-1, -1}, gbt[2] = {-1, -1};
        long lin = -1;
#pragma dvm region
        {
#pragma dvm parallel([i][j] on G[i][j])
            for (i = 0; i < GN; i++)
                for (j = 0; j < GM; j++) {
                    int k = (i * 131 + j * 71 + r * 17) % 97;
                    G[i][j] = k == 5 ? 9.5 : k == 6 ? -4.25 : (double)((i * 7 + j * 3) % 5);
                    if (r == 3 && ((i == 0 && j == 590) || (i == 7 && j == 1) || (i == 40 && j == 2)))
                        G[i][j] = 20;
                    if (r == 3 && ((i == 1 && j == 595) || (i == 9 && j == 0) || (i == 63 && j == 3)))
                        G[i][j] = -30;
                }
        }
#pragma dvm actual(gx, gat, gn, gbt, lin, lx)
#pragma dvm region
        {
#pragma dvm parallel([i][j] on G[i][j]) reduction(maxloc(gx, gat), minloc(gn, gbt))
            for (i = 0; i < GN; i++)
                for (j = 0; j < GM; j++) {
                    if (G[i][j] > gx) {
                        gx = G[i][j];
                        gat[0] = i;
                        gat[1] = j;
                    }
                    if (G[i][j] < gn) {
                        gn = G[i][j];
                        gbt[0] = i;
                        gbt[1] = j;
                    }
                }
#pragma dvm parallel([i][j] on G[i][j]) reduction(maxloc(lx, lin))
            for (i = 0; i < GN; i++)
                for (j = 0; j < GM; j++)
                    if (G[i][j] > lx) {
                        lx = G[i][j];
                        lin = (long)i * GM + j;
                    }
        }
#pragma dvm get_actual(gx, gat, gn, gbt, lin, lx)
        printf("round %d: max %g at %d %d, min %g at %d %d, max %g at %ld\n", r, gx, gat[0], gat[1],
               gn, gbt[0], gbt[1], lx, lin);
        checks += gat[0] + gbt[1];
    }
    return checks % 7;
}
