/* Array references inside function-like macros, as the DVM system's own
 * examples write them (eps = Max(fabs(s - A[i][j]), eps)): macros that
 * use an argument twice (Max, SQR), nested (Max(SQR(...), ...)),
 * subscripts that are macros themselves (A[N - 1 - i]), in parallel
 * loops (their CUDA handlers edit the argument's text once) and in host
 * code (reads of a distributed array inside a macro, in an
 * owner-computes statement and in one every process runs). */
// TOLERANCE: 1e-9
#include <math.h>
#include <stdio.h>

#define Max(a, b) ((a) > (b) ? (a) : (b))
#define Min(a, b) ((a) < (b) ? (a) : (b))
#define SQR(x) ((x) * (x))
#define N 20
#define ITMAX 6

#pragma dvm array distribute[block][block], shadow[1:1][1:1]
float A[N][N];
double w2[N][N], v2[N][N];

int main(void)
{
    int i, j, it;
    float eps = 0.f, w = 0.5f;
#pragma dvm region out(w2, v2)
    {
#pragma dvm parallel([i][j] on A[i][j])
        for (i = 0; i < N; i++)
            for (j = 0; j < N; j++)
                A[i][j] = (i == 0 || j == 0 || i == N - 1 || j == N - 1) ? 0.f : 1.f + i + j;
#pragma dvm parallel([i][j]) tie(w2[i][j], v2[i][j])
        for (i = 0; i < N; i++)
            for (j = 0; j < N; j++) {
                w2[i][j] = 0;
                v2[i][j] = (i * 3 + j * 5) % 7 - 3;
            }
    }
    for (it = 1; it <= ITMAX; it++) {
        eps = 0.f;
#pragma dvm actual(eps)
#pragma dvm region
        {
#pragma dvm parallel([i][j] on A[i][j]) across(A[1:1][1:1]), reduction(max(eps))
            for (i = 1; i < N - 1; i++)
                for (j = 1; j < N - 1; j++) {
                    float s = A[i][j];
                    A[i][j] = (w / 4) * (A[i - 1][j] + A[i + 1][j] + A[i][j - 1] + A[i][j + 1]) +
                              (1 - w) * A[i][j];
                    eps = Max(fabs(s - A[i][j]), eps);
                }
#pragma dvm parallel([i][j]) tie(w2[i][j])
            for (i = 1; i < N - 1; i++)
                for (j = 1; j < N - 1; j++)
                    w2[i][j] += Min(Max(SQR(v2[i][j]) - it, -4.0), SQR(v2[N - 1 - i][j]) + 0.5);
        }
#pragma dvm get_actual(eps)
        printf("it=%4i   eps=%e\n", it, eps);
    }
    double s = 0, m = 0;
#pragma dvm region
    {
#pragma dvm parallel([i][j] on A[i][j]) reduction(sum(s), max(m))
        for (i = 0; i < N; i++)
            for (j = 0; j < N; j++) {
                s += A[i][j] * (1 + (i * N + j) % 5);
                m = Max(SQR(A[i][j]), m);
            }
    }
#pragma dvm get_actual(w2)
    for (i = 0; i < N; i++)
        for (j = 0; j < N; j++)
            s += w2[i][j] * (1 + (i + 2 * j) % 3);
    /* host reads inside macros: every process runs these */
    for (i = 3; i < N; i += 7)
        m = Max(SQR(A[i][N - 1 - i]), m);
    A[1][1] = Max(A[0][0], A[1][2]) + Min(A[2][1], SQR(A[1][1]));
    printf("checksum %.6e, max square %.6e, corner %.6e, %.6e\n", s, m, (double)A[1][1],
           (double)Max(A[N / 2][N / 2], A[1][1]));
    return 0;
}
