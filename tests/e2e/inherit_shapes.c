/* inherit with other parameter shapes: a 1-D array passed as double *, a
 * 3-D malloc'd array passed as double (*)[NY][NZ], the same function
 * called on two arrays with different distributions, a function that
 * writes its inherited array. */
#include <stdio.h>
#include <stdlib.h>

#define NX 9
#define NY 7
#define NZ 5
// TOLERANCE: 1e-12

#pragma dvm array distribute[block]
double P[NX * NY];
#pragma dvm array distribute[*]
double Q[NX * NY];

#pragma dvm inherit(v)
static double dot_index(double *v, int n)
{
    int i;
    double s = 0;
#pragma dvm parallel([i] on v[i]) reduction(sum(s))
    for (i = 0; i < n; i++)
        s += v[i] * (i % 4 + 1);
    return s;
}

#pragma dvm inherit(v)
static void scale(double *v, int n, double f)
{
    int i;
#pragma dvm parallel([i] on v[i])
    for (i = 0; i < n; i++)
        v[i] = v[i] * f + i;
}

#pragma dvm inherit(c)
static double cube_sum(double (*c)[NY][NZ])
{
    int i, j, k;
    double s = 0;
#pragma dvm parallel([i][j][k] on c[i][j][k]) reduction(sum(s))
    for (i = 0; i < NX; i++)
        for (j = 0; j < NY; j++)
            for (k = 0; k < NZ; k++)
                s += c[i][j][k] * (i + 1);
    return s;
}

int main(void)
{
    int i, j, k;
#pragma dvm array distribute[block][block][]
    double (*C)[NY][NZ];
    C = malloc(NX * sizeof(*C));
#pragma dvm parallel([i][j][k] on C[i][j][k])
    for (i = 0; i < NX; i++)
        for (j = 0; j < NY; j++)
            for (k = 0; k < NZ; k++)
                C[i][j][k] = i * 0.5 - j + k * 0.25;
#pragma dvm parallel([i] on P[i])
    for (i = 0; i < NX * NY; i++)
        P[i] = i * 0.125;
#pragma dvm parallel([i] on Q[i])
    for (i = 0; i < NX * NY; i++)
        Q[i] = 1.0 / (i + 1);
    scale(P, NX * NY, 2.0);
    scale(Q, NX * NY, -1.0);
    printf("P %.10e Q %.10e C %.10e\n", dot_index(P, NX * NY), dot_index(Q, NX * NY), cube_sum(C));
    free(C);
    return 0;
}
