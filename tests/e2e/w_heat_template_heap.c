/* Heat diffusion in the style of the DVM system's course programs: a
 * template, two heap arrays aligned with it (one with a shadow edge), a
 * boundary fixed by loops over single rows and columns, an interval around
 * the time steps, a 2-D maxloc every few steps, and host code reading
 * single elements (its owner's value) and writing one. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define N 61
#define M 47
#define STEPS 13
// TOLERANCE: 1e-10

#pragma dvm template[N][M] distribute[block][block]
void *T;

int main(void)
{
#pragma dvm array align([i][j] with T[i][j]) shadow[1:1][1:1]
    double (*U)[M];
#pragma dvm array align([i][j] with T[i][j])
    double (*V)[M];
    int it, i, j;
    double total = 0, hottest;
    int where[2];

    U = malloc(N * sizeof(*U));
    V = (double (*)[M])malloc(sizeof(double) * N * M);
#pragma dvm region out(U, V)
    {
#pragma dvm parallel([i][j] on U[i][j])
        for (i = 0; i < N; i++)
            for (j = 0; j < M; j++) {
                U[i][j] = ((i * 13 + j * 7) % 17) * 0.25;
                V[i][j] = 0;
            }
#pragma dvm parallel([j] on U[0][j])
        for (j = 0; j < M; j++)
            U[0][j] = 10.0 + j * 0.1; /* the hot top row */
#pragma dvm parallel([i] on U[i][M - 1])
        for (i = 1; i < N; i++)
            U[i][M - 1] = 5.0 - i * 0.05;
    }
    for (it = 0; it < STEPS; it++) {
#pragma dvm interval 7
        {
#pragma dvm region
            {
#pragma dvm parallel([i][j] on V[i][j]) shadow_renew(U)
                for (i = 1; i < N - 1; i++)
                    for (j = 1; j < M - 1; j++)
                        V[i][j] = U[i][j] +
                                  0.2 * (U[i - 1][j] + U[i + 1][j] + U[i][j - 1] + U[i][j + 1] -
                                         4 * U[i][j]);
#pragma dvm parallel([i][j] on U[i][j])
                for (i = 1; i < N - 1; i++)
                    for (j = 1; j < M - 1; j++)
                        U[i][j] = V[i][j];
            }
        }
        if (it % 4 == 3) {
            hottest = -1;
            where[0] = where[1] = -1;
#pragma dvm actual(hottest, where)
#pragma dvm region
            {
#pragma dvm parallel([i][j] on U[i][j]) reduction(maxloc(hottest, where, 2))
                for (i = 1; i < N - 1; i++)
                    for (j = 1; j < M - 1; j++)
                        if (U[i][j] > hottest) {
                            hottest = U[i][j];
                            where[0] = i;
                            where[1] = j;
                        }
            }
#pragma dvm get_actual(hottest, where)
            printf("step %2d: hottest inner %.10f at (%d, %d)\n", it, hottest, where[0], where[1]);
        }
    }
#pragma dvm get_actual(U)
    printf("U[1][1] = %.10f, U[N/2][M/3] = %.10f\n", U[1][1], U[N / 2][M / 3]);
    U[N / 2][M / 3] = -1; /* its owner writes it */
#pragma dvm actual(U)
#pragma dvm region
    {
#pragma dvm parallel([i][j] on U[i][j]) reduction(sum(total))
        for (i = 0; i < N; i++)
            for (j = 0; j < M; j++)
                total += U[i][j] * ((i + 2 * j) % 5 + 1);
    }
#pragma dvm get_actual(total)
    printf("weighted sum %.10f\n", total);
    free(V);
    free(U);
    return total > 0 ? 0 : 3;
}
