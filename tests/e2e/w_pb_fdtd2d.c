/* PolyBench fdtd-2d in C-DVMH: ex, ey, hz aligned on one template, the
 * source row _fict_ an ordinary array, three loops per time step with the
 * shadow edges each one reads (hz for ey and ex, ex and ey for hz); the
 * boundary row assignment is its own parallel loop on the template. */
#include <stdio.h>

#define TMAX 12
#define NX 40
#define NY 48
// TOLERANCE: 1e-9

#pragma dvm template[NX][NY] distribute[block][block]
void *TF;
#pragma dvm array align([i][j] with TF[i][j])
double ex[NX][NY];
#pragma dvm array align([i][j] with TF[i][j])
double ey[NX][NY];
#pragma dvm array align([i][j] with TF[i][j])
double hz[NX][NY];
double _fict_[TMAX];

int main(void)
{
    int t, i, j;
    double sx = 0, sy = 0, sh = 0;
    for (i = 0; i < TMAX; i++)
        _fict_[i] = (double)i;
#pragma dvm region out(ex, ey, hz)
    {
#pragma dvm parallel([i][j] on TF[i][j])
        for (i = 0; i < NX; i++)
            for (j = 0; j < NY; j++) {
                ex[i][j] = ((double)i * (j + 1)) / NX;
                ey[i][j] = ((double)i * (j + 2)) / NY;
                hz[i][j] = ((double)i * (j + 3)) / NX;
            }
    }
    for (t = 0; t < TMAX; t++) {
#pragma dvm region in(_fict_)
        {
#pragma dvm parallel([j] on ey[0][j])
            for (j = 0; j < NY; j++)
                ey[0][j] = _fict_[t];
#pragma dvm parallel([i][j] on ey[i][j]) shadow_renew(hz)
            for (i = 1; i < NX; i++)
                for (j = 0; j < NY; j++)
                    ey[i][j] = ey[i][j] - 0.5 * (hz[i][j] - hz[i - 1][j]);
#pragma dvm parallel([i][j] on ex[i][j]) shadow_renew(hz)
            for (i = 0; i < NX; i++)
                for (j = 1; j < NY; j++)
                    ex[i][j] = ex[i][j] - 0.5 * (hz[i][j] - hz[i][j - 1]);
#pragma dvm parallel([i][j] on hz[i][j]) shadow_renew(ex, ey)
            for (i = 0; i < NX - 1; i++)
                for (j = 0; j < NY - 1; j++)
                    hz[i][j] = hz[i][j] - 0.7 * (ex[i][j + 1] - ex[i][j] + ey[i + 1][j] - ey[i][j]);
        }
    }
#pragma dvm region
    {
#pragma dvm parallel([i][j] on TF[i][j]) reduction(sum(sx), sum(sy), sum(sh))
        for (i = 0; i < NX; i++)
            for (j = 0; j < NY; j++) {
                sx += ex[i][j] * (1 + (i + j) % 3);
                sy += ey[i][j] * (1 + (i + j) % 4);
                sh += hz[i][j] * (1 + (i + j) % 5);
            }
    }
#pragma dvm get_actual(sx, sy, sh)
    printf("ex %.6e ey %.6e hz %.6e\n", sx, sy, sh);
    return 0;
}
