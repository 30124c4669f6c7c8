/* Owner-computes statements in host code (an assignment to a distributed
 * element, run by its owner alone) that read other arrays after a region
 * left them on accelerators: directly (`A[6] = B[6] + 1`) and through
 * functions of the program (`U[0][j] = edge(j)`, where edge reads V[0][j]
 * of an aligned array). The direct reads used the host's stale copy with
 * accelerators; the function's reads were collective, run by the owner
 * alone (an MPI error on 2 processes). */
#include <stdio.h>

#define N 12
#define M 10

#pragma dvm array distribute[block]
double A[N];
#pragma dvm array align([i] with A[i])
double B[N];
#pragma dvm array distribute[block][block]
int U[N][M];
#pragma dvm array align([i][j] with U[i][j])
int V[N][M];

static double twice(int i) { return B[i] * 2; }

static int edge(int j)
{
    int s = 0;
    for (int k = 0; k < 12; k++) /* more reads than a copy of V takes */
        s += V[0][j] * (k % 3);
    return s + V[0][j];
}

static int corner(int i, int j) { return V[i][j] - U[i][j]; }

int main(void)
{
    long check = 0;
    for (int step = 1; step <= 3; step++) {
#pragma dvm region
        {
#pragma dvm parallel([i] on A[i])
            for (int i = 0; i < N; i++) {
                A[i] = 0;
                B[i] = i * step;
            }
#pragma dvm parallel([i][j] on U[i][j])
            for (int i = 0; i < N; i++)
                for (int j = 0; j < M; j++) {
                    U[i][j] = i - j;
                    V[i][j] = (i + 1) * (j + step);
                }
        }
        A[6] = B[6] + 1;
        A[2] = B[2] * 3 + twice(2);
        A[N - 1] += twice(N - 1) - B[N - 1];
        for (int j = 0; j < M; j++)
            U[0][j] = edge(j);
        for (int i = 1; i < N; i++)
            U[i][M - 1] = corner(i, M - 1) + V[i][M - 1];
#pragma dvm region
        {
#pragma dvm parallel([i][j] on U[i][j]) reduction(sum(check))
            for (int i = 0; i < N; i++)
                for (int j = 0; j < M; j++)
                    check += U[i][j] * (i + 2 * j + 1);
#pragma dvm parallel([i] on A[i]) reduction(sum(check))
            for (int i = 0; i < N; i++)
                check += (long)A[i] * step;
        }
        printf("step %d: %.1f %.1f %.1f %d %d %ld\n", step, A[6], A[2], A[N - 1], U[0][3],
               U[5][M - 1], check);
    }
    return 0;
}
