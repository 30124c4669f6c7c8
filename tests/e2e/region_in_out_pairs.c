/* A region that names one variable in both an 'in' and an 'out' clause (the
 * way SAPFOR writes every region) needs its values at entry, exactly like
 * 'inout': in either order, for ordinary data read and written by a tied
 * loop with across, for a distributed array updated in place with a max
 * reduction, and for a section named 'in' inside an array named 'out'. */
#include <stdio.h>

#define N 14
// TOLERANCE: 1e-9

double G[N][N];
#pragma dvm array distribute[block]
double D[N];
#pragma dvm array align([i] with D[i])
double E[N];

int main(void)
{
    int i, j;
    double s = 0, mx = -1;
    for (i = 0; i < N; i++)
        for (j = 0; j < N; j++)
            G[i][j] = (i * 3 + j) % 5;
#pragma dvm actual(G)
#pragma dvm region in(G) out(G)
    {
#pragma dvm parallel([i][j]) tie(G[i][j]) across(G[2:0][0:0])
        for (i = 2; i < N; i++)
            for (j = 0; j < N - 1; j++)
                G[i][j] = G[i - 2][j + 1] + G[i][j];
    }
#pragma dvm region out(G) in(G)
    {
#pragma dvm parallel([i][j]) tie(G[i][j])
        for (i = 0; i < N; i++)
            for (j = 0; j < N; j++)
                G[i][j] = G[i][j] * 0.5 + i - j;
    }
#pragma dvm get_actual(G)
    for (i = 0; i < N; i++)
        for (j = 0; j < N; j++)
            s += G[i][j] * (i + 2 * j + 1);
    printf("ordinary s=%.3f\n", s);

#pragma dvm region out(D, E)
    {
#pragma dvm parallel([i] on D[i])
        for (i = 0; i < N; i++) {
            D[i] = (i * 7) % 11;
            E[i] = i;
        }
    }
#pragma dvm region in(D, mx) out(D, mx)
    {
#pragma dvm parallel([i] on D[i]) reduction(max(mx))
        for (i = 0; i < N; i++) {
            D[i] = D[i] + 1;
            if (D[i] > mx)
                mx = D[i];
        }
    }
#pragma dvm region out(E) in(E[2:9])
    {
#pragma dvm parallel([i] on E[i])
        for (i = 2; i < 10; i++)
            E[i] = E[i] * 3 + D[i];
    }
    s = 0;
#pragma dvm actual(s)
#pragma dvm region
    {
#pragma dvm parallel([i] on D[i]) reduction(sum(s))
        for (i = 0; i < N; i++)
            s += D[i] * (i + 1) + E[i] * (2 * i + 3);
    }
#pragma dvm get_actual(mx, s)
    printf("distributed max=%.1f s=%.1f\n", mx, s);
    return 0;
}
