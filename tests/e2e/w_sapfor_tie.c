/* Converter (SAPFOR) style: nothing distributed; global ordinary arrays,
 * every loop nest in its own region with in/out lists, parallel loops
 * without "on" that tie the arrays they touch (parallel([i][j])
 * tie(a[i][j], b[i][j])), reductions, a dependent loop with across on an
 * ordinary array, and actual/get_actual around the host's I/O and the
 * host's own updates, as the converter emits them; host loops step with
 * i = i + 1, parallel loops with i++ (the DVM system's canonical form). */
#include <math.h>
#include <stdio.h>

#define N 48
#define M 40
#define ITER 5
// TOLERANCE: 1e-9

double a[N][M], b[N][M], c[N][M];
double rowsum[N];
double coef[M];

int main(void)
{
    int i, j, it;
    double maxv, total;

    for (j = 0; j < M; j++)
        coef[j] = 1.0 / (j + 1);
#pragma dvm actual(coef)

#pragma dvm region out(a, b)
    {
#pragma dvm parallel([i][j]) tie(a[i][j], b[i][j])
        for (i = 0; i < N; i++)
            for (j = 0; j < M; j++) {
                a[i][j] = (i * 3 + j * 5) % 17;
                b[i][j] = 0;
            }
    }
    for (it = 0; it < ITER; it = it + 1) {
#pragma dvm region in(a, coef) out(b)
        {
#pragma dvm parallel([i][j]) tie(a[i][j], b[i][j], coef[j])
            for (i = 1; i < N - 1; i++)
                for (j = 1; j < M - 1; j++)
                    b[i][j] = (a[i - 1][j] + a[i + 1][j] + a[i][j - 1] + a[i][j + 1]) * 0.25 * coef[j] + a[i][j] * (1 - coef[j]);
        }
#pragma dvm region in(b) inout(a)
        {
#pragma dvm parallel([i][j]) tie(a[i][j], b[i][j])
            for (i = 1; i < N - 1; i++)
                for (j = 1; j < M - 1; j++)
                    a[i][j] = b[i][j];
        }
        /* the host changes one element between regions */
#pragma dvm get_actual(a[N / 2][M / 2])
        a[N / 2][M / 2] = a[N / 2][M / 2] + 1.0;
#pragma dvm actual(a[N / 2][M / 2])
    }
    maxv = 0;
    total = 0;
#pragma dvm actual(maxv, total)
#pragma dvm region in(a) out(c, rowsum)
    {
#pragma dvm parallel([i][j]) tie(a[i][j], c[i][j]) reduction(max(maxv))
        for (i = 0; i < N; i++)
            for (j = 0; j < M; j++) {
                c[i][j] = a[i][j] * a[i][j];
                if (c[i][j] > maxv)
                    maxv = c[i][j];
            }
#pragma dvm parallel([i]) tie(rowsum[i], c[i][]) private(j) reduction(sum(total))
        for (i = 0; i < N; i++) {
            rowsum[i] = 0;
            for (j = 0; j < M; j = j + 1)
                rowsum[i] = rowsum[i] + c[i][j];
            total = total + rowsum[i] * (i % 3 + 1);
        }
    }
    /* a prefix sum: each row needs the previous one */
#pragma dvm region inout(rowsum)
    {
#pragma dvm parallel([i]) tie(rowsum[i]) across(rowsum[1:0])
        for (i = 1; i < N; i++)
            rowsum[i] = rowsum[i] + rowsum[i - 1] * 0.5;
    }
#pragma dvm get_actual(maxv, total, rowsum)
    printf("max %.6e total %.6e\n", maxv, total);
    for (i = 0; i < N; i = i + 12)
        printf("rowsum[%d] = %.6e\n", i, rowsum[i]);
    printf("rowsum[%d] = %.6e\n", N - 1, rowsum[N - 1]);
    return 0;
}
