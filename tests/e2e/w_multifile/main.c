/* A program of several files, as course projects and ports are organised:
 * params.h (sizes and extern ordinary data) and grid.h (extern distributed
 * arrays with "#pragma dvm array", function prototypes) included by all
 * files; the template, the arrays and the ordinary data defined in grid.c;
 * a parallel loop calling a function from another file (source() in
 * physics.c); stats.h defining a template, an aligned array and a static
 * ordinary array, included by stats.c alone; main.c using the extern
 * arrays in its own region. */
#include <stdio.h>
#include "grid.h"
// TOLERANCE: 1e-9

int main(void)
{
    int it, i, j;
    double eps = 0, total = 0;
    init_grid();
    for (it = 0; it < ITMAX; it++) {
        eps = relax(it);
        if (it % 2 == 1)
            printf("it %d eps %.6e\n", it, eps);
    }
#pragma dvm region
    {
#pragma dvm parallel([i][j] on U[i][j]) reduction(sum(total))
        for (i = 0; i < N; i++)
            for (j = 0; j < M; j++)
                total += U[i][j] * ((i + j) % 6 + 1);
    }
#pragma dvm get_actual(total)
    printf("iterations %d total %.6e rowmax %.6e\n", iters_done, total, row_maxima());
    return iters_done == ITMAX ? 0 : 1;
}
