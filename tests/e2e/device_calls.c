/* Functions called from parallel loops (they get device versions for the
 * GPU): a chain of calls, a static helper, one taking a pointer to a
 * private array, integer and floating math; cuda_block on a 2-D loop; a
 * row-aligned array written by a loop over rows with a step (whole rows:
 * the arrays are distributed by rows only). */
#include <math.h>
#include <stdio.h>

#define N 40
#define M 24
// TOLERANCE: 1e-12

#pragma dvm array distribute[block][*], shadow[1:1][1:1]
double u[N][M];
#pragma dvm array align([i][j] with u[i][j])
double f[N][M];
#pragma dvm array align([i] with u[i][])
double row_sum[N];

static double sq(double x)
{
    return x * x;
}

double energy(double a, double b)
{
    return sqrt(sq(a) + sq(b)) + fabs(a - b) * 0.5;
}

int collatz_steps(unsigned n)
{
    int s = 0;
    while (n != 1 && s < 200) {
        n = n % 2 ? 3 * n + 1 : n / 2;
        s++;
    }
    return s;
}

static double poly(const double *c, int n, double x)
{
    double r = 0;
    for (int k = n - 1; k >= 0; k--)
        r = r * x + c[k];
    return r;
}

int main(void)
{
    int i, j, it;
    long long steps = 0;
    double total = 0, c[3];
#pragma dvm region
    {
#pragma dvm parallel([i][j] on u[i][j]) cuda_block(16, 4)
        for (i = 0; i < N; i++)
            for (j = 0; j < M; j++) {
                u[i][j] = energy(i * 0.25, j * 0.5);
                f[i][j] = collatz_steps((unsigned)(i * M + j + 1));
            }
        for (it = 0; it < 3; it++) {
#pragma dvm parallel([i][j] on f[i][j]) shadow_renew(u) private(c)
            for (i = 1; i < N - 1; i++)
                for (j = 1; j < M - 1; j++) {
                    c[0] = u[i][j];
                    c[1] = 0.125 * (u[i - 1][j] + u[i + 1][j]);
                    c[2] = 0.0625 * (u[i][j - 1] + u[i][j + 1]);
                    f[i][j] = poly(c, 3, 0.5) + (it % 2 ? -1 : 1) * sq(0.01 * f[i][j]);
                }
#pragma dvm parallel([i][j] on u[i][j])
            for (i = 1; i < N - 1; i++)
                for (j = 1; j < M - 1; j++)
                    u[i][j] = 0.5 * (u[i][j] + f[i][j]);
        }
#pragma dvm parallel([i] on u[i][]) private(j)
        for (i = 0; i < N; i += 3) {
            double s = 0;
            for (j = 0; j < M; j++)
                s += u[i][j];
            row_sum[i] = s;
        }
#pragma dvm parallel([i][j] on u[i][j]) reduction(sum(steps), sum(total))
        for (i = 0; i < N; i++)
            for (j = 0; j < M; j++) {
                steps += collatz_steps((unsigned)(i + j + 7));
                total += u[i][j];
            }
    }
#pragma dvm get_actual(row_sum)
    for (i = 0; i < N; i += 9)
        printf("row %d: %.9f\n", i, row_sum[i]);
    printf("steps=%lld total=%.9f\n", steps, total);
    return 0;
}
