/* Regions with sequential parts between parallel loops, in/out/inout/local
 * clauses with sections, get_actual/actual with sections, a 4-D
 * distributed array, private variables, intervals, downward loops and
 * steps. v and w are ordinary (replicated) arrays. */
#include <stdio.h>

#define N 8
// TOLERANCE: 1e-12

#pragma dvm array distribute[block][block][][]
double Q[N][N][3][2];
double v[N];
double w[N];

int main(void)
{
    int i, j, k, l;
    double t, s = 0, q = 0;
#pragma dvm interval(1)
    {
#pragma dvm region out(Q) inout(v[0:N-1]) local(w)
        {
#pragma dvm parallel([i][j][k][l] on Q[i][j][k][l]) private(t)
            for (i = 0; i < N; i++)
                for (j = 0; j < N; j++)
                    for (k = 0; k < 3; k++)
                        for (l = 0; l < 2; l++) {
                            t = i + 0.5 * j;
                            Q[i][j][k][l] = t * (k + 1) - l;
                        }
            /* sequential part of the region */
            v[0] = 100;
            w[1] = 1;
#pragma dvm parallel([i]) tie(v[i])
            for (i = N - 1; i > 0; i--)
                v[i] = i * i * 0.5 + w[1];
        }
    }
#pragma dvm get_actual(v[0:3])
    printf("v0..3: %.2f %.2f %.2f %.2f\n", v[0], v[1], v[2], v[3]);
    v[5] = -1;
#pragma dvm actual(v[5])
#pragma dvm region in(v)
    {
#pragma dvm parallel([i]) tie(v[i]) reduction(sum(s))
        for (i = 0; i < N; i += 2)
            s += v[i] + v[i + 1];
    }
#pragma dvm parallel([i][j][k][l] on Q[i][j][k][l]) reduction(sum(q))
    for (i = N - 1; i >= 0; i--)
        for (j = 0; j < N; j += 3)
            for (k = 2; k >= 0; k--)
                for (l = 0; l < 2; l++)
                    q += Q[i][j][k][l] * (l + 1);
#pragma dvm get_actual(s)
    printf("s=%.4f q=%.4f\n", s, q);
    return 0;
}
