/* Definitions of the template, the distributed arrays and the ordinary
 * data declared in grid.h/params.h, and the initial state. */
#include "grid.h"

#pragma dvm template[N][M] distribute[block][block]
void *GT;
#pragma dvm array align([i][j] with GT[i][j])
double U[N][M];
#pragma dvm array align([i][j] with GT[i][j])
double V[N][M];

double coef[M];
int iters_done;

void init_grid(void)
{
    int i, j;
    for (j = 0; j < M; j++)
        coef[j] = 0.2 + 0.05 * (j % 3);
#pragma dvm actual(coef)
#pragma dvm region out(U, V)
    {
#pragma dvm parallel([i][j] on GT[i][j])
        for (i = 0; i < N; i++)
            for (j = 0; j < M; j++) {
                U[i][j] = source(i, j);
                V[i][j] = 0;
            }
    }
    iters_done = 0;
}
