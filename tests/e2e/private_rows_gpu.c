/* Private 2-D work arrays on the GPU: a loop over cells of a distributed
 * array keeps P[100][5] and Q[100][5] in private(P, Q) and passes their
 * rows to helper functions (fill(P[m], u, m), combine(P[m], Q[m], u)),
 * reading elements of the distributed array; S sums the results. Unlike
 * w_sapfor_private_rows.c (rows of U passed too, which keeps the loop on
 * the host), the loop gets a CUDA handler. */
#include <stdio.h>

#define NC 64
#define NS 100
#define NV 5
// TOLERANCE: 1e-9

#pragma dvm array distribute[block][]
double U[NC][NV];
#pragma dvm array align([i] with U[i][])
double R[NC];

static void fill(double p[NV], double u, int m)
{
    int v;
    for (v = 0; v < NV; v++)
        p[v] = u * (1.0 + 0.01 * m) + v;
}

static double combine(const double p[NV], double q[NV], double u)
{
    int v;
    double s = 0;
    for (v = 0; v < NV; v++) {
        q[v] = p[v] - u;
        s += q[v] * p[v];
    }
    return s;
}

int main(void)
{
    int i, m, v;
    double P[NS][NV], Q[NS][NV];
    double S = 0, maxr = 0;

#pragma dvm region out(U)
    {
#pragma dvm parallel([i][v] on U[i][v])
        for (i = 0; i < NC; i++)
            for (v = 0; v < NV; v++)
                U[i][v] = 0.1 * ((i * 7 + v * 3) % 13);
    }
#pragma dvm actual(S, maxr)
#pragma dvm region in(U) out(R)
    {
#pragma dvm parallel([i] on U[i][]) private(P, Q, m, v) reduction(sum(S), max(maxr))
        for (i = 0; i < NC; i++) {
            R[i] = 0;
            for (m = 0; m < NS; m++)
                fill(P[m], U[i][m % NV], m);
            for (m = 0; m < NS; m++)
                R[i] += combine(P[m], Q[m], U[i][(m + 1) % NV]);
            for (v = 0; v < NV; v++)
                R[i] += 0.001 * Q[NS - 1][v];
            S = S + R[i];
            if (R[i] > maxr)
                maxr = R[i];
        }
    }
#pragma dvm get_actual(S, maxr)
    printf("S = %.6e\n", S);
    printf("max R = %.6e\n", maxr);
    return S > 0 ? 0 : 1;
}
