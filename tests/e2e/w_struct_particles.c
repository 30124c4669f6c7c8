/* Particles in a 1-D distributed array of structs: positions updated in a
 * region, a maxloc over speeds, a histogram of cells through a reduction
 * array, and a struct member read on the host afterwards. */
#include <stdio.h>
#include <math.h>

#define N 200
#define CELLS 8

typedef struct {
    double x, v;
    int cell;
} particle;

#pragma dvm array distribute[block]
particle P[N];

#pragma dvm array align([i] with P[i])
double E[N];

int main(void)
{
    int i, step;
    int hist[CELLS];
    double vmax = -1.0;
    int imax = -1;
    double etot = 0;
    for (i = 0; i < CELLS; i++)
        hist[i] = 0;
#pragma dvm region out(P)
    {
#pragma dvm parallel([i] on P[i])
        for (i = 0; i < N; i++) {
            P[i].x = (double)i / N;
            P[i].v = sin(0.1 * i) * (i % 7);
            P[i].cell = 0;
        }
    }
    for (step = 0; step < 5; step++) {
#pragma dvm region
        {
#pragma dvm parallel([i] on P[i])
            for (i = 0; i < N; i++) {
                double nx = P[i].x + 0.01 * P[i].v;
                if (nx < 0) nx += 1;
                if (nx >= 1) nx -= 1;
                P[i].x = nx;
                P[i].cell = (int)(nx * CELLS);
                E[i] = 0.5 * P[i].v * P[i].v;
            }
        }
    }
#pragma dvm region
    {
#pragma dvm parallel([i] on P[i]) reduction(maxloc(vmax, imax), sum(etot), sum(hist))
        for (i = 0; i < N; i++) {
            double s = fabs(P[i].v);
            if (s > vmax) {
                vmax = s;
                imax = i;
            }
            etot += E[i];
            hist[P[i].cell] += 1;
        }
    }
#pragma dvm get_actual(vmax, imax, etot, hist)
    printf("vmax %.6f at %d, energy %.6f\n", vmax, imax, etot);
    for (i = 0; i < CELLS; i++)
        printf("cell %d: %d\n", i, hist[i]);
#pragma dvm get_actual(P[imax])
    printf("particle %d: x %.6f cell %d\n", imax, P[imax].x, P[imax].cell);
    return 0;
}
