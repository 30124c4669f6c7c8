/* A student's FDTD-2D (TE mode, Yee grid): global field arrays Ex, Ey, Hz
 * of different shapes ((NX+1) x NY, NX x (NY+1), NX x NY) aligned with one
 * (NX+1) x (NY+1) template, one-sided shadow widths, a point source whose
 * amplitude the host computes each step (region in(src)), and the field
 * energy as a sum reduction every few steps. */
#include <math.h>
#include <stdio.h>

#define NX 40
#define NY 36
#define STEPS 12
// TOLERANCE: 1e-9

#pragma dvm template[NX + 1][NY + 1] distribute[block][block]
void *grid;
#pragma dvm array align([i][j] with grid[i][j]), shadow[1][1]
double Hz[NX][NY];
#pragma dvm array align([i][j] with grid[i][j]), shadow[0:1][0:0]
double Ex[NX + 1][NY];
#pragma dvm array align([i][j] with grid[i][j]), shadow[0:0][0:1]
double Ey[NX][NY + 1];

int main(void)
{
    int i, j, t;
    double energy, src;
    const double ce = 0.5, ch = 0.7;
#pragma dvm region out(Ex, Ey, Hz)
    {
#pragma dvm parallel([i][j] on Ex[i][j])
        for (i = 0; i < NX + 1; i++)
            for (j = 0; j < NY; j++)
                Ex[i][j] = 0;
#pragma dvm parallel([i][j] on Ey[i][j])
        for (i = 0; i < NX; i++)
            for (j = 0; j < NY + 1; j++)
                Ey[i][j] = 0;
#pragma dvm parallel([i][j] on Hz[i][j])
        for (i = 0; i < NX; i++)
            for (j = 0; j < NY; j++)
                Hz[i][j] = 0;
    }
    for (t = 0; t < STEPS; t++) {
        src = sin(0.3 * t) * exp(-0.05 * (t - 8) * (t - 8));
#pragma dvm region in(src)
        {
#pragma dvm parallel([i][j] on Hz[i][j]) shadow_renew(Ex, Ey)
            for (i = 0; i < NX; i++)
                for (j = 0; j < NY; j++) {
                    Hz[i][j] = Hz[i][j] - ch * (Ey[i][j + 1] - Ey[i][j] - Ex[i + 1][j] + Ex[i][j]);
                    if (i == NX / 3 && j == NY / 2)
                        Hz[i][j] += src;
                }
#pragma dvm parallel([i][j] on Ex[i][j]) shadow_renew(Hz)
            for (i = 1; i < NX; i++)
                for (j = 0; j < NY; j++)
                    Ex[i][j] = Ex[i][j] + ce * (Hz[i][j] - Hz[i - 1][j]);
#pragma dvm parallel([i][j] on Ey[i][j]) shadow_renew(Hz)
            for (i = 0; i < NX; i++)
                for (j = 1; j < NY; j++)
                    Ey[i][j] = Ey[i][j] - ce * (Hz[i][j] - Hz[i][j - 1]);
        }
        if (t % 4 == 3) {
            energy = 0;
#pragma dvm actual(energy)
#pragma dvm region
            {
#pragma dvm parallel([i][j] on Hz[i][j]) reduction(sum(energy))
                for (i = 0; i < NX; i++)
                    for (j = 0; j < NY; j++)
                        energy += Hz[i][j] * Hz[i][j] + Ex[i][j] * Ex[i][j] + Ey[i][j] * Ey[i][j];
            }
#pragma dvm get_actual(energy)
            printf("t=%2d energy=%.6e\n", t, energy);
        }
    }
#pragma dvm get_actual(Hz)
#pragma dvm remote_access(Hz[NX / 3][NY / 2], Hz[NX / 2][NY / 3])
    {
        printf("Hz at the source %.6e, elsewhere %.6e\n", Hz[NX / 3][NY / 2], Hz[NX / 2][NY / 3]);
    }
    return 0;
}
