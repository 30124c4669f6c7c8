/* Device code across files: parallel loops call functions defined in other
 * files of the program (shapes.c, chain_a.c, chain_b.c), declared in
 * headers; their CUDA handlers are relocatable device code that the
 * runtime links with the other files' device code. One chain of calls
 * goes main.c -> chain_a.c -> chain_b.c -> chain_a.c; norm3 takes a
 * pointer to the loop's private array. tally_loop.c's loop calls a
 * function whose body cannot run on a GPU (tally.c reads a global
 * variable): that file's device code cannot be completed, its loop runs on
 * the host. */
#include <stdio.h>

#include "chain.h"
#include "shapes.h"
#include "tally.h"

#define N 48
#define M 20
// TOLERANCE: 1e-12

#pragma dvm array distribute[block][*]
double u[N][M];
#pragma dvm array align([i][j] with u[i][j])
int steps[N][M];
#pragma dvm array align([i] with u[i][])
double w[N];

int main(void)
{
    int i, j;
    long long hops = 0;
    double far = -1.0;
#pragma dvm region
    {
#pragma dvm parallel([i][j] on u[i][j])
        for (i = 0; i < N; i++)
            for (j = 0; j < M; j++)
                u[i][j] = shade(i * 0.5 - 3.0, j * 0.25);
#pragma dvm parallel([i][j] on steps[i][j]) reduction(sum(hops))
        for (i = 0; i < N; i++)
            for (j = 0; j < M; j++) {
                steps[i][j] = chain_first((unsigned)(i * M + j + 1));
                hops += steps[i][j];
            }
#pragma dvm parallel([i] on w[i]) reduction(max(far))
        for (i = 0; i < N; i++) {
            double p[3];
            p[0] = i;
            p[1] = u[i][1] * 0.5;
            p[2] = steps[i][M - 1];
            w[i] = norm3(p);
            if (w[i] > far)
                far = w[i];
        }
    }
    double su = 0, sw = 0;
    long long ss = 0;
    /* weighted checksums */
#pragma dvm region
    {
#pragma dvm parallel([i][j] on u[i][j]) reduction(sum(su), sum(ss))
        for (i = 0; i < N; i++)
            for (j = 0; j < M; j++) {
                su += u[i][j] * (1 + (i * M + j) % 13);
                ss += (long long)steps[i][j] * (1 + (i + 3 * j) % 5);
            }
#pragma dvm parallel([i] on w[i]) reduction(sum(sw))
        for (i = 0; i < N; i++)
            sw += w[i] * (i + 1);
    }
    printf("u %.10f\nsteps %lld hops %lld\nw %.10f far %.10f\n", su, ss, hops, sw, far);
    printf("tally %.10f\n", tally_total());
    return 0;
}
