/* A multi-block program in the common shape: three blocks of different
 * sizes, each solved by a function that creates its own distributed
 * arrays (distributed over the block's processors), runs a few Jacobi
 * sweeps with a reduction, and returns a norm stored per block. */
#include <math.h>
#include <stdio.h>

#define NB 3
// TOLERANCE: 1e-9

#pragma dvm task blocks[NB]

static double solve_block(int b, int n, int sweeps)
{
#pragma dvm array distribute[block][block]
    double U[n][n];
#pragma dvm array align([i][j] with U[i][j])
    double V[n][n];
    int i, j, s;
    double eps = 0, norm = 0;
#pragma dvm region out(U, V)
    {
#pragma dvm parallel([i][j] on U[i][j])
        for (i = 0; i < n; i++)
            for (j = 0; j < n; j++) {
                U[i][j] = (i == 0) ? 1.0 + b : 0.0;
                V[i][j] = U[i][j];
            }
    }
    for (s = 0; s < sweeps; s++) {
        eps = 0;
#pragma dvm actual(eps)
#pragma dvm region
        {
#pragma dvm parallel([i][j] on V[i][j]) shadow_renew(U) reduction(max(eps))
            for (i = 1; i < n - 1; i++)
                for (j = 1; j < n - 1; j++) {
                    V[i][j] = 0.25 * (U[i - 1][j] + U[i + 1][j] + U[i][j - 1] + U[i][j + 1]);
                    eps = fmax(eps, fabs(V[i][j] - U[i][j]));
                }
#pragma dvm parallel([i][j] on U[i][j])
            for (i = 1; i < n - 1; i++)
                for (j = 1; j < n - 1; j++)
                    U[i][j] = V[i][j];
        }
#pragma dvm get_actual(eps)
    }
#pragma dvm region
    {
#pragma dvm parallel([i][j] on U[i][j]) reduction(sum(norm))
        for (i = 0; i < n; i++)
            for (j = 0; j < n; j++)
                norm += U[i][j] * U[i][j];
    }
#pragma dvm get_actual(norm)
    printf("block %d: n=%d last eps %.8e\n", b, n, eps);
    return sqrt(norm);
}

int main(void)
{
    int b, size[NB] = {24, 40, 16};
    double res[NB], total = 0;
    for (b = 0; b < NB; b++) {
#pragma dvm map(blocks[b] weight(size[b] * size[b]) procs(1 : 2))
    }
#pragma dvm task_region(blocks)
    {
#pragma dvm parallel([b] on blocks[b]) reduction(sum(total))
        for (b = 0; b < NB; b++) {
            res[b] = solve_block(b, size[b], 10 + b);
            total += res[b];
        }
    }
    for (b = 0; b < NB; b++)
        printf("res[%d] = %.10f\n", b, res[b]);
    printf("total %.10f\n", total);
    return 0;
}
